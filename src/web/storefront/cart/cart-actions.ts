import type { Product } from '#shared/contracts/products.ts';
import { ApiError, apiGet } from '#web/lib/api-client.ts';
import { CART_MAX_QUANTITY, type CartItem, type CartState, useCartStore } from '#web/stores/cart-store.ts';

/**
 * The cart's actions (docs/product.md#cart-behaviour, docs/product.md#cart-messages), as plain
 * functions over the store: each sets isLoading, clears the error and stamps lastSyncAt. A failure
 * keeps its message in the state and is rethrown, for the caller to show as a toast.
 */

export const CART_MESSAGES = {
  notFound: 'Product not found or unavailable',
  outOfStock: 'Product is out of stock',
  tooMany: (n: number) => `Cannot add more than ${n} items`,
  overMax: (n: number) => `Cannot exceed maximum quantity of ${n}`,
  addFailed: 'Failed to add item to cart',
  updateFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item',
  clearFailed: 'Failed to clear cart',
} as const;

/** A failure whose message the shopper should read as is (docs/product.md#cart-messages). */
export class CartError extends Error {
  override readonly name = 'CartError';
}

/** The same product with the same choices is one line: variations compared regardless of key order. */
export function variationKey(variations: Record<string, string>): string {
  return JSON.stringify(Object.entries(variations).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The most of one product a line may hold (the cart item's maxQuantity, docs/product.md#cart): its
 * stock, or 100 if unknown (docs/product.md#limits-and-constants), and never more than the
 * product's max_per_order (issue 18: what one order may take, which order placement enforces too).
 * A product answer cached before that field existed simply has no limit of its own.
 */
export function maxQuantityOf(product: Pick<Product, 'stock_quantity'> & { max_per_order?: number }): number {
  const stock = product.stock_quantity;
  const limit = product.max_per_order;
  let max = CART_MAX_QUANTITY;
  if (Number.isInteger(stock) && stock > 0) max = Math.min(max, stock);
  if (limit !== undefined && Number.isInteger(limit) && limit > 0) max = Math.min(max, limit);
  return max;
}

async function run(failure: string, work: (state: CartState) => Promise<Partial<CartState>> | Partial<CartState>) {
  useCartStore.setState({ isLoading: true, error: null });
  try {
    const change = await work(useCartStore.getState());
    useCartStore.setState({ ...change, isLoading: false, lastSyncAt: new Date().toISOString() });
  } catch (error) {
    const message = error instanceof CartError ? error.message : failure;
    useCartStore.setState({ isLoading: false, error: message, lastSyncAt: new Date().toISOString() });
    throw error instanceof CartError ? error : new CartError(message, { cause: error });
  }
}

/**
 * Adds `quantity` of a product. The product is read from the server now (it may have sold out
 * or been withdrawn since the page loaded); the merged line may not exceed its stock.
 */
export function addToCart(productId: string, quantity = 1, selectedVariations: Record<string, string> = {}) {
  return run(CART_MESSAGES.addFailed, async ({ items }) => {
    let product: Product;
    try {
      product = await apiGet<Product>(`/products/${encodeURIComponent(productId)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new CartError(CART_MESSAGES.notFound);
      throw error;
    }
    if (!product.is_active) throw new CartError(CART_MESSAGES.notFound);
    if (!product.in_stock || product.stock_quantity <= 0) throw new CartError(CART_MESSAGES.outOfStock);

    const max = maxQuantityOf(product);
    const key = variationKey(selectedVariations);
    const existing = items.find(
      (item) => item.productId === product.id && variationKey(item.selectedVariations) === key,
    );
    const wanted = (existing?.quantity ?? 0) + quantity;
    if (wanted > max) throw new CartError(CART_MESSAGES.tooMany(max));

    const line: CartItem = {
      id: existing?.id ?? `${product.id}-${Date.now()}`,
      productId: product.id,
      name: product.name,
      price: product.price,
      compareAtPrice: product.compare_at_price,
      image: product.images[0] ?? null,
      quantity: wanted,
      inStock: true,
      maxQuantity: max,
      selectedVariations: { ...selectedVariations },
      addedAt: existing?.addedAt ?? new Date().toISOString(),
    };
    return { items: existing ? items.map((item) => (item === existing ? line : item)) : [...items, line] };
  });
}

/** Sets a line's quantity; below 1 removes the line (docs/product.md#cart-behaviour). */
export function updateQuantity(lineId: string, quantity: number) {
  return run(CART_MESSAGES.updateFailed, ({ items }) => {
    const line = items.find((item) => item.id === lineId);
    if (!line) return {};
    if (quantity < 1) return { items: items.filter((item) => item !== line) };
    if (quantity > line.maxQuantity) throw new CartError(CART_MESSAGES.overMax(line.maxQuantity));
    return { items: items.map((item) => (item === line ? { ...item, quantity: Math.floor(quantity) } : item)) };
  });
}

/**
 * Checkout's fix for a line the server refused as too many (stock or max_per_order): the line
 * becomes `max` (its quantity, and its maximum, so the stepper stops there from now on).
 */
export function reduceLineTo(lineId: string, max: number) {
  return run(CART_MESSAGES.updateFailed, ({ items }) => {
    const limit = Math.max(1, Math.floor(max));
    return {
      items: items.map((item) =>
        item.id === lineId ? { ...item, quantity: Math.min(item.quantity, limit), maxQuantity: limit } : item,
      ),
    };
  });
}

export function removeFromCart(lineId: string) {
  return run(CART_MESSAGES.removeFailed, ({ items }) => ({ items: items.filter((item) => item.id !== lineId) }));
}

export function clearCart() {
  return run(CART_MESSAGES.clearFailed, () => ({ items: [] }));
}
