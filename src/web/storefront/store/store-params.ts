import { PRODUCT_SORTS, type ProductSort } from '#shared/constants.ts';
import type { ProductListParams } from '../products/product-queries.ts';

/** Spec §9 "Items per page" default. */
export const STORE_PAGE_SIZE = 20;

export type StoreParams = ProductListParams & { page: number; limit: number };

/** The catalogue query the store URL describes; the filters issue adds its parameters here. */
export function readStoreParams(params: URLSearchParams): StoreParams {
  const page = Number(params.get('page'));
  const sort = params.get('sort') as ProductSort;
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: STORE_PAGE_SIZE,
    category: params.get('category') || undefined,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : undefined,
    search: params.get('q')?.trim() || undefined,
  };
}
