import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_SIZE_MIN,
  PRODUCT_SORTS,
  type ProductSort,
  SEARCH_FACETS,
  SEARCH_OFFSET_MAX,
  SEARCH_QUERY_MAX_LENGTH,
} from './constants.ts';
import type { SearchRequest } from './contracts/search.ts';
import { PRODUCT_SORT_FIELDS } from './product-sorts.ts';

/**
 * The store screen's state as its URL says it (`/store?q=&category=&brand=&brand=&min=&max=
 * &in_stock=1&sort=&page=&limit=&view=`), and the `POST /search` request it turns into. Shared
 * by the web app (which reads the URL) and the server (which embeds the default `/store` result
 * in the page it serves, so the grid needs no request after the JavaScript loads). The two must
 * build byte-identical requests for the embedded result to be used.
 */
export interface StoreQuery {
  q: string;
  /** Category slug (or id); includes its sub-categories. */
  category: string | undefined;
  brands: string[];
  minPrice: number | undefined;
  maxPrice: number | undefined;
  inStockOnly: boolean;
  sort: ProductSort;
  page: number;
  limit: number;
  view: 'grid' | 'list';
}

/** What the URL falls back to: the shopper's productView preferences (docs/product.md#preferences). */
export interface StoreQueryDefaults {
  sortBy: ProductSort;
  itemsPerPage: number;
  showOutOfStock: boolean;
  viewMode: 'grid' | 'list';
}

/** The productView defaults of docs/product.md#preferences, i.e. a first visit. */
export const STORE_QUERY_DEFAULTS: StoreQueryDefaults = {
  sortBy: 'featured',
  itemsPerPage: PAGE_SIZE_DEFAULT,
  showOutOfStock: true,
  viewMode: 'grid',
};

/** The largest price bound the search contract accepts. */
const MAX_PRICE = 1_000_000;

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && value !== '' && Number.isInteger(number) && number > 0 ? number : undefined;
}

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= MAX_PRICE ? number : undefined;
}

/**
 * Reads the store URL. Anything it cannot use (page "two", limit 1000, sort "cheapest", a
 * negative price) falls back to the default instead of failing: a shared link always opens.
 */
export function readStoreQuery(params: URLSearchParams, defaults: StoreQueryDefaults): StoreQuery {
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const sortParam = params.get('sort') as ProductSort;
  const knownSort = (PRODUCT_SORTS as readonly string[]).includes(sortParam) ? sortParam : undefined;
  // Relevance only means something with search text; without it the preference (or featured) applies.
  const fallbackSort = q ? 'relevance' : defaults.sortBy === 'relevance' ? 'featured' : defaults.sortBy;
  const sort = knownSort && (knownSort !== 'relevance' || q) ? knownSort : fallbackSort;
  const limitParam = positiveInt(params.get('limit'));
  const limit =
    limitParam === undefined ? defaults.itemsPerPage : Math.min(PAGE_SIZE_MAX, Math.max(PAGE_SIZE_MIN, limitParam));
  // The search API refuses offsets past SEARCH_OFFSET_MAX; a hand-typed page 99999 stops there.
  const page = Math.min(positiveInt(params.get('page')) ?? 1, Math.floor(SEARCH_OFFSET_MAX / limit) + 1);
  let minPrice = price(params.get('min'));
  let maxPrice = price(params.get('max'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const inStock = params.get('in_stock');
  const view = params.get('view');
  // Cut to what the search contract accepts, so a hand-edited URL still gets an answer, not a 400.
  const brands = [...new Set(params.getAll('brand').map((brand) => brand.trim().slice(0, 80)))]
    .filter(Boolean)
    .slice(0, 50);
  return {
    q,
    category: params.get('category')?.trim().slice(0, 120) || undefined,
    brands,
    minPrice,
    maxPrice,
    inStockOnly: inStock === '1' ? true : inStock === '0' ? false : !defaults.showOutOfStock,
    sort,
    page,
    limit,
    view: view === 'grid' || view === 'list' ? view : defaults.viewMode,
  };
}

/** The `POST /search` body for a store query: the page's hits plus every facet for the filter panel. */
export function storeSearchRequest(query: StoreQuery): SearchRequest {
  const filters: SearchRequest['filters'] = {};
  if (query.category) filters.category = query.category;
  if (query.brands.length > 0) filters.brand = query.brands;
  if (query.inStockOnly) filters.in_stock = true;
  if (query.minPrice !== undefined) filters.minPrice = query.minPrice;
  if (query.maxPrice !== undefined) filters.maxPrice = query.maxPrice;
  return {
    q: query.q,
    filters,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    sort_by: PRODUCT_SORT_FIELDS[query.sort].field,
    sort_order: PRODUCT_SORT_FIELDS[query.sort].order,
    facets: [...SEARCH_FACETS],
  };
}

/** Whether the query narrows the catalogue (search text or any filter), as opposed to browsing it all. */
export function isFilteredQuery(query: StoreQuery, defaults: StoreQueryDefaults): boolean {
  return (
    query.q !== '' ||
    query.category !== undefined ||
    query.brands.length > 0 ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.inStockOnly !== !defaults.showOutOfStock
  );
}
