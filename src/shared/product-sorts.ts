import type { ProductSort, SearchSortField } from './constants.ts';

/**
 * The store's sort choices (`GET /products?sort=`, the store URL) as a search field and
 * direction. Shared by the server's product list and the store's `POST /search` request; kept
 * out of constants.ts, which is bundled into the first load, because only those two need it.
 */
export const PRODUCT_SORT_FIELDS: Record<ProductSort, { field: SearchSortField; order: 'asc' | 'desc' }> = {
  featured: { field: 'featured', order: 'desc' },
  newest: { field: 'created_at', order: 'desc' },
  price_asc: { field: 'price', order: 'asc' },
  price_desc: { field: 'price', order: 'desc' },
  name: { field: 'name', order: 'asc' },
  rating: { field: 'rating', order: 'desc' },
  relevance: { field: 'relevance', order: 'desc' },
};
