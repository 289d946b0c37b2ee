import { queryOptions } from '@tanstack/react-query';
import { FEATURED_PRODUCTS_DEFAULT } from '#shared/constants.ts';
import type { Product } from '#shared/contracts/products.ts';
import { apiGet } from '#web/lib/api-client.ts';
import { featuredProductsQuery, productKeys } from '#web/storefront/catalogue-kit/product-queries.ts';

/** The hero's picks: the first featured products, shown there and not again under Featured. */
export const HERO_COUNT = 3;
export const FEATURED_COUNT = FEATURED_PRODUCTS_DEFAULT;
export const NEW_ARRIVALS_COUNT = 8;

/** One request for the hero and the Featured section together. */
export const featuredQuery = featuredProductsQuery(HERO_COUNT + FEATURED_COUNT);

/**
 * GET /products/new-arrivals: the newest products that are not featured, in-stock ones first. The
 * server leaves the featured ones out, so the two sections never show a product twice.
 */
export const newArrivalsQuery = queryOptions({
  queryKey: [...productKeys.all, 'new-arrivals', NEW_ARRIVALS_COUNT],
  queryFn: ({ signal }) =>
    apiGet<Product[]>('/products/new-arrivals', { query: { limit: NEW_ARRIVALS_COUNT }, signal }),
});

/**
 * The featured products split between the hero (the first `HERO_COUNT`) and the Featured section
 * (the rest), so no product is shown twice on the page.
 */
export function splitFeatured<T>(featured: readonly T[]): { hero: T[]; rest: T[] } {
  return { hero: featured.slice(0, HERO_COUNT), rest: featured.slice(HERO_COUNT) };
}
