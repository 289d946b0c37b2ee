import { describe, expect, it } from 'vitest';
import { type ProductVariantWrite, ProductVariantWriteSchema } from '#shared/contracts/admin-products.ts';
import {
  COMBINATION_KEPT_MESSAGE,
  DEFAULT_NOT_ALONE_MESSAGE,
  DEFAULT_VARIANT_SKU_MESSAGE,
  DUPLICATE_COMBINATION_MESSAGE,
  DUPLICATE_VARIANT_SKU_MESSAGE,
  fitsVariations,
  headlineOf,
  keptCombinationProblems,
  matchStoredRows,
  PRODUCT_SKU_ON_VARIANT_MESSAGE,
  planVariantWrite,
  REPEATED_VARIANT_MESSAGE,
  resolveVariantSkus,
  type StoredVariant,
  TOO_MANY_VARIANTS_MESSAGE,
  UNKNOWN_VARIANT_MESSAGE,
  VARIANT_IMAGE_MESSAGE,
  variantSetProblems,
} from './product-variant-rules.ts';

const MEMORY = { name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] };
const COLOR = { name: 'Color', options: ['Black', 'White'] };
const IMAGES = ['/uploads/a.webp', '/uploads/b.webp'];
const context = { variations: [MEMORY], images: IMAGES, productSku: 'RPI4' };

const variant = (fields: Partial<ProductVariantWrite> & { options: Record<string, string> }): ProductVariantWrite =>
  ProductVariantWriteSchema.parse({ price: 10, ...fields });
const memory = (value: string, fields: Partial<ProductVariantWrite> = {}) =>
  variant({ options: { Memory: value }, ...fields });
const stored = (
  id: string,
  sku: string,
  options: Record<string, string>,
  hasOrders = false,
  isActive = true,
): StoredVariant => ({ id, sku, options, isActive, hasOrders });

describe('variantSetProblems (decision 012 §1 shape rule)', () => {
  it('accepts one default variant, with or without variations (shared stock)', () => {
    expect(variantSetProblems([variant({ options: {} })], context)).toEqual([]);
    expect(variantSetProblems([variant({ options: {} })], { variations: [], images: [] })).toEqual([]);
  });

  it('accepts one variant per combination, in any key order', () => {
    const set = [
      variant({ options: { Memory: '2 GB', Color: 'Black' } }),
      variant({ options: { Color: 'White', Memory: '2 GB' } }),
      variant({ options: { Memory: '8 GB', Color: 'Black' }, image: IMAGES[1] as string }),
    ];
    expect(variantSetProblems(set, { variations: [MEMORY, COLOR], images: IMAGES })).toEqual([]);
  });

  it('refuses an active default variant beside other active ones', () => {
    expect(variantSetProblems([memory('2 GB'), variant({ options: {} })], context)).toEqual([
      { path: 'variants.1.options', message: DEFAULT_NOT_ALONE_MESSAGE },
    ]);
    expect(DEFAULT_NOT_ALONE_MESSAGE).toBe('A variant without options must be the only active variant');
  });

  it('counts active rows only: an inactive default beside combinations, inactive combinations beside a default', () => {
    const oldDefault = variant({ options: {}, is_active: false });
    expect(variantSetProblems([oldDefault, memory('2 GB'), memory('4 GB')], context)).toEqual([]);
    expect(
      variantSetProblems([variant({ options: {} }), memory('2 GB', { is_active: false })], context, [null, null]),
    ).toEqual([]);
    // Two defaults are one combination twice, active or not.
    expect(variantSetProblems([oldDefault, variant({ options: {} })], context)).toEqual([
      { path: 'variants.1.options', message: DUPLICATE_COMBINATION_MESSAGE },
    ]);
  });

  it('keeps an inactive row whose value was removed, as stored; a new or changed one must fit', () => {
    const fewer = { variations: [{ name: 'Memory', options: ['4 GB', '8 GB'] }], images: [] };
    const gone = memory('2 GB', { is_active: false });
    expect(variantSetProblems([memory('4 GB'), gone], fewer, [null, { Memory: '2 GB' }])).toEqual([]);
    const problem = [{ path: 'variants.1.options.Memory', message: 'Memory: choose one of 4 GB, 8 GB' }];
    expect(variantSetProblems([memory('4 GB'), gone], fewer, [null, null])).toEqual(problem);
    expect(variantSetProblems([memory('4 GB'), gone], fewer, [null, { Memory: '8 GB' }])).toEqual(problem);
    // Active again, it must fit like any other.
    expect(variantSetProblems([memory('4 GB'), memory('2 GB')], fewer, [null, { Memory: '2 GB' }])).toEqual(problem);
  });

  it('names the missing or wrong value with the values to choose from', () => {
    const problems = variantSetProblems(
      [variant({ options: { Memory: '16 GB' } }), variant({ options: { Color: 'Black' } })],
      context,
    );
    expect(problems).toEqual([
      { path: 'variants.0.options.Memory', message: 'Memory: choose one of 2 GB, 4 GB, 8 GB' },
      { path: 'variants.1.options.Color', message: "Color is not one of this product's variations" },
      { path: 'variants.1.options.Memory', message: 'Memory: choose one of 2 GB, 4 GB, 8 GB' },
    ]);
  });

  it('refuses options on a product without variations, duplicates, and foreign images', () => {
    expect(variantSetProblems([memory('2 GB')], { variations: [], images: IMAGES })).toEqual([
      { path: 'variants.0.options.Memory', message: "Memory is not one of this product's variations" },
    ]);
    expect(variantSetProblems([memory('2 GB'), memory('4 GB'), memory('2 GB')], context)).toEqual([
      { path: 'variants.2.options', message: DUPLICATE_COMBINATION_MESSAGE },
    ]);
    expect(variantSetProblems([memory('2 GB', { image: '/uploads/other.webp' })], context)).toEqual([
      { path: 'variants.0.image', message: VARIANT_IMAGE_MESSAGE },
    ]);
  });

  it('allows at most 100 variants', () => {
    const many = Array.from({ length: 101 }, () => memory('2 GB'));
    expect(variantSetProblems(many, context)).toEqual([{ path: 'variants', message: TOO_MANY_VARIANTS_MESSAGE }]);
    expect(TOO_MANY_VARIANTS_MESSAGE).toBe('At most 100 variants');
  });

  it('fitsVariations says whether stored options still fit new variations', () => {
    expect(fitsVariations({ Memory: '4 GB' }, [MEMORY])).toBe(true);
    expect(fitsVariations({ Memory: '4 GB' }, [MEMORY, COLOR])).toBe(false);
    expect(fitsVariations({ Memory: '16 GB' }, [MEMORY])).toBe(false);
    expect(fitsVariations({}, [])).toBe(false);
  });
});

describe('resolveVariantSkus', () => {
  const none = () => false;

  it('makes blank SKUs from the product SKU and the values, then -2, -3 when taken', () => {
    const set = [memory('2 GB'), memory('4 GB'), memory('8 GB')];
    const taken = new Set(['rpi4-4-gb', 'rpi4-8-gb', 'rpi4-8-gb-2']);
    const { skus, problems } = resolveVariantSkus(set, [null, null, null], context, (sku) => taken.has(sku));
    expect(problems).toEqual([]);
    expect(skus).toEqual(['RPI4-2-GB', 'RPI4-4-GB-2', 'RPI4-8-GB-3']);
  });

  it('keeps typed SKUs and stored ones, and steps generated ones around them', () => {
    const set = [memory('2 GB', { sku: 'RPI4-4-GB' }), memory('4 GB'), memory('8 GB')];
    const { skus } = resolveVariantSkus(set, [null, null, 'PI-EIGHT'], context, none);
    expect(skus).toEqual(['RPI4-4-GB', 'RPI4-4-GB-2', 'PI-EIGHT']);
  });

  it('gives the default variant the product SKU and refuses another', () => {
    expect(resolveVariantSkus([variant({ options: {} })], [null], context, none)).toEqual({
      skus: ['RPI4'],
      problems: [],
    });
    expect(resolveVariantSkus([variant({ options: {}, sku: 'rpi4' })], [null], context, none).problems).toEqual([]);
    expect(resolveVariantSkus([variant({ options: {}, sku: 'OTHER' })], [null], context, none).problems).toEqual([
      { path: 'variants.0.sku', message: DEFAULT_VARIANT_SKU_MESSAGE },
    ]);
  });

  it("refuses duplicates in the set (case-insensitive) and the product's SKU on a real variant", () => {
    const set = [memory('2 GB', { sku: 'PI-A' }), memory('4 GB', { sku: 'pi-a' }), memory('8 GB', { sku: 'rpi4' })];
    expect(resolveVariantSkus(set, [null, null, null], context, none).problems).toEqual([
      { path: 'variants.1.sku', message: DUPLICATE_VARIANT_SKU_MESSAGE },
      { path: 'variants.2.sku', message: PRODUCT_SKU_ON_VARIANT_MESSAGE },
    ]);
  });
});

describe('matchStoredRows and planVariantWrite', () => {
  const rows = [
    stored('a', 'RPI4-2-GB', { Memory: '2 GB' }, true),
    stored('b', 'RPI4-4-GB', { Memory: '4 GB' }),
    stored('c', 'RPI4-8-GB', { Memory: '8 GB' }, true),
  ];

  it('updates rows sent with an id, inserts the others, deletes or deactivates the missing', () => {
    const set = [{ ...memory('2 GB'), id: 'a' }, memory('8 GB', { price: 80 }), memory('4 GB')];
    const withOrderedFour = [...rows.filter((row) => row.id !== 'b'), stored('d', 'OLD', { Memory: '4 GB' }, true)];
    const { ids, problems } = matchStoredRows(set.slice(0, 2), withOrderedFour);
    expect(problems).toEqual([]);
    // The 8 GB row without id revives the stored 8 GB row rather than colliding with it.
    expect(ids).toEqual(['a', 'c']);
    const plan = planVariantWrite(
      set,
      ['a', 'c', null],
      ['RPI4-2-GB', 'RPI4-8-GB', 'RPI4-4-GB-2'],
      [...rows, stored('d', 'OLD', { Memory: '1 GB' }, true), stored('e', 'OLDER', { Memory: '4 GB' }, true)],
    );
    expect(plan.update.map((row) => [row.id, row.sku, row.price])).toEqual([
      ['a', 'RPI4-2-GB', 10],
      ['c', 'RPI4-8-GB', 80],
    ]);
    expect(plan.insert.map((row) => row.sku)).toEqual(['RPI4-4-GB-2']);
    expect(plan.remove).toEqual(['b']);
    expect(plan.deactivate).toEqual(['d', 'e']);
  });

  it('refuses ids of other products and ids sent twice', () => {
    const { problems } = matchStoredRows(
      [
        { ...memory('2 GB'), id: 'x' },
        { ...memory('4 GB'), id: 'b' },
        { ...memory('8 GB'), id: 'b' },
      ],
      rows,
    );
    expect(problems).toEqual([
      { path: 'variants.0.id', message: UNKNOWN_VARIANT_MESSAGE },
      { path: 'variants.2.id', message: REPEATED_VARIANT_MESSAGE },
    ]);
  });

  it('never deletes an ordered row: it stays inactive beside any new shape', () => {
    // Back to one default variant: the ordered combinations stay, inactive, beside it.
    const toDefault = planVariantWrite([variant({ options: {} })], [null], ['RPI4'], rows);
    expect(toDefault).toMatchObject({ remove: ['b'], deactivate: ['a', 'c'] });
    // A value removed: its ordered row no longer fits, and is kept all the same.
    const fewer = planVariantWrite([memory('4 GB')], ['b'], ['RPI4-4-GB'], rows);
    expect(fewer).toMatchObject({ remove: [], deactivate: ['a', 'c'] });
    // Split into combinations: the ordered default stays, inactive; an unordered one goes.
    const split = [memory('2 GB'), memory('4 GB')];
    const ordered = [stored('z', 'RPI4', {}, true)];
    expect(planVariantWrite(split, [null, null], ['A', 'B'], ordered)).toMatchObject({ remove: [], deactivate: ['z'] });
    expect(planVariantWrite(split, [null, null], ['A', 'B'], [stored('z', 'RPI4', {})])).toMatchObject({
      remove: ['z'],
      deactivate: [],
    });
  });

  it('revives an inactive stored row when its combination is sent again', () => {
    const kept = [stored('a', 'RPI4-2-GB', { Memory: '2 GB' }), stored('z', 'RPI4', {}, true, false)];
    const { ids } = matchStoredRows([variant({ options: {} })], kept);
    expect(ids).toEqual(['z']);
    const plan = planVariantWrite([variant({ options: {} })], ids, ['RPI4'], kept);
    expect(plan.update.map((row) => [row.id, row.isActive])).toEqual([['z', true]]);
    expect(plan.remove).toEqual(['a']);
  });

  it('refuses a row given the options of a row kept for past orders', () => {
    // 4 GB (b) renamed to 2 GB while the ordered 2 GB row (a) is left out: they would collide.
    const set = [
      { ...memory('2 GB'), id: 'b' },
      { ...memory('8 GB'), id: 'c' },
    ];
    const plan = planVariantWrite(set, ['b', 'c'], ['X', 'Y'], rows);
    expect(plan.deactivate).toEqual(['a']);
    expect(keptCombinationProblems(set, plan, rows)).toEqual([
      { path: 'variants.0.options', message: COMBINATION_KEPT_MESSAGE },
    ]);
  });

  it('stores the set in its order: by sort_order, then as sent', () => {
    const set = [memory('8 GB', { sort_order: 5 }), memory('2 GB'), memory('4 GB')];
    const plan = planVariantWrite(set, [null, null, null], ['A', 'B', 'C'], []);
    expect(plan.insert.map((row) => [row.sku, row.sortOrder])).toEqual([
      ['A', 2],
      ['B', 0],
      ['C', 1],
    ]);
  });

  it('starts a new product row with the values the roll-up will derive', () => {
    const set = [
      memory('2 GB', { price: 45, stock_quantity: 12 }),
      memory('4 GB', { price: 40, compare_at_price: 50, stock_quantity: 3, is_active: false }),
      memory('8 GB', { price: 75, compare_at_price: 85, stock_quantity: 20 }),
    ];
    expect(headlineOf(set)).toEqual({ price: 45, compareAtPrice: null, priceMax: 75, stockQuantity: 32 });
    expect(headlineOf([variant({ options: {}, price: 9, stock_quantity: 4 })])).toEqual({
      price: 9,
      compareAtPrice: null,
      priceMax: 9,
      stockQuantity: 4,
    });
  });

  it('takes the headline from the active rows: an inactive default kept beside combinations is not it', () => {
    const set = [
      variant({ options: {}, price: 9, stock_quantity: 4, is_active: false }),
      memory('2 GB', { price: 45, stock_quantity: 12 }),
      memory('4 GB', { price: 55, stock_quantity: 3 }),
    ];
    expect(headlineOf(set)).toEqual({ price: 45, compareAtPrice: null, priceMax: 55, stockQuantity: 15 });
    // None active: the lowest-priced row speaks for the product, and it has no stock to sell.
    expect(
      headlineOf([memory('2 GB', { price: 45, is_active: false }), memory('4 GB', { price: 30, is_active: false })]),
    ).toMatchObject({ price: 30, stockQuantity: 0 });
  });
});
