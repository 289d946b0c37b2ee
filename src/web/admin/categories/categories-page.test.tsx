import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { adminTestSetup, click, type } from '#web/test/admin.tsx';
import { errorBody, json, recordedApi } from '#web/test/api.ts';
import { buttonByText, byRole } from '#web/test/queries.ts';
import { waitFor } from '#web/test/render.tsx';
import { CategoriesPage } from './categories-page.tsx';
import { sampleCategory } from './test-fixtures.ts';

const ID = {
  boards: '00000000-0000-4000-8000-000000000001',
  arduino: '00000000-0000-4000-8000-000000000002',
  sensors: '00000000-0000-4000-8000-000000000003',
} as const;

const category = (key: keyof typeof ID, parent: keyof typeof ID | null, sort_order: number, extra = {}) =>
  sampleCategory(key, { id: ID[key], parent_id: parent ? ID[parent] : null, sort_order, ...extra });

const LIST = [
  category('boards', null, 0, { product_count: 3, active_product_count: 4, child_count: 1 }),
  category('arduino', 'boards', 0, { product_count: 1, active_product_count: 1, is_demo: true }),
  category('sensors', null, 1, { is_active: false }),
];

const { mount: mountScreen } = adminTestSetup();
/** Tests answer writes in `answers` ("METHOD /path"); GETs answer with the list and the stats. */
const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/admin/categories/stats') {
    return json({
      data: { total: 3, active: 2, inactive: 1, top_level: 2, empty: 1, uncategorised_products: 5, by_category: [] },
    });
  }
  if (path === 'GET /api/admin/categories') return json({ data: LIST });
  return errorBody('Not found', 404);
});

async function mount() {
  const root = await mountScreen(<CategoriesPage />);
  await waitFor(() => expect(root.querySelector('[data-category]')).not.toBeNull());
  return root;
}

const rowNames = (root: ParentNode) =>
  [...root.querySelectorAll('[data-category] .font-medium')].map((element) => element.textContent);
describe('CategoriesPage', () => {
  it('shows the tree nested, with counts, badges and the moves that are possible', async () => {
    const root = await mount();
    expect(root.querySelector('ul[aria-label="Sub-categories of Boards"]')?.textContent).toContain('Arduino');
    expect(root.textContent).toContain('3 products · 4 active incl. sub-categories');
    expect(root.textContent).toContain('Inactive');
    // Unchanged demo content is marked, nothing else.
    const badged = [...root.querySelectorAll('[data-category]')].filter((row) =>
      row.querySelector('p')?.textContent?.includes('Demo'),
    );
    expect(badged.map((row) => row.querySelector('.font-medium')?.textContent)).toEqual(['Arduino']);
    expect(buttonByText(root, 'Move Boards up')?.disabled).toBe(true);
    expect(buttonByText(root, 'Move Boards down')?.disabled).toBe(false);
    expect(buttonByText(root, 'Indent Sensors')?.disabled).toBe(false);
    expect(buttonByText(root, 'Outdent Arduino')?.disabled).toBe(false);
    expect(buttonByText(root, 'Outdent Boards')?.disabled).toBe(true);
    expect(buttonByText(root, 'Activate Sensors')).toBeTruthy();
    await waitFor(() => expect(root.textContent).toContain('Uncategorised products5'));
  });

  it('sends a move as categoryOrders and shows it before the server answers', async () => {
    let release: () => void = () => {};
    const moved = [LIST[2], LIST[0], LIST[1]].map((c, i) => ({ ...c, sort_order: i === 2 ? 0 : i }));
    answers['POST /api/admin/categories/reorder'] = () =>
      new Promise((resolve) => {
        release = () => resolve(json({ data: moved }));
      });
    const root = await mount();
    await click(buttonByText(root, 'Move Sensors up'));
    await waitFor(() => expect(rowNames(root)).toEqual(['Sensors', 'Boards', 'Arduino']));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      categoryOrders: [
        { id: ID.sensors, sort_order: 0, parent_id: null },
        { id: ID.boards, sort_order: 1 },
      ],
    });
    await act(async () => release());
  });

  it('sends quick moves one at a time, keeping the later ones on screen meanwhile', async () => {
    const pending: Array<(list: AdminCategory[]) => void> = [];
    answers['POST /api/admin/categories/reorder'] = () =>
      new Promise((resolve) => pending.push((list) => resolve(json({ data: list }))));
    const root = await mount();
    const [boards, arduino, sensors] = LIST as [AdminCategory, AdminCategory, AdminCategory];
    await click(buttonByText(root, 'Move Sensors up'));
    await waitFor(() => expect(rowNames(root)).toEqual(['Sensors', 'Boards', 'Arduino']));
    await click(buttonByText(root, 'Indent Boards'));
    await waitFor(() => expect(root.querySelector('ul[aria-label="Sub-categories of Sensors"]')).not.toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    // The first answer (only the first move) must not undo the second, still queued.
    await act(async () => pending[0]?.([{ ...sensors, sort_order: 0 }, { ...boards, sort_order: 1 }, arduino]));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(root.querySelector('ul[aria-label="Sub-categories of Sensors"]')?.textContent).toContain('Boards');
    expect(calls.filter((call) => call.method === 'POST')[1]?.body).toEqual({
      categoryOrders: [
        { id: ID.sensors, sort_order: 0 },
        { id: ID.boards, sort_order: 0, parent_id: ID.sensors },
      ],
    });
    await act(async () => pending[1]?.(LIST));
  });

  it('rolls a refused move back', async () => {
    let refuse: () => void = () => {};
    answers['POST /api/admin/categories/reorder'] = () =>
      new Promise((resolve) => {
        refuse = () =>
          resolve(json({ message: 'Too deep', statusCode: 400, code: 'VALIDATION_ERROR', errors: [] }, 400));
      });
    const root = await mount();
    const children = () => root.querySelector('ul[aria-label="Sub-categories of Boards"]')?.textContent;
    await click(buttonByText(root, 'Indent Sensors'));
    await waitFor(() => expect(children()).toContain('Sensors'));
    await act(async () => refuse());
    await waitFor(() => expect(children()).not.toContain('Sensors'));
    expect(rowNames(root)).toEqual(['Boards', 'Arduino', 'Sensors']);
  });

  it('asks where the products and sub-categories go before deleting a full category', async () => {
    answers[`DELETE /api/admin/categories/${ID.boards}`] = () => new Response(null, { status: 204 });
    const root = await mount();
    await click(buttonByText(root, 'Delete Boards'));
    const dialog = byRole(document, 'dialog');
    expect(dialog?.textContent).toContain('It has 3 products and 1 sub-category');
    const select = dialog?.querySelector('select') as HTMLSelectElement;
    // Its own subtree is not a place to move things to.
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Choose…',
      'No category (products uncategorised, sub-categories top level)',
      'Sensors',
    ]);
    await type(select, 'none');
    await click(dialog?.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/admin/categories/${ID.boards}?move_to=none`);
  });

  it('deletes an empty category after a plain confirm', async () => {
    answers[`DELETE /api/admin/categories/${ID.sensors}`] = () => new Response(null, { status: 204 });
    const root = await mount();
    await click(buttonByText(root, 'Delete Sensors'));
    const dialog = byRole(document, 'dialog');
    expect(dialog?.textContent).toContain('It has no products and no sub-categories');
    await click(buttonByText(dialog ?? document, 'Delete category'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/admin/categories/${ID.sensors}`);
  });

  it('asks for a move when the server still refuses a plain delete', async () => {
    answers[`DELETE /api/admin/categories/${ID.sensors}`] = () =>
      json({ message: 'Sensors has 2 products', statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    const root = await mount();
    await click(buttonByText(root, 'Delete Sensors'));
    const confirm = byRole(document, 'dialog');
    await click(buttonByText(confirm ?? document, 'Delete category'));
    await waitFor(() =>
      expect(byRole(byRole(document, 'dialog') ?? document, 'alert')?.textContent).toBe('Sensors has 2 products'),
    );
    expect(document.querySelector('dialog[open] select')).not.toBeNull();
  });

  it('creates a category and puts a slug conflict on the slug field', async () => {
    answers['POST /api/admin/categories'] = () =>
      json({ message: 'A category with this slug already exists', statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    const root = await mount();
    await click(buttonByText(root, 'New category'));
    const dialog = byRole(document, 'dialog') as HTMLDialogElement;
    const parent = dialog.querySelector('select') as HTMLSelectElement;
    expect([...parent.options].map((option) => option.textContent)).toEqual([
      'None (top level)',
      'Boards',
      '— Arduino',
      'Sensors',
    ]);
    const name = dialog.querySelector('input[name="name"]') as HTMLInputElement;
    await type(name, 'Boards');
    await act(async () => {
      (dialog.querySelector('form') as HTMLFormElement).requestSubmit();
    });
    await waitFor(() => expect(dialog.textContent).toContain('A category with this slug already exists'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Boards',
      description: '',
      parent_id: null,
      is_active: true,
    });
    expect(dialog.querySelector('input[name="slug"]')?.getAttribute('aria-invalid')).toBe('true');
  });
});
