import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import type {
  AdminProduct,
  BulkProductsRequest,
  BulkProductsResult,
  ProductCreate,
  ProductUpdate,
} from '#shared/contracts/admin-products.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

/** Every admin product query starts with this key, so one invalidation refreshes lists and editors. */
export const ADMIN_PRODUCTS_KEY = ['admin', 'products'] as const;

export const listAdminProducts = (query: QueryParams) => adminList<AdminProduct>('/admin/products', { query });
export const getAdminProduct = (id: string) => adminGet<AdminProduct>(`/admin/products/${encodeURIComponent(id)}`);
export const createProduct = (body: ProductCreate) => adminPost<AdminProduct>('/admin/products', body);
export const updateProduct = (id: string, body: ProductUpdate) => adminPut<AdminProduct>(`/admin/products/${id}`, body);
export const runBulkAction = (body: BulkProductsRequest) => adminPost<BulkProductsResult>('/admin/products/bulk', body);

/** DELETE answers 204 (gone) or 200 with `archived` when orders still reference the product. */
export async function deleteProduct(id: string): Promise<{ archived: boolean }> {
  const result = await adminDelete<{ archived?: boolean }>(`/admin/products/${id}`);
  return { archived: result.archived === true };
}

/** Every category, inactive too, for pickers and filters. */
export const adminCategoriesQuery = {
  queryKey: ['admin', 'categories', 'all'],
  queryFn: () => adminGet<AdminCategory[]>('/admin/categories', { query: { include_inactive: true } }),
  staleTime: 60_000,
} as const;

/** The categories as `[id, label]` select options, depth-first by sort order, indented by level. */
export function categoryOptions(categories: readonly AdminCategory[]): Array<[string, string]> {
  const children = new Map<string | null, AdminCategory[]>();
  const ids = new Set(categories.map((category) => category.id));
  for (const category of categories) {
    // A parent that is not in the list (should not happen) is treated as top level.
    const parent = category.parent_id && ids.has(category.parent_id) ? category.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const options: Array<[string, string]> = [];
  const visit = (parent: string | null, depth: number) => {
    const level = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name),
    );
    for (const category of level) {
      const suffix = category.is_active ? '' : ' (inactive)';
      options.push([category.id, `${'— '.repeat(depth)}${category.name}${suffix}`]);
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return options;
}
