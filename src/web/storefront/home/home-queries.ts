import { featuredProductsQuery, productListQuery } from '../products/product-queries.ts';

/** Spec §9 "Featured products default" (not imported from contracts/products.ts: that bundles zod). */
export const FEATURED_COUNT = 6;
export const NEW_ARRIVALS_COUNT = 8;

export const featuredQuery = featuredProductsQuery(FEATURED_COUNT);
export const newArrivalsQuery = productListQuery({ sort: 'newest', limit: NEW_ARRIVALS_COUNT });
