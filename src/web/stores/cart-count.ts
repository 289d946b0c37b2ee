/**
 * Number of items in the cart, shown on the header badge. The cart issue replaces this module
 * with a selector on its persisted cart store (`cart-storage`); until then the cart is empty.
 */
export function useCartCount(): number {
  return 0;
}
