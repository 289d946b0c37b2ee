import { describe, expect, it } from 'vitest';
import { SearchRequestSchema } from '#shared/contracts/search.ts';
import {
  isFilteredQuery,
  readStoreQuery,
  STORE_QUERY_DEFAULTS,
  type StoreQueryDefaults,
  storeSearchRequest,
} from '#shared/store-query.ts';
import { DEFAULT_PREFERENCES } from '#web/stores/preferences-store.ts';
import { clearedStoreHref, storeHref, storeQueryDefaults } from './store-params.ts';

const read = (query: string, defaults: StoreQueryDefaults = STORE_QUERY_DEFAULTS) =>
  readStoreQuery(new URLSearchParams(query), defaults);

describe('the store URL', () => {
  it('is the first page of 20 featured products in a grid on a first visit', () => {
    expect(read('')).toEqual({
      q: '',
      category: undefined,
      brands: [],
      minPrice: undefined,
      maxPrice: undefined,
      inStockOnly: false,
      sort: 'featured',
      page: 1,
      limit: 20,
      view: 'grid',
    });
    // The server embeds the first result for these defaults: they must be the preferences' defaults.
    expect(storeQueryDefaults(DEFAULT_PREFERENCES.productView)).toEqual(STORE_QUERY_DEFAULTS);
  });

  it('reads search text, category, brands, price range, stock, sort, page, size and view', () => {
    expect(
      read(
        'q=%20esp32%20&category=arduino&brand=Arduino&brand=Elegoo&min=10&max=50&in_stock=1&sort=price_asc&page=3&limit=40&view=list',
      ),
    ).toEqual({
      q: 'esp32',
      category: 'arduino',
      brands: ['Arduino', 'Elegoo'],
      minPrice: 10,
      maxPrice: 50,
      inStockOnly: true,
      sort: 'price_asc',
      page: 3,
      limit: 40,
      view: 'list',
    });
  });

  it('falls back to a default for anything it cannot use, so a shared link always opens', () => {
    for (const page of ['0', '-2', '1.5', 'two', '']) expect(read(`page=${page}`).page).toBe(1);
    expect(read('sort=cheapest').sort).toBe('featured');
    expect(read('limit=1000').limit).toBe(100);
    expect(read('limit=3').limit).toBe(10);
    expect(read('limit=abc').limit).toBe(20);
    expect(read('min=-5&max=abc')).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(read('view=table').view).toBe('grid');
    // Reversed bounds are swapped rather than refused.
    expect(read('min=50&max=10')).toMatchObject({ minPrice: 10, maxPrice: 50 });
    // A page past the API's offset limit stops at the last page it can serve.
    expect(read('page=999999&limit=100').page).toBe(101);
    // Brands: trimmed, blank and repeated ones dropped.
    expect(read('brand=%20Sony%20&brand=&brand=Sony').brands).toEqual(['Sony']);
    // Anything longer than the search contract accepts is cut, never sent as a request that fails.
    const long = read(`brand=${'b'.repeat(500)}&category=${'c'.repeat(500)}&q=${'q'.repeat(500)}`);
    expect([long.brands[0]?.length, long.category?.length, long.q.length]).toEqual([80, 120, 200]);
    expect(() => SearchRequestSchema.parse(storeSearchRequest(long))).not.toThrow();
  });

  it('sorts by relevance when there is search text, and never without', () => {
    expect(read('q=arduino').sort).toBe('relevance');
    expect(read('q=arduino&sort=newest').sort).toBe('newest');
    expect(read('sort=relevance').sort).toBe('featured');
  });

  it('takes its defaults from the productView preferences', () => {
    const defaults: StoreQueryDefaults = {
      sortBy: 'price_desc',
      itemsPerPage: 60,
      showOutOfStock: false,
      viewMode: 'list',
    };
    expect(read('', defaults)).toMatchObject({ sort: 'price_desc', limit: 60, inStockOnly: true, view: 'list' });
    // The URL still wins: in_stock=0 shows sold-out products to a shopper who hides them by default.
    expect(read('in_stock=0', defaults).inStockOnly).toBe(false);
    expect(isFilteredQuery(read('', defaults), defaults)).toBe(false);
    expect(isFilteredQuery(read('in_stock=0', defaults), defaults)).toBe(true);
  });

  it('turns into the POST /search request of that page', () => {
    expect(
      storeSearchRequest(
        read('q=pi&category=raspberry-pi&brand=Raspberry%20Pi&min=20&in_stock=1&sort=price_asc&page=2&limit=40'),
      ),
    ).toEqual({
      q: 'pi',
      filters: { category: 'raspberry-pi', brand: ['Raspberry Pi'], in_stock: true, minPrice: 20 },
      limit: 40,
      offset: 40,
      sort_by: 'price',
      sort_order: 'asc',
      facets: ['category', 'brand', 'in_stock'],
    });
    expect(storeSearchRequest(read('sort=newest'))).toMatchObject({ sort_by: 'created_at', sort_order: 'desc' });
    expect(storeSearchRequest(read('sort=name'))).toMatchObject({ sort_by: 'name', sort_order: 'asc' });
  });
});

describe('store links', () => {
  const current = new URLSearchParams('q=arduino&brand=Arduino&page=3&sort=price_asc&view=list');

  it('start again at page 1 when what the results are changes', () => {
    expect(storeHref(current, { brand: ['Arduino', 'Elegoo'] })).toBe(
      '/store?q=arduino&sort=price_asc&view=list&brand=Arduino&brand=Elegoo',
    );
    expect(storeHref(current, { min: '5' })).not.toContain('page=');
  });

  it('keep the page for a view change and drop page=1', () => {
    expect(storeHref(current, { view: 'grid' })).toContain('page=3');
    expect(storeHref(current, { page: '1' })).not.toContain('page=');
  });

  it('clear every filter but keep sort and view', () => {
    expect(clearedStoreHref(current)).toBe('/store?sort=price_asc&view=list');
    expect(clearedStoreHref(new URLSearchParams('category=x'))).toBe('/store');
  });
});
