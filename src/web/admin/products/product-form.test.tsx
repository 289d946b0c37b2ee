import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdminProduct, DEFAULT_VARIANT_FIELDS, type ProductCreate } from '#shared/contracts/admin-products.ts';
import { adminTestSetup, click, fieldLabelled as fieldLabelledIn } from '#web/test/admin.tsx';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ProductForm } from './product-form.tsx';
import { adminProduct, PI_IMAGES, sharedStockProduct, variantId, variantProduct } from './test-fixtures.ts';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

function fieldLabelled(container: HTMLElement, label: string): HTMLInputElement {
  const element = [...container.querySelectorAll('label')].find((item) => item.textContent?.startsWith(label));
  const input = element?.htmlFor ? container.ownerDocument.getElementById(element.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
  return input;
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** A new product's form on its own (no editor page around it); `onSave` gets what a save would send. */
async function mountNewForm(onSave = async (_values: ProductCreate) => ({}) as AdminProduct) {
  view = await render(
    <MemoryRouter>
      <ProductForm categories={[]} onSave={onSave} />
    </MemoryRouter>,
  );
  return view.container;
}

describe('ProductForm: max per order (issue 18)', () => {
  it('has a labelled field, 10 for a new product, sent as a number', async () => {
    const saved: ProductCreate[] = [];
    const onSave = async (values: ProductCreate) => {
      saved.push(values);
      return { ...values, id: 'p1' } as unknown as AdminProduct;
    };
    const container = await mountNewForm(onSave);
    const field = fieldLabelled(container, 'Max per order');
    expect(field.value).toBe('10');

    await type(fieldLabelled(container, 'Name'), 'Heat Gun');
    await type(fieldLabelled(container, 'Price'), '45');
    await type(field, '3');
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'Heat Gun', price: 45, max_per_order: 3 });
  });

  it('refuses 0 with the contract message on the field', async () => {
    const container = await mountNewForm();
    await type(fieldLabelled(container, 'Name'), 'Heat Gun');
    await type(fieldLabelled(container, 'Price'), '45');
    await type(fieldLabelled(container, 'Max per order'), '0');
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    await waitFor(() => expect(container.textContent).toContain('Max per order must be at least 1'));
  });
});

describe('ProductForm: specification and variation rows (issue 19)', () => {
  it('labels each input of a row, so the stacked rows on a phone say what they hold', async () => {
    const container = await mountNewForm();
    const add = (text: string) =>
      act(async () => {
        [...container.querySelectorAll('button')].find((button) => button.textContent === text)?.click();
      });
    await add('Add specification');
    await add('Add variation');
    const rowLabels = [...container.querySelectorAll('li label')].map((label) => [
      label.textContent,
      container.ownerDocument.getElementById(label.getAttribute('for') ?? '')?.tagName,
    ]);
    expect(rowLabels).toEqual([
      ['Specification 1 Name', 'INPUT'],
      ['Specification 1 Value', 'INPUT'],
      ['Variation 1 Name', 'INPUT'],
      ['Variation 1 Options, separated by commas', 'INPUT'],
    ]);
    // The row number is for screen readers; the eye sees "Name", "Value" above each input.
    expect(container.querySelector('li label .sr-only')?.textContent).toBe('Specification 1 ');
    expect(container.querySelector('button[aria-label="Remove variation 1"]')).not.toBeNull();
  });
});

describe('ProductForm: variants (decision 012 §7)', () => {
  const { toasts, mount } = adminTestSetup();

  /** The form with `product`; Save resolves with `answer(sent)` (the product itself by default). */
  async function mountForm(product?: AdminProduct, answer?: (sent: ProductCreate) => AdminProduct) {
    const sent: Array<Record<string, unknown>> = [];
    const root = await mount(
      <ProductForm
        product={product}
        categories={[]}
        onSave={async (values) => {
          // What goes over the wire: JSON drops the fields left undefined.
          sent.push(JSON.parse(JSON.stringify(values)));
          return answer ? answer(values) : (product ?? adminProduct());
        }}
      />,
    );
    return { root, sent };
  }
  const button = (root: ParentNode, text: string) =>
    [...root.querySelectorAll('button')].find((item) => item.textContent?.trim() === text);
  const save = (root: HTMLElement) =>
    act(async () => {
      root.querySelector('form')?.requestSubmit();
    });
  const rowsOf = (root: ParentNode) => [...root.querySelectorAll('ul[aria-label="Variants"] > li')];
  const rowField = (root: ParentNode, row: string, label: string) => must(root, `${row} ${label}`);
  function must(root: ParentNode, label: string): HTMLInputElement {
    const input = fieldLabelledIn<HTMLInputElement>(root, label);
    if (!input) throw new Error(`no field labelled ${label}`);
    return input;
  }

  it('a product without variations edits its default variant and saves the fields at the top level', async () => {
    const { root, sent } = await mountForm(adminProduct());
    expect(fieldLabelled(root, 'Price').value).toBe('35');
    expect(fieldLabelled(root, 'Cost price').value).toBe('20');
    expect(fieldLabelled(root, 'Units in stock').value).toBe('12');
    expect(root.textContent).not.toContain('share one stock');
    expect(root.querySelector('ul[aria-label="Variants"]')).toBeNull();
    await type(fieldLabelled(root, 'Units in stock'), '9');
    await save(root);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ price: 35, cost_price: 20, stock_quantity: 9, low_stock_threshold: 5 });
    expect(sent[0]).not.toHaveProperty('variants');
  });

  it('options sharing one stock show the notice; giving each its own price makes the grid from the headline price', async () => {
    const { root, sent } = await mountForm(sharedStockProduct());
    expect(root.textContent).toContain('These options share one stock and price');
    // Shared stock: the product's own price and stock fields are still there.
    expect(fieldLabelled(root, 'Units in stock').value).toBe('12');

    await click(button(root, 'Give each option its own price and stock'));
    expect(rowsOf(root).map((row) => row.getAttribute('aria-label'))).toEqual(['2 GB', '4 GB', '8 GB']);
    expect(rowField(root, '8 GB', 'Price').value).toBe('35');
    expect(rowField(root, '8 GB', 'Stock').value).toBe('0');
    expect(rowField(root, '8 GB', 'SKU').value).toBe('');
    // Price and stock now live in the grid.
    expect(fieldLabelledIn(root, 'Units in stock')).toBeNull();
    expect(root.textContent).not.toContain('These options share one stock and price');

    await type(rowField(root, '8 GB', 'Price'), '75');
    await save(root);
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as Record<string, unknown>;
    for (const key of DEFAULT_VARIANT_FIELDS) expect(body).not.toHaveProperty(key);
    expect(body.variants).toEqual([
      expect.objectContaining({ options: { Memory: '2 GB' }, price: 35, stock_quantity: 0, sort_order: 0 }),
      expect.objectContaining({ options: { Memory: '4 GB' }, price: 35, stock_quantity: 0, sort_order: 1 }),
      expect.objectContaining({ options: { Memory: '8 GB' }, price: 75, stock_quantity: 0, sort_order: 2 }),
    ]);
    // New rows: no id, and no SKU (the server makes RPI4-8-GB).
    for (const row of body.variants as Array<Record<string, unknown>>) {
      expect(row).not.toHaveProperty('id');
      expect(row).not.toHaveProperty('sku');
    }
  });

  it('set all prices and set all stock fill every row; save sends the whole set with ids and no top-level price', async () => {
    const { root, sent } = await mountForm(variantProduct());
    expect(rowsOf(root)).toHaveLength(3);
    expect(rowField(root, '4 GB', 'Price').value).toBe('55');
    expect(rowField(root, '8 GB', 'Compare-at').value).toBe('89');

    await type(must(root, 'Price for every variant'), '49.90');
    await click(button(root, 'Set all prices'));
    await type(must(root, 'Stock for every variant'), '4');
    await click(button(root, 'Set all stock'));
    expect(rowsOf(root).map((row) => rowField(row, row.getAttribute('aria-label') ?? '', 'Price').value)).toEqual([
      '49.90',
      '49.90',
      '49.90',
    ]);
    // 89 is still above 49.90, so the compare-at stays valid.
    await save(root);
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as { variants: Array<Record<string, unknown>> } & Record<string, unknown>;
    for (const key of DEFAULT_VARIANT_FIELDS) expect(body).not.toHaveProperty(key);
    expect(body.variants).toEqual([
      expect.objectContaining({ id: variantId(1), sku: 'RPI4-2-GB', price: 49.9, stock_quantity: 4, sort_order: 0 }),
      expect.objectContaining({ id: variantId(2), sku: 'RPI4-4-GB', price: 49.9, stock_quantity: 4, sort_order: 1 }),
      expect.objectContaining({
        id: variantId(3),
        price: 49.9,
        compare_at_price: 89,
        image: PI_IMAGES[1],
        stock_quantity: 4,
        sort_order: 2,
      }),
    ]);
  });

  it('generate keeps the rows that still exist, adds the new combinations, drops removed values; a deactivated row is announced', async () => {
    const product = variantProduct();
    const { root, sent } = await mountForm(product, (values) => {
      // The server keeps 2 GB as inactive: orders refer to it.
      const two = product.variants[0] as AdminProduct['variants'][number];
      return variantProduct({
        variations: values.variations,
        variants: [...product.variants.slice(1), { ...two, is_active: false, sort_order: 3 }],
      });
    });
    await type(rowField(root, '4 GB', 'Stock'), '7');
    await type(fieldLabelled(root, 'Variation 1 Options'), '4 GB, 8 GB, 16 GB');
    // 2 GB no longer fits: marked, and left out of the save.
    expect(rowsOf(root)[0]?.textContent).toContain('removed on save');
    await click(button(root, 'Generate variants'));
    expect(rowsOf(root).map((row) => row.getAttribute('aria-label'))).toEqual(['4 GB', '8 GB', '16 GB']);
    expect(rowField(root, '4 GB', 'Stock').value).toBe('7');
    expect(rowField(root, '16 GB', 'Price').value).toBe('35');

    await save(root);
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as { variants: Array<Record<string, unknown>> };
    expect(body.variants.map((row) => [row.id, (row.options as Record<string, string>).Memory])).toEqual([
      [variantId(2), '4 GB'],
      [variantId(3), '8 GB'],
      [undefined, '16 GB'],
    ]);
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('2 GB was deactivated instead of deleted'));
  });

  it('back to one price and stock: a product that had variants saves one default variant as the whole set', async () => {
    const { root, sent } = await mountForm(variantProduct());
    await click(button(root, 'Use one price and stock for every option'));
    expect(root.textContent).toContain('These options share one stock and price');
    // The fields start from the headline price and the summed stock.
    expect(fieldLabelled(root, 'Price').value).toBe('35');
    expect(fieldLabelled(root, 'Units in stock').value).toBe('13');
    await save(root);
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0] as Record<string, unknown>;
    for (const key of DEFAULT_VARIANT_FIELDS) expect(body).not.toHaveProperty(key);
    expect(body.variants).toEqual([
      {
        options: {},
        price: 35,
        compare_at_price: null,
        cost_price: 20,
        stock_quantity: 13,
        low_stock_threshold: 5,
        image: null,
        is_active: true,
        sort_order: 0,
      },
    ]);
  });

  it('refuses more than 100 combinations with the count', async () => {
    const letters = Array.from({ length: 12 }, (_, i) => `L${i + 1}`);
    const digits = Array.from({ length: 10 }, (_, i) => `D${i + 1}`);
    const { root } = await mountForm(
      adminProduct({
        variations: [
          { name: 'Letter', options: letters },
          { name: 'Digit', options: digits },
        ],
      }),
    );
    await click(button(root, 'Give each option its own price and stock'));
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('At most 100 variants: 120 combinations');
    expect(rowsOf(root)).toHaveLength(0);
  });

  it('a row refused by the schema shows the message on that row, even after an earlier row was dropped', async () => {
    const { root, sent } = await mountForm(variantProduct());
    await type(fieldLabelled(root, 'Variation 1 Options'), '4 GB, 8 GB');
    await type(rowField(root, '8 GB', 'Compare-at'), '60');
    await save(root);
    await waitFor(() => expect(root.textContent).toContain('Compare-at price must be above the price'));
    const error = rowsOf(root)[2]?.querySelector('[aria-invalid="true"]');
    expect(error?.id).toBe(rowField(root, '8 GB', 'Compare-at').id);
    expect(sent).toHaveLength(0);
  });
});
