import { useSearchParams } from 'react-router';
import { readStoreQuery, type StoreQuery, type StoreQueryDefaults } from '#shared/store-query.ts';
import { type ProductViewPreferences, usePreferencesStore } from '#web/stores/preferences-store.ts';

/** The store URL's defaults come from the shopper's productView preferences (docs/product.md#preferences). */
export function storeQueryDefaults(view: ProductViewPreferences): StoreQueryDefaults {
  return {
    sortBy: view.sortBy,
    itemsPerPage: view.itemsPerPage,
    showOutOfStock: view.showOutOfStock,
    viewMode: view.viewMode,
  };
}

/** The store query of the current URL, read against the current preferences. */
export function useStoreQuery(): { query: StoreQuery; defaults: StoreQueryDefaults; searchParams: URLSearchParams } {
  const [searchParams] = useSearchParams();
  const defaults = storeQueryDefaults(usePreferencesStore((state) => state.productView));
  return { query: readStoreQuery(searchParams, defaults), defaults, searchParams };
}

/** A URL parameter change: a value sets it, a list replaces all of it, undefined removes it. */
export type StoreParamChanges = Record<string, string | readonly string[] | undefined>;

/** Parameters that pick which results there are; changing any of them starts again at page 1. */
const RESULT_PARAMS = new Set(['q', 'category', 'brand', 'min', 'max', 'in_stock', 'sort', 'limit']);

/** `/store?…` with `changes` applied to the current parameters. */
export function storeHref(current: URLSearchParams, changes: StoreParamChanges): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (value === undefined) continue;
    for (const item of typeof value === 'string' ? [value] : value) next.append(key, item);
  }
  if (Object.keys(changes).some((key) => RESULT_PARAMS.has(key))) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  const query = next.toString();
  return query ? `/store?${query}` : '/store';
}

/** The URL without any search text or filter; sort, page size and view stay. */
export function clearedStoreHref(current: URLSearchParams): string {
  return storeHref(current, {
    q: undefined,
    category: undefined,
    brand: undefined,
    min: undefined,
    max: undefined,
    in_stock: undefined,
  });
}
