import { z } from 'zod';
import { SelectedVariationsSchema } from './orders.ts';

/**
 * The signed-in shopper's cart on the server (docs/product.md#cart-sync). The browser keeps its own
 * cart (`cart-storage`) and merges it with this one by product and identical selected variations,
 * newest wins (`updated_at`). The stock and quantity rules of docs/product.md#cart apply here too,
 * with the same messages.
 *
 * - GET    /cart                          → { data: RemoteCartRow[] }
 * - POST   /cart/items  AddCartItemRequest → 201 { data: RemoteCartRow } (adds to a matching line)
 * - PUT    /cart/items/{id} UpdateCartItemRequest → { data: RemoteCartRow } (sets the quantity)
 * - DELETE /cart/items/{id}               → 204
 */

/** The remote cart row (docs/product.md#cart-sync): id, product_id, quantity, created_at, plus what a line needs. */
export const RemoteCartRowSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  variant_id: z.string().nullable(),
  quantity: z.number().int(),
  selected_variations: z.record(z.string(), z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RemoteCartRow = z.infer<typeof RemoteCartRowSchema>;

export const AddCartItemRequestSchema = z
  .object({
    product_id: z.uuid('Product not found or unavailable'),
    quantity: z.number().int().min(1).max(1000),
    variant_id: z.uuid('Unknown option').optional(),
    selected_variations: SelectedVariationsSchema.optional(),
  })
  .strict();
export type AddCartItemRequest = z.infer<typeof AddCartItemRequestSchema>;

/** Below 1 removes the line, as in the browser (docs/product.md#cart). */
export const UpdateCartItemRequestSchema = z.object({ quantity: z.number().int().min(0).max(1000) }).strict();
export type UpdateCartItemRequest = z.infer<typeof UpdateCartItemRequestSchema>;

/** The most lines a server cart holds (an order takes at most ORDER_MAX_LINES anyway). */
export const REMOTE_CART_MAX_LINES = 100;

/**
 * The server cart's refusals, in the browser cart's words (docs/product.md#cart-messages), plus the
 * two only the server cart has (an unknown line, a full cart).
 */
export const REMOTE_CART_MESSAGES = {
  notFound: 'Product not found or unavailable',
  outOfStock: 'Product is out of stock',
  tooMany: (n: number) => `Cannot add more than ${n} items`,
  overMax: (n: number) => `Cannot exceed maximum quantity of ${n}`,
  lineNotFound: 'Cart item not found',
  full: `A cart holds at most ${REMOTE_CART_MAX_LINES} lines`,
} as const;
