/**
 * Plain values both sides need, kept free of zod so the browser can import them without pulling
 * the schema library into the storefront bundle (zod is ~25 KB gzip). Contracts build on these.
 */

/** Id of the `<script type="application/json">` tag that carries the SiteConfig into the page. */
export const SITE_CONFIG_ELEMENT_ID = 'cedar-site-config';

/** Spec §9 "Featured products default". */
export const FEATURED_PRODUCTS_DEFAULT = 6;

/** The sort orders of `GET /products`. */
export const PRODUCT_SORTS = ['featured', 'newest', 'price_asc', 'price_desc', 'name', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
