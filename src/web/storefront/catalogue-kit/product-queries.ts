import { queryOptions } from '@tanstack/react-query';
import type { Product } from '#shared/contracts/products.ts';
import { apiGet } from '#web/lib/api-client.ts';

/**
 * Query keys under `products`; the product page's list of related products adds
 * `['products', 'list', params]` (product/related-query.ts), kept out of the first load.
 */
export const productKeys = {
  all: ['products'] as const,
  featured: (limit: number) => ['products', 'featured', limit] as const,
  detail: (idOrSlug: string) => ['products', 'detail', idOrSlug] as const,
};

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
