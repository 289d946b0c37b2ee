import { queryOptions } from '@tanstack/react-query';
import type { Product, ProductSort } from '#shared/contracts/products.ts';
import { apiGet, apiList } from '#web/lib/api-client.ts';

export interface ProductListParams {
  page?: number;
  limit?: number;
  category?: string;
  sort?: ProductSort;
  /** Free-text search (docs/product.md#api-conventions: list endpoints take `search`). */
  search?: string;
}

export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  featured: (limit: number) => ['products', 'featured', limit] as const,
  detail: (idOrSlug: string) => ['products', 'detail', idOrSlug] as const,
};

/** GET /products → `{ data, pagination }`. */
export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => apiList<Product>('/products', { query: { ...params }, signal }),
  });
}

/** GET /products/featured?limit */
export function featuredProductsQuery(limit: number) {
  return queryOptions({
    queryKey: productKeys.featured(limit),
    queryFn: ({ signal }) => apiGet<Product[]>('/products/featured', { query: { limit }, signal }),
  });
}

/** GET /products/{id}: by id or slug. */
export function productQuery(idOrSlug: string) {
  return queryOptions({
    queryKey: productKeys.detail(idOrSlug),
    queryFn: ({ signal }) => apiGet<Product>(`/products/${encodeURIComponent(idOrSlug)}`, { signal }),
  });
}
