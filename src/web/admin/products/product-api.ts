import type {
  AdminProduct,
  BulkProductsRequest,
  BulkProductsResult,
  ProductCreate,
  ProductUpdate,
} from '#shared/contracts/admin-products.ts';
import { adminDelete, adminPost, adminPut } from '../auth/admin-api.ts';

export const createProduct = (body: ProductCreate) => adminPost<AdminProduct>('/admin/products', body);
export const updateProduct = (id: string, body: ProductUpdate) => adminPut<AdminProduct>(`/admin/products/${id}`, body);
export const runBulkAction = (body: BulkProductsRequest) => adminPost<BulkProductsResult>('/admin/products/bulk', body);

/** DELETE answers 204 (gone) or 200 with `archived` when orders still reference the product. */
export async function deleteProduct(id: string): Promise<{ archived: boolean }> {
  const result = await adminDelete<{ archived?: boolean }>(`/admin/products/${id}`);
  return { archived: result.archived === true };
}
