import type { RemoteCartRow } from '#shared/contracts/cart.ts';
import type { cartItems } from './cart-items.table.ts';

type CartItemRow = typeof cartItems.$inferSelect;

/** A cart_items row in the contract's shape (docs/product.md#cart-sync). */
export function toRemoteCartRow(row: CartItemRow): RemoteCartRow {
  return {
    id: row.id,
    product_id: row.productId,
    variant_id: row.variantId,
    quantity: row.quantity,
    selected_variations: row.selectedVariations,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
