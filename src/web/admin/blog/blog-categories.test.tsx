import { act } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, categoryHasPostsMessage } from '#shared/blog.ts';
import { adminTestSetup, click, fieldLabelled, type } from '#web/test/admin.tsx';
import { errorBody, json, recordedApi } from '#web/test/api.ts';
import { waitFor } from '#web/test/render.tsx';
import { BlogCategoriesPage } from './blog-categories-page.tsx';
import { GUIDES, NEWS } from './test-fixtures.ts';

const DRAFTS_ONLY = {
  ...NEWS,
  id: '30000000-0000-4000-8000-000000000003',
  name: 'Projects',
  slug: 'projects',
  sort_order: 2,
};

const { toasts, mount: mountScreen } = adminTestSetup();

const { calls, answers } = recordedApi((path) => {
  if (path === 'GET /api/blogs/admin/categories') return json({ data: [GUIDES, NEWS, DRAFTS_ONLY] });
  return errorBody('Not found', 404);
});

const mount = () =>
  mountScreen(
    <Routes>
      <Route path="/admin/blog/categories" element={<BlogCategoriesPage />} />
    </Routes>,
    '/admin/blog/categories',
  );
const openDialog = (root: ParentNode, title: string) =>
  [...root.querySelectorAll('dialog')].find((item) => item.open && item.textContent?.includes(title));
const submit = (dialog: Element | undefined) => act(async () => dialog?.querySelector('form')?.requestSubmit());

describe('BlogCategoriesPage', () => {
  it('lists the categories with slug, parent, posts, order and state', async () => {
    const root = await mount();
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(3));
    const first = [...(root.querySelector('tbody tr')?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(first.slice(0, 5)).toEqual(['Guidesguides', '—', '2', '0', 'Active']);
  });

  it('creates a category in the dialog and shows a taken slug under the slug', async () => {
    let answer = () =>
      json({ message: BLOG_MESSAGES.categorySlugTaken, statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    answers['POST /api/blogs/admin/categories'] = () => answer();
    const root = await mount();
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
    await click([...root.querySelectorAll('button')].find((button) => button.textContent === 'New category'));
    const dialog = openDialog(root, 'New blog category');
    if (!dialog) throw new Error('no dialog');
    await type(fieldLabelled(dialog, 'Name'), 'Reviews');
    await type(fieldLabelled(dialog, 'Slug'), 'guides');
    await type(fieldLabelled<HTMLSelectElement>(dialog, 'Parent'), GUIDES.id);
    await type(fieldLabelled(dialog, 'Order'), '5');
    await submit(dialog);
    await waitFor(() => expect(dialog.textContent).toContain(BLOG_MESSAGES.categorySlugTaken));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Reviews',
      slug: 'guides',
      description: '',
      parent_id: GUIDES.id,
      sort_order: 5,
      is_active: true,
    });
    answer = () => json({ data: { ...NEWS, id: 'new', name: 'Reviews' } }, 201);
    await type(fieldLabelled(dialog, 'Slug'), 'reviews');
    await submit(dialog);
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Reviews created'));
  });

  it('asks where the posts go when the server says the category still has some (409), then deletes with move_to', async () => {
    answers[`DELETE /api/blogs/admin/categories/${DRAFTS_ONLY.id}`] = (call) =>
      call.url.includes('move_to=')
        ? new Response(null, { status: 204 })
        : json({ message: categoryHasPostsMessage(2), statusCode: 409, code: 'CONFLICT', errors: [] }, 409);
    const root = await mount();
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
    // No public posts: a plain confirm first (drafts are not in the count).
    await click(root.querySelector('[aria-label="Delete Projects"]'));
    await submit(openDialog(root, 'Delete Projects?'));
    await waitFor(() => expect(openDialog(root, 'Choose the category they move to')).toBeDefined());
    const dialog = openDialog(root, 'Choose the category they move to');
    expect(dialog?.textContent).toContain(categoryHasPostsMessage(2));
    const target = fieldLabelled<HTMLSelectElement>(dialog ?? root, 'Move the posts to');
    expect([...(target?.options ?? [])].map((option) => option.value)).toEqual(['', GUIDES.id, NEWS.id]);
    await type(target, NEWS.id);
    await submit(dialog);
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Projects deleted'));
    const deletes = calls.filter((call) => call.method === 'DELETE').map((call) => call.url);
    expect(deletes).toEqual([
      `/api/blogs/admin/categories/${DRAFTS_ONLY.id}`,
      `/api/blogs/admin/categories/${DRAFTS_ONLY.id}?move_to=${NEWS.id}`,
    ]);
  });

  it('asks for the move at once for a category with public posts', async () => {
    const root = await mount();
    await waitFor(() => expect(root.querySelector('tbody tr')).not.toBeNull());
    await click(root.querySelector('[aria-label="Delete Guides"]'));
    const dialog = openDialog(root, 'Choose the category they move to');
    expect(dialog?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
