import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type CatalogueQuery, type IndexedProduct } from './catalogue-index.ts';
import { parseStockLevels } from './catalogue-read-model.ts';

const AT = '2026-01-01T00:00:00.000Z';

function product(id: string, name: string, stock: number): IndexedProduct {
  return {
    id,
    name,
    slug: id,
    sku: id.toUpperCase(),
    description: '',
    tags: [],
    category_id: null,
    brand: 'Probe Co',
    price: 10,
    price_max: 10,
    compare_at_price: null,
    images: [],
    in_stock: stock > 0,
    stock_quantity: stock,
    low_stock_threshold: 5,
    max_per_order: 10,
    featured: false,
    is_active: true,
    specs: [],
    variations: [],
    variants: [
      {
        id: `${id}-v`,
        sku: id.toUpperCase(),
        options: {},
        price: 10,
        compare_at_price: null,
        in_stock: stock > 0,
        stock_quantity: stock,
        low_stock_threshold: 5,
        image: null,
        sort_order: 0,
      },
    ],
    rating: 0,
    review_count: 0,
    weight: null,
    created_at: AT,
    updated_at: AT,
  };
}

const browse = (overrides: Partial<CatalogueQuery> = {}): CatalogueQuery => ({
  q: 'probe',
  filters: {},
  sortBy: 'name',
  sortOrder: 'asc',
  offset: 0,
  limit: 10,
  facets: [],
  ...overrides,
});

describe('CatalogueIndex stock updates', () => {
  it('a stock change keeps the content and availability revisions; cached answers show the new stock', () => {
    const index = new CatalogueIndex([], [product('a', 'Probe A', 3), product('b', 'Probe B', 9)]);
    expect(index.query(browse()).products.map((entry) => entry.stock_quantity)).toEqual([3, 9]);
    const { contentRevision, availabilityRevision } = index;

    expect(index.updateStock('a-v', { product_id: 'a', stock_quantity: 2, in_stock: true, updated_at: AT })).toBe(true);
    expect(index.contentRevision).toBe(contentRevision);
    expect(index.availabilityRevision).toBe(availabilityRevision);
    expect(index.query(browse()).products.map((entry) => entry.stock_quantity)).toEqual([2, 9]);
    expect(index.getProduct('a')).toMatchObject({ stock_quantity: 2, in_stock: true });
    expect(index.stockOf('a')).toEqual({ stock_quantity: 2, in_stock: true });
  });

  it('selling out changes the availability revision, in_stock filters and counts, and suggestions', () => {
    const index = new CatalogueIndex([], [product('a', 'Probe A', 1), product('b', 'Probe B', 9)]);
    const counted = browse({ facets: ['in_stock'] });
    const inStockOnly = browse({ filters: { in_stock: true } });
    expect(index.query(counted).facets.in_stock).toEqual({ true: 2 });
    expect(index.query(inStockOnly).total).toBe(2);
    expect(index.suggest('probe', 5).every((entry) => entry.type === 'product' && entry.in_stock)).toBe(true);
    const { contentRevision, availabilityRevision } = index;

    index.updateStock('a-v', {
      product_id: 'a',
      stock_quantity: 0,
      in_stock: false,
      updated_at: '2026-01-02T00:00:00.000Z',
    });
    expect(index.contentRevision).toBe(contentRevision);
    expect(index.availabilityRevision).not.toBe(availabilityRevision);
    expect(index.query(counted).facets.in_stock).toEqual({ true: 1, false: 1 });
    expect(index.query(inStockOnly).products.map((entry) => entry.id)).toEqual(['b']);
    expect(index.suggest('probe', 5).find((entry) => entry.id === 'a')).toMatchObject({ in_stock: false });
    expect(index.getProduct('a')?.updated_at).toBe('2026-01-02T00:00:00.000Z');
  });

  it('ignores stock of products it does not hold, and levels it already has', () => {
    const index = new CatalogueIndex([], [product('a', 'Probe A', 1)]);
    const { contentRevision, availabilityRevision } = index;
    const level = { product_id: 'a', stock_quantity: 4, in_stock: true, updated_at: AT };
    expect(index.updateStock('missing', level)).toBe(false);
    expect(index.updateStock('a', level)).toBe(false); // a product id is not a variant id
    expect(index.updateStock('a-v', { ...level, stock_quantity: 1 })).toBe(false);
    expect([index.contentRevision, index.availabilityRevision]).toEqual([contentRevision, availabilityRevision]);
    expect(index.stockOf('missing')).toBeUndefined();
  });

  it('patches one variant and sums the active variants into the product, as the roll-up trigger does', () => {
    const twoColours = product('c', 'Probe C', 5);
    const [black] = twoColours.variants;
    if (!black) throw new Error('no variant');
    twoColours.variations = [{ name: 'Color', options: ['Black', 'White'] }];
    twoColours.variants = [
      { ...black, id: 'c-black', options: { Color: 'Black' }, stock_quantity: 2, in_stock: true },
      { ...black, id: 'c-white', options: { Color: 'White' }, stock_quantity: 3, in_stock: true, sort_order: 1 },
    ];
    const index = new CatalogueIndex([], [twoColours, product('b', 'Probe B', 9)]);
    const inStockOnly = browse({ filters: { in_stock: true } });
    expect(index.query(inStockOnly).total).toBe(2);
    const { availabilityRevision } = index;

    const soldOut = { product_id: 'c', stock_quantity: 0, in_stock: false, updated_at: AT };
    expect(index.updateStock('c-black', soldOut)).toBe(true);
    expect(index.getProduct('c')).toMatchObject({ stock_quantity: 3, in_stock: true });
    expect(index.stockOf('c-black')).toEqual({ stock_quantity: 0, in_stock: false });
    // The product is still in stock (its white one is): nothing that filters on it changes.
    expect(index.availabilityRevision).toBe(availabilityRevision);

    expect(index.updateStock('c-white', soldOut)).toBe(true);
    expect(index.getProduct('c')).toMatchObject({ stock_quantity: 0, in_stock: false });
    expect(index.availabilityRevision).not.toBe(availabilityRevision);
    expect(index.query(inStockOnly).products.map((entry) => entry.id)).toEqual(['b']);
  });
});

describe('stock notifications (migrations 0008, 0009)', () => {
  it('reads each variant’s level with its product, and refuses anything malformed', () => {
    const levels = parseStockLevels('v1:a1:7:t:1767225600000,v2:a1:0:f:1767225600123');
    expect(Object.fromEntries(levels ?? [])).toEqual({
      v1: { product_id: 'a1', stock_quantity: 7, in_stock: true, updated_at: '2026-01-01T00:00:00.000Z' },
      v2: { product_id: 'a1', stock_quantity: 0, in_stock: false, updated_at: '2026-01-01T00:00:00.123Z' },
    });
    const bad = ['', 'v1:a1:7:t', 'v1:a1:x:t:1', 'v1:a1:7:yes:1', 'v1:a1:7:t:1:extra', ':a1:7:t:1', 'v1::7:t:1'];
    // The 0008 shape (no product) is refused too: a reload is the safe answer.
    for (const payload of [...bad, 'a1:7:t:1767225600000']) {
      expect(parseStockLevels(payload), payload).toBeUndefined();
    }
  });
});
