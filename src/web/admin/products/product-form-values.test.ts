import { describe, expect, it } from 'vitest';
import { toFormValues } from './product-form-values.ts';
import { adminProduct, MEMORY, sharedStockProduct, variant, variantId, variantProduct } from './test-fixtures.ts';

/**
 * Variants that orders refer to are kept inactive, never deleted (decision 012 §1): after a split
 * the old default stays beside the combinations, after a merge back the combinations stay beside
 * the default. The editor must open in the mode the ACTIVE variants describe, or saving would drop
 * the variants the product sells.
 */
describe('toFormValues with variants kept for their orders', () => {
  it('a default sold again after a merge back: the single price fields, not a grid of old combinations', () => {
    const merged = adminProduct({
      variations: [MEMORY],
      variants: [
        variant({ id: variantId(0), sku: 'RPI4', price: 40, stock_quantity: 9 }),
        variant({ id: variantId(1), sku: 'RPI4-2-GB', options: { Memory: '2 GB' }, price: 35, is_active: false }),
      ],
    });
    const values = toFormValues(merged);
    expect(values.variants).toEqual([]);
    expect(values).toMatchObject({ price: '40', stock_quantity: '9' });
  });

  it('combinations sold after a split: the grid holds them, not the old default kept inactive', () => {
    const split = variantProduct();
    split.variants.push(variant({ id: variantId(9), sku: 'RPI4', price: 30, is_active: false }));
    const values = toFormValues(split);
    expect(values.variants.map((row) => row.variant_id)).toEqual([variantId(1), variantId(2), variantId(3)]);
  });

  it('a shared-stock product keeps the single fields', () => {
    expect(toFormValues(sharedStockProduct()).variants).toEqual([]);
  });
});
