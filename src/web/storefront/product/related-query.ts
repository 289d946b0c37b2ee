import { queryOptions } from '@tanstack/react-query';
import type { Product, ProductSort } from '#shared/contracts/products.ts';
import { apiList } from '#web/lib/api-client.ts';

/**
 * GET /products → `{ data, pagination }`: the product page's related products. Here rather than
 * with the first load's product queries (products/product-queries.ts), which only the product
 * page would use it from: the first-load budget (docs/engineering.md#budgets) pays for nothing else.
 */
export interface ProductListParams {
  page?: number;
  limit?: number;
  category?: string;
  sort?: ProductSort;
  /** Free-text search (docs/product.md#api-conventions: list endpoints take `search`). */
  search?: string;
}

export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: ['products', 'list', params] as const,
    queryFn: ({ signal }) => apiList<Product>('/products', { query: { ...params }, signal }),
  });
}
