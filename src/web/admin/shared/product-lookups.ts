import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import type { AdminProduct } from '#shared/contracts/admin-products.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminGet, adminList } from '../auth/admin-api.ts';
import { categoryTreeOptions } from './category-options.ts';

/**
 * The catalogue's reads that other admin screens look things up with: the product search, one
 * product by id, and the category tree for pickers. The promo-code and review screens, the text
 * editor's product cards and the content preview use them beside the products screens, so they
 * live here rather than in admin/products (features never import each other).
 */

/** Every admin product query starts with this key, so one invalidation refreshes lists, editors and cards. */
export const ADMIN_PRODUCTS_KEY = ['admin', 'products'] as const;

export const listAdminProducts = (query: QueryParams) => adminList<AdminProduct>('/admin/products', { query });
export const getAdminProduct = (id: string) => adminGet<AdminProduct>(`/admin/products/${encodeURIComponent(id)}`);

/** Every category, inactive too, for pickers and filters. */
export const adminCategoriesQuery = {
  queryKey: ['admin', 'categories', 'all'],
  queryFn: () => adminGet<AdminCategory[]>('/admin/categories', { query: { include_inactive: true } }),
  staleTime: 60_000,
} as const;

/** What an editor that picks categories (product, promo code) says when the tree could not be loaded. */
export const CATEGORIES_FAILED = 'The categories could not be loaded; the category picker is empty.';

/** The catalogue's categories as `[id, label]` select options (see categoryTreeOptions). */
export const categoryOptions = (categories: readonly AdminCategory[]) => categoryTreeOptions(categories);
