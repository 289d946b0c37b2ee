import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProductCreate } from '#shared/contracts/admin-products.ts';
import { adminTestSetup, click, fieldLabelled } from '#web/test/admin.tsx';
import { waitFor } from '#web/test/render.tsx';
import { ProductForm } from './product-form.tsx';
import { toVariantRow } from './product-form-values.ts';
import { PI_IMAGES, variantId, variantProduct } from './test-fixtures.ts';
import { combinations, generateRows, rowFits } from './variant-rows.ts';

const COLOR = { name: 'Color', options: ['Black', 'White'] };
const MEMORY = { name: 'Memory', options: ['4 GB', '8 GB'] };

describe('variant rows (decision 012 §7)', () => {
  it('makes every combination, first variation slowest, ignoring blank names and values', () => {
    expect(combinations([MEMORY, COLOR, { name: ' ', options: ['x'] }, { name: 'Case', options: [' '] }])).toEqual([
      { Memory: '4 GB', Color: 'Black' },
      { Memory: '4 GB', Color: 'White' },
      { Memory: '8 GB', Color: 'Black' },
      { Memory: '8 GB', Color: 'White' },
    ]);
  });

  it('a row fits when it names every variation once with a current value', () => {
    expect(rowFits({ Memory: '8 GB', Color: 'White' }, [MEMORY, COLOR])).toBe(true);
    expect(rowFits({ Color: 'White', Memory: '8 GB' }, [MEMORY, COLOR])).toBe(true);
    expect(rowFits({ Memory: '8 GB' }, [MEMORY, COLOR])).toBe(false);
    expect(rowFits({ Memory: '16 GB', Color: 'White' }, [MEMORY, COLOR])).toBe(false);
    expect(rowFits({}, [])).toBe(false);
  });

  it('generate keeps fitting rows first, in their order, then the missing combinations at the headline price', () => {
    const rows = variantProduct().variants.map(toVariantRow).reverse(); // 8 GB, 4 GB, 2 GB
    const result = generateRows(rows, [{ name: 'Memory', options: ['4 GB', '8 GB', '16 GB'] }], {
      price: '35',
      low_stock_threshold: '3',
    });
    if ('error' in result) throw new Error(result.error);
    expect(result.rows.map((row) => [row.variant_id, row.options.Memory, row.price, row.stock_quantity])).toEqual([
      [variantId(3), '8 GB', '75', '0'],
      [variantId(2), '4 GB', '55', '10'],
      ['', '16 GB', '35', '0'],
    ]);
    expect(result.rows[2]).toMatchObject({ sku: '', low_stock_threshold: '3', image: '', is_active: true });
  });

  it('refuses above 100 combinations and without any variation', () => {
    const many = (name: string, n: number) => ({ name, options: Array.from({ length: n }, (_, i) => `${name}${i}`) });
    expect(
      generateRows([], [many('A', 10), many('B', 10)], { price: '1', low_stock_threshold: '5' }),
    ).not.toHaveProperty('error');
    expect(generateRows([], [many('A', 12), many('B', 10)], { price: '1', low_stock_threshold: '5' })).toEqual({
      error: 'At most 100 variants: 120 combinations',
    });
    expect(generateRows([], [], { price: '1', low_stock_threshold: '5' })).toHaveProperty('error');
  });
});

describe('VariantGrid', () => {
  const { mount } = adminTestSetup();

  it('moves a row, picks its photo among the product images and deactivates it; the save carries all three', async () => {
    const sent: ProductCreate[] = [];
    const product = variantProduct();
    const root = await mount(
      <ProductForm
        product={product}
        categories={[]}
        onSave={async (values) => {
          sent.push(values);
          return product;
        }}
      />,
    );
    const row = (label: string) => root.querySelector(`ul[aria-label="Variants"] > li[aria-label="${label}"]`);
    // The photo choice shows the product's images as thumbnails; 8 GB has the second one.
    const eight = row('8 GB');
    expect([...(eight?.querySelectorAll('img') ?? [])].map((img) => img.getAttribute('src'))).toEqual(PI_IMAGES);
    expect(fieldLabelled<HTMLInputElement>(root, '8 GB: image 2')?.checked).toBe(true);

    await click(root.querySelector('button[aria-label="Move 8 GB up"]'));
    await click(root.querySelector('button[aria-label="Move 8 GB up"]'));
    expect(root.querySelector('button[aria-label="Move 8 GB up"]')?.hasAttribute('disabled')).toBe(true);
    await click(fieldLabelled(root, '4 GB: image 2'));
    await click(root.querySelector('input[aria-label="2 GB active"]'));

    await act(async () => {
      root.querySelector('form')?.requestSubmit();
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variants?.map((v) => [v.options.Memory, v.sort_order, v.image, v.is_active])).toEqual([
      ['8 GB', 0, PI_IMAGES[1], true],
      ['2 GB', 1, null, false],
      ['4 GB', 2, PI_IMAGES[1], true],
    ]);
  });

  it('an inactive variant stays in the grid, shown unticked', async () => {
    const product = variantProduct();
    const variants = product.variants.map((v, i) => (i === 0 ? { ...v, is_active: false } : v));
    const root = await mount(
      <ProductForm product={{ ...product, variants }} categories={[]} onSave={async () => product} />,
    );
    expect(root.querySelector<HTMLInputElement>('input[aria-label="2 GB active"]')?.checked).toBe(false);
    expect(root.querySelector<HTMLInputElement>('input[aria-label="4 GB active"]')?.checked).toBe(true);
  });
});
