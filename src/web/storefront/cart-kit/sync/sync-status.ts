import { create } from 'zustand';

/**
 * The cart sync's conflict flag (docs/product.md#cart-sync), apart from the sync itself so the cart
 * drawer can show it without downloading the sync code.
 */
export const useCartSyncStatus = create<{ conflict: boolean; resolving: boolean }>(() => ({
  conflict: false,
  resolving: false,
}));
