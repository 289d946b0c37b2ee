import { describe, expect, it } from 'vitest';
import { readStoreParams, STORE_PAGE_SIZE } from './store-params.ts';

describe('readStoreParams', () => {
  it('defaults to the first page of 20', () => {
    expect(readStoreParams(new URLSearchParams())).toEqual({
      page: 1,
      limit: STORE_PAGE_SIZE,
      category: undefined,
      sort: undefined,
      search: undefined,
    });
    expect(STORE_PAGE_SIZE).toBe(20);
  });

  it('reads page, category, sort and the search text', () => {
    expect(readStoreParams(new URLSearchParams('page=3&category=phones&sort=price_asc&q=%20galaxy%20'))).toMatchObject({
      page: 3,
      category: 'phones',
      sort: 'price_asc',
      search: 'galaxy',
    });
  });

  it('ignores a page or sort it cannot use', () => {
    for (const page of ['0', '-2', '1.5', 'two', '']) {
      expect(readStoreParams(new URLSearchParams({ page })).page).toBe(1);
    }
    expect(readStoreParams(new URLSearchParams('sort=cheapest')).sort).toBeUndefined();
  });
});
