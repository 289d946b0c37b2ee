/**
 * Plain values both sides need, kept free of zod so the browser can import them without pulling
 * the schema library into the storefront bundle (zod is ~25 KB gzip). Contracts build on these.
 */

/** Id of the `<script type="application/json">` tag that carries the SiteConfig into the page. */
export const SITE_CONFIG_ELEMENT_ID = 'cedar-site-config';
/**
 * The `<script type="application/json">` holding the API answers a page drawn by the server was
 * drawn from (`[queryKey, data][]`): the browser starts its query cache with them, so it hydrates
 * the same page without asking again (decision 009).
 */
export const PAGE_QUERIES_ELEMENT_ID = 'cedar-page-queries';

/** docs/product.md#limits-and-constants "Featured products default". */
export const FEATURED_PRODUCTS_DEFAULT = 6;

/** The sort orders of `GET /products`; `relevance` needs a `q` (it is the default when one is given). */
export const PRODUCT_SORTS = ['featured', 'newest', 'price_asc', 'price_desc', 'name', 'rating', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Sort order a list takes when the shopper typed a query and did not pick another. */
export const RELEVANCE_SORT = 'relevance';

/**
 * The page sizes a shopper can pick, the one list of the store's toolbar and of the preferences
 * (docs/product.md#preference-limits; issue 32: the two offered different lists). Their ends are
 * the preference's limits, the first visit's size is one of them, and the largest is what the
 * search contract accepts, so every choice is a valid `POST /search` limit.
 */
export const PAGE_SIZES = [10, 20, 40, 60, 100] as const;
export const PAGE_SIZE_MIN = PAGE_SIZES[0];
export const PAGE_SIZE_MAX = PAGE_SIZES[PAGE_SIZES.length - 1] as (typeof PAGE_SIZES)[number];
export const PAGE_SIZE_DEFAULT = 20;

/** The sizes a page-size menu lists: PAGE_SIZES, plus the current one when it is another (a stored 30). */
export function pageSizeChoices(current: number): number[] {
  return [...new Set<number>([...PAGE_SIZES, current])].sort((a, b) => a - b);
}

/** docs/product.md#limits-and-constants "Search defaults": limit 20, offset 0; facets category, brand, in_stock. */
export const SEARCH_LIMIT_DEFAULT = PAGE_SIZE_DEFAULT;
export const SEARCH_LIMIT_MAX = PAGE_SIZE_MAX;
/** Deep paging past this is refused: nobody reads page 500 and it would only cost the server. */
export const SEARCH_OFFSET_MAX = 10_000;
export const SEARCH_FACETS = ['category', 'brand', 'in_stock'] as const;
export type SearchFacet = (typeof SEARCH_FACETS)[number];
/** `sort_by` of POST /search; `relevance` ranks name matches first (the default when q is given). */
export const SEARCH_SORT_FIELDS = ['relevance', 'featured', 'created_at', 'price', 'name', 'rating'] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];
/** docs/product.md#limits-and-constants "Suggestions limit". */
export const SUGGESTIONS_LIMIT_DEFAULT = 5;
export const SUGGESTIONS_LIMIT_MAX = 10;
/** Longest query text accepted; longer input is a mistake or an attack, never a product name. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
