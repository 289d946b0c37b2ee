import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type CatalogueQuery, type IndexedProduct } from './catalogue-index.ts';
import { parseStockLevels } from './catalogue-read-model.ts';
import { keptJson } from './kept-json.ts';

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

describe('CatalogueIndex product slots (product-columns.ts)', () => {
  it('a removed product leaves results and counts, and a product added in its slot shows its own brand and price', () => {
    const index = new CatalogueIndex([], [product('a', 'Probe A', 3), product('b', 'Probe B', 9)]);
    const brands = browse({ facets: ['brand', 'in_stock'] });
    expect(index.query(brands).facets).toEqual({ brand: { 'Probe Co': 2 }, in_stock: { true: 2 } });

    index.removeProduct('a');
    expect(index.query(brands).facets).toEqual({ brand: { 'Probe Co': 1 }, in_stock: { true: 1 } });
    index.upsertProduct({ ...product('c', 'Probe C', 0), brand: 'Other Co', price: 50, price_max: 50 });
    const result = index.query(brands);
    expect(result.products.map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(result.facets).toEqual({ brand: { 'Probe Co': 1, 'Other Co': 1 }, in_stock: { true: 1, false: 1 } });
    expect(index.query(browse({ filters: { brand: ['other co'] } })).products.map((entry) => entry.id)).toEqual(['c']);
    expect(index.query(browse({ filters: { minPrice: 20 } })).products.map((entry) => entry.id)).toEqual(['c']);
    // The text match of "probe" no longer holds the removed product's slot.
    expect(index.query(browse({ sortBy: 'relevance', sortOrder: 'desc' })).total).toBe(2);
  });
});

describe('CatalogueIndex readable products (kept-json.ts)', () => {
  const category = (name: string) => ({
    id: 'cat-1',
    name,
    slug: name.toLowerCase(),
    description: '',
    image: null,
    parentId: null,
    isActive: true,
    sortOrder: 0,
    updatedAt: AT,
  });

  it('hands every reader the same frozen product, its JSON kept, until its stock or category changes', () => {
    const index = new CatalogueIndex([category('Boards')], [{ ...product('a', 'Probe A', 3), category_id: 'cat-1' }]);
    const first = index.getProduct('a');
    expect(index.query(browse()).products[0]).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(keptJson(first as object)).toBe(JSON.stringify(first));

    index.updateStock('a-v', { product_id: 'a', stock_quantity: 2, in_stock: true, updated_at: AT });
    const restocked = index.getProduct('a');
    expect(restocked).not.toBe(first);
    expect(JSON.parse(keptJson(restocked as object) ?? '')).toMatchObject({
      stock_quantity: 2,
      variants: [{ stock_quantity: 2 }],
    });

    index.replaceCategories([category('Microcontrollers')]);
    expect(keptJson(index.getProduct('a') as object)).toContain('"category":{"id":"cat-1","name":"Microcontrollers"');
    // An object nobody kept has no kept JSON.
    expect(keptJson({ ...first })).toBeUndefined();
  });
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

/**
 * A product with its own combinations (decision 012): no default variant, the headline price is
 * the cheapest active variant's and price_max the dearest's, as the roll-up trigger keeps them.
 */
function withVariants(
  base: IndexedProduct,
  variations: IndexedProduct['variations'],
  variants: { sku: string; options: Record<string, string>; price: number }[],
): IndexedProduct {
  const prices = variants.map((variant) => variant.price);
  return {
    ...base,
    price: Math.min(...prices),
    price_max: Math.max(...prices),
    variations,
    variants: variants.map((variant, position) => ({
      ...(base.variants[0] as IndexedProduct['variants'][number]),
      id: `${base.id}-v${position}`,
      sku: variant.sku,
      options: variant.options,
      price: variant.price,
      sort_order: position,
    })),
  };
}

const priced = (id: string, name: string, price: number): IndexedProduct => {
  const base = product(id, name, 5);
  return { ...base, price, price_max: price, variants: base.variants.map((variant) => ({ ...variant, price })) };
};

/** Raspberry Pi 4 at $35 / $55 / $75 by memory, with a colour each; and three one-price products. */
function variantCatalogue(): CatalogueIndex {
  const pi = withVariants(
    { ...product('pi', 'Probe Pi 4', 5), sku: 'RPI4' },
    [
      { name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] },
      { name: 'Color', options: ['Black', 'Pale Grey'] },
    ],
    [
      { sku: 'RPI4-2GB', options: { Memory: '2 GB', Color: 'Black' }, price: 35 },
      { sku: 'RPI4-4GB', options: { Memory: '4 GB', Color: 'Black' }, price: 55 },
      { sku: 'RPI4-8GB-GREY', options: { Color: 'Pale Grey', Memory: '8 GB' }, price: 75 },
    ],
  );
  return new CatalogueIndex(
    [],
    [pi, priced('cheap', 'Probe Cheap', 10), priced('mid', 'Probe Mid', 50), priced('dear', 'Probe Dear', 80)],
  );
}

const ids = (index: CatalogueIndex, query: Partial<CatalogueQuery>) =>
  index.query(browse(query)).products.map((entry) => entry.id);

describe('variant prices in filters and sorts (decision 012 §4, Prices)', () => {
  it('a price range passes a product when any active variant is in it, the headline one or not', () => {
    const index = variantCatalogue();
    // $55 is neither the headline $35 nor price_max $75.
    expect(ids(index, { filters: { minPrice: 50, maxPrice: 60 } })).toEqual(['mid', 'pi']);
    expect(ids(index, { filters: { minPrice: 70, maxPrice: 79 } })).toEqual(['pi']);
    expect(ids(index, { filters: { maxPrice: 35 } })).toEqual(['cheap', 'pi']);
    // Inside $35–$75 but on no variant's price: the product is not in it.
    expect(ids(index, { filters: { minPrice: 56, maxPrice: 74 } })).toEqual([]);
    expect(ids(index, { filters: { minPrice: 76 } })).toEqual(['dear']);
    expect(ids(index, { filters: { maxPrice: 34 } })).toEqual(['cheap']);
  });

  it('counts facets and totals over the same range', () => {
    const index = variantCatalogue();
    const ranged = index.query(browse({ filters: { minPrice: 50, maxPrice: 60 }, facets: ['brand', 'in_stock'] }));
    expect(ranged.total).toBe(2);
    expect(ranged.facets).toEqual({ brand: { 'Probe Co': 2 }, in_stock: { true: 2 } });
    expect(index.query(browse({ filters: { minPrice: 56, maxPrice: 74 }, facets: ['brand'] })).facets).toEqual({
      brand: {},
    });
  });

  it('sorts cheapest first by price and dearest first by price_max, paging without overlap', () => {
    const index = variantCatalogue();
    expect(ids(index, { sortBy: 'price', sortOrder: 'asc' })).toEqual(['cheap', 'pi', 'mid', 'dear']);
    // $35–$75 sits with the $75 products when sorting high to low, not below the $50 one.
    expect(ids(index, { sortBy: 'price', sortOrder: 'desc' })).toEqual(['dear', 'pi', 'mid', 'cheap']);
    const pages = [0, 2].flatMap((offset) => ids(index, { sortBy: 'price', sortOrder: 'desc', offset, limit: 2 }));
    expect(pages).toEqual(['dear', 'pi', 'mid', 'cheap']);
    // The sorts follow a repricing (a content change rebuilds the sort orders).
    index.upsertProduct(priced('mid', 'Probe Mid', 90));
    expect(ids(index, { sortBy: 'price', sortOrder: 'desc' })).toEqual(['mid', 'dear', 'pi', 'cheap']);
  });

  it('answers carry price_max and the active variants', () => {
    const [pi] = variantCatalogue().query(browse({ filters: { minPrice: 70 }, sortBy: 'price' })).products;
    expect(pi).toMatchObject({ id: 'pi', price: 35, price_max: 75 });
    expect(pi?.variants.map((variant) => variant.price)).toEqual([35, 55, 75]);
  });
});

describe('variant text in search (decision 012 §4, Search)', () => {
  const matches = (index: CatalogueIndex, q: string) => ids(index, { q, sortBy: 'relevance', sortOrder: 'desc' });

  it('finds a product by any variant SKU, whole or by its parts, and suggests it', () => {
    const index = variantCatalogue();
    expect(matches(index, 'RPI4-8GB-GREY')).toEqual(['pi']);
    expect(matches(index, 'rpi4-4gb')).toEqual(['pi']);
    expect(matches(index, 'RPI4')).toEqual(['pi']);
    expect(index.suggest('RPI4-2G', 5).map((entry) => entry.id)).toEqual(['pi']);
  });

  it('finds a product by its variants’ option values, alone or with other words', () => {
    const index = variantCatalogue();
    expect(matches(index, 'pale grey')).toEqual(['pi']);
    expect(matches(index, '8 GB')).toEqual(['pi']);
    expect(matches(index, 'probe 4 gb')).toEqual(['pi']);
    // Option names are not searchable: the values are what a shopper types.
    expect(matches(index, 'memory')).toEqual([]);
  });

  it('drops a variant’s words when the variant goes', () => {
    const index = variantCatalogue();
    const pi = index.getProduct('pi') as IndexedProduct & { category: unknown };
    const { category: _category, ...stored } = pi;
    index.upsertProduct({
      ...stored,
      variants: stored.variants.filter((variant) => variant.price !== 75),
      price_max: 55,
    });
    expect(matches(index, 'pale grey')).toEqual([]);
    expect(matches(index, 'RPI4-8GB-GREY')).toEqual([]);
    expect(matches(index, 'RPI4-4GB')).toEqual(['pi']);
  });

  it('leaves products with only their default variant as they were: same matches, same order', () => {
    // Shared-stock variations (decision 012 §2.3) stay option lists: their values were not
    // searchable before variants and are not now; the default variant repeats the product's SKU.
    // The default variant always carries its product's SKU and no options.
    const defaultOnly = (entry: IndexedProduct): IndexedProduct => ({
      ...entry,
      variants: entry.variants.map((variant) => ({ ...variant, sku: entry.sku, options: {} })),
    });
    const shared = defaultOnly({
      ...priced('cable', 'Probe Cable', 4),
      sku: 'PROBE-CABLE',
      tags: ['probe', 'usb'],
      variations: [{ name: 'Length', options: ['Half metre', 'Two metres'] }],
    });
    const others = [
      { ...priced('tagged', 'Sensor Kit', 12), tags: ['probe'] },
      { ...priced('described', 'Logic Analyser', 9.99), description: 'Comes with a probe for each channel.' },
      { ...priced('named', 'Probe Hook', 10), sku: 'HOOK-1' },
    ].map(defaultOnly);
    // The same products as the index held them before variants existed.
    const before = new CatalogueIndex(
      [],
      [shared, ...others].map((entry) => ({ ...entry, variants: [] })),
    );
    const after = new CatalogueIndex([], [shared, ...others]);
    for (const q of ['probe', 'probe-cable', 'usb', 'cable', 'hook', 'channel']) {
      expect(matches(after, q), q).toEqual(matches(before, q));
      expect(after.suggest(q, 5), q).toEqual(before.suggest(q, 5));
    }
    expect(matches(after, 'probe')).toHaveLength(4);
    expect(matches(after, 'half metre')).toEqual([]);
    for (const sortOrder of ['asc', 'desc'] as const) {
      for (const filters of [{}, { minPrice: 10 }, { maxPrice: 9.99 }]) {
        const query = { q: '', filters, sortBy: 'price' as const, sortOrder };
        expect(ids(after, query)).toEqual(ids(before, query));
      }
    }
    expect(ids(after, { q: '', sortBy: 'price', sortOrder: 'desc' })).toEqual([
      'tagged',
      'named',
      'described',
      'cable',
    ]);
    expect(ids(after, { q: '', filters: { minPrice: 9.99, maxPrice: 10 }, sortBy: 'price', sortOrder: 'asc' })).toEqual(
      ['described', 'named'],
    );
  });

  it('does not weigh a product’s SKU twice because its default variant repeats it', () => {
    // A word in the SKU of one and the brand of the other (both boost 3) scores the same, so the
    // two tie and come by id; a SKU counted twice would score higher and come first.
    const bySku = { ...product('x', 'Alpha', 3), brand: 'Acme', sku: 'ZORBA' };
    const byBrand = { ...product('w', 'Beta', 3), brand: 'Zorba', sku: 'B1' };
    const index = new CatalogueIndex(
      [],
      [bySku, byBrand].map((entry) => ({ ...entry, variants: entry.variants.map((v) => ({ ...v, sku: entry.sku })) })),
    );
    expect(matches(index, 'zorba')).toEqual(['w', 'x']);
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
