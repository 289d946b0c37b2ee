import { FEATURED_PRODUCTS_DEFAULT } from '#shared/constants.ts';
import { featuredProductsQuery, productListQuery } from '../products/product-queries.ts';

export const FEATURED_COUNT = FEATURED_PRODUCTS_DEFAULT;
export const NEW_ARRIVALS_COUNT = 8;

export const featuredQuery = featuredProductsQuery(FEATURED_COUNT);
export const newArrivalsQuery = productListQuery({ sort: 'newest', limit: NEW_ARRIVALS_COUNT });
