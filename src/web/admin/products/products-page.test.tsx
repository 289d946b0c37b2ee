import { describe, expect, it } from 'vitest';
import { adminTestSetup } from '#web/test/admin.tsx';
import { json, stubApi } from '#web/test/api.ts';
import { waitFor } from '#web/test/render.tsx';
import { ProductsPage } from './products-page.tsx';
import { adminProduct, PI_ID, PI_IMAGES, variant, variantId, variantProduct } from './test-fixtures.ts';

const PAGINATION = { page: 1, limit: 20, total: 2, totalPages: 1, hasNext: false, hasPrev: false };
const { mount } = adminTestSetup();

const PLAIN = adminProduct({
  id: '00000000-0000-4000-8000-0000000000d2',
  name: 'Jumper Wires',
  sku: 'JW-40',
  price: 4.5,
  price_max: 4.5,
  images: [],
  stock_quantity: 2,
  stock_state: 'low',
  variants: [variant({ id: variantId(9), sku: 'JW-40', price: 4.5, stock_quantity: 2 })],
});

function stub(products = [variantProduct(), PLAIN]) {
  return stubApi({
    'GET /api/admin/products': () => json({ data: products, pagination: PAGINATION }),
    'GET /api/admin/categories': () => json({ data: [] }),
  });
}

const rowOf = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('tbody tr')].find((row) => row.textContent?.includes(text));

describe('ProductsPage with variants (decision 012 §7)', () => {
  it('shows a price range when the variants differ, the summed stock and the server’s stock state', async () => {
    stub();
    const root = await mount(<ProductsPage />, '/admin/products');
    await waitFor(() => expect(root.querySelector('tbody')).not.toBeNull());
    const pi = rowOf(root, 'Raspberry Pi 4 Model B');
    expect(pi?.textContent).toContain('$35.00 – $75.00');
    // 3 + 10 + 0 over the variants, low because 2 GB is at its threshold.
    expect(pi?.textContent).toContain('13');
    expect(pi?.textContent).toContain('Low');
    const plain = rowOf(root, 'Jumper Wires');
    expect(plain?.textContent).toContain('$4.50');
    expect(plain?.textContent).not.toContain('–');
  });

  it('the low-stock view lists the low and out variants by name and options, with stock and threshold', async () => {
    const calls = stub();
    const root = await mount(<ProductsPage />, '/admin/products?stock=low');
    await waitFor(() => expect(root.querySelector('tbody')).not.toBeNull());
    expect(new URL(calls[0]?.url ?? '', 'http://x').searchParams.get('stock')).toBe('low');
    expect(root.querySelector('h1')?.textContent).toBe('Low stock');
    const rows = [...root.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim()),
    );
    // 4 GB has 10 (above 5): not listed. The default variant of a plain product reads as the product.
    expect(rows).toEqual([
      ['Raspberry Pi 4 Model B (2 GB)Raspberry Pi', 'RPI4-2-GB', '3Low', '5', 'Active'],
      ['Raspberry Pi 4 Model B (8 GB)Raspberry Pi', 'RPI4-8-GB', '0Out', '5', 'Active'],
      ['Jumper WiresRaspberry Pi', 'JW-40', '2Low', '5', 'Active'],
    ]);
    // The 8 GB row shows its own photo; each row opens its product.
    expect(rowOf(root, '(8 GB)')?.querySelector('img')?.getAttribute('src')).toBe(PI_IMAGES[1]);
    expect(rowOf(root, '(2 GB)')?.querySelector('a')?.getAttribute('href')).toBe(`/admin/products/${PI_ID}`);
    // No row checkboxes: the bulk actions act on whole products, not on one variant.
    expect(root.querySelector('tbody input[type="checkbox"]')).toBeNull();
  });
});
