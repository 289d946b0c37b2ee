import type { CalculatedLine } from '#shared/contracts/orders.ts';
import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import {
  inVariationOrder,
  optionsKey,
  sameOptions,
  VARIANT_OUT_OF_STOCK_MESSAGE,
  VARIANT_UNAVAILABLE_MESSAGE,
} from '#shared/product-variants.ts';
import { ApiError, apiGet } from '#web/lib/api-client.ts';
import { offerOf } from '#web/storefront/catalogue-kit/variant-selection.ts';
import { CART_MAX_QUANTITY, type CartItem, type CartState, useCartStore } from '#web/stores/cart-store.ts';
import { setPromoCode } from './promo-code-store.ts';

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

/**
 * The id of the add-to-cart toast ("Added to cart", or why not): one at a time, and checkout takes
 * it away on arrival, where it would cover "Place order" on a phone (issue 32).
 */
export const ADDED_TO_CART_TOAST_ID = 'added-to-cart';

/** A failure whose message the shopper should read as is (docs/product.md#cart-messages). */
export class CartError extends Error {
  override readonly name = 'CartError';
}

/**
 * The most of one line (the cart item's maxQuantity, docs/product.md#stock-and-quantities): the
 * variant's stock (the product's for an answer without variants), or 100 if unknown
 * (docs/product.md#limits-and-constants), and never more than the product's max_per_order (what
 * one order may take of the product, all its variants together: order placement enforces it too).
 * A product answer cached before that field existed simply has no limit of its own.
 */
export function maxQuantityOf(
  product: Pick<Product, 'stock_quantity'> & { max_per_order?: number },
  variant: Pick<ProductVariant, 'stock_quantity'> = product,
): number {
  const stock = variant.stock_quantity;
  const limit = product.max_per_order;
  let max = CART_MAX_QUANTITY;
  if (Number.isInteger(stock) && stock > 0) max = Math.min(max, stock);
  if (limit !== undefined && Number.isInteger(limit) && limit > 0) max = Math.min(max, limit);
  return max;
}

/**
 * The variant a line means, as order placement resolves it (decision 012 §3): its `variantId`;
 * for a line stored before variants existed, the default variant, else the variant whose options
 * are its choices. Undefined when the product no longer sells it.
 */
export function variantOfLine(
  product: Pick<Product, 'variants'>,
  variantId: string | null,
  choices: Record<string, string>,
): ProductVariant | undefined {
  const variants = product.variants ?? [];
  if (variantId) return variants.find((variant) => variant.id === variantId);
  return (
    variants.find((variant) => sameOptions(variant.options, {})) ??
    variants.find((variant) => sameOptions(variant.options, choices))
  );
}

/** A line's options under its name ("Memory: 8 GB · Colour: Black"), in the drawer, checkout and the confirmation. */
export function optionsText(options: Readonly<Record<string, string>>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');
}

/** The product page of a line, on its variant (`?variant=`), so "back to the product" shows what was chosen. */
export function linePath(item: Pick<CartItem, 'productId' | 'variantId'>): string {
  return `/product/${item.productId}${item.variantId ? `?variant=${item.variantId}` : ''}`;
}

async function run(failure: string, work: (state: CartState) => Promise<Partial<CartState>> | Partial<CartState>) {
  useCartStore.setState({ isLoading: true, error: null });
  try {
    const change = await work(useCartStore.getState());
    useCartStore.setState({ ...change, isLoading: false, lastSyncAt: new Date().toISOString() });
    // An empty cart (an order placed, or the last line removed) keeps no promo code for the next one.
    if (change.items?.length === 0) setPromoCode(null);
  } catch (error) {
    const message = error instanceof CartError ? error.message : failure;
    useCartStore.setState({ isLoading: false, error: message, lastSyncAt: new Date().toISOString() });
    throw error instanceof CartError ? error : new CartError(message, { cause: error });
  }
}

/**
 * Adds `quantity` of one variant of a product (docs/product.md#cart-behaviour). The product is
 * read from the server now (it, or the variant, may have sold out or been withdrawn since the page
 * loaded). One line = product + variant + shared choices (compared regardless of order): the
 * merged line may not exceed the variant's stock, and all the product's lines together may not
 * exceed its max_per_order. `variantId` null: the product's default variant (or the variant whose
 * options are `choices`), as order placement resolves it.
 */
export function addToCart(
  productId: string,
  variantId: string | null,
  quantity = 1,
  choices: Record<string, string> = {},
) {
  return run(CART_MESSAGES.addFailed, async ({ items }) => {
    let product: Product;
    try {
      product = await apiGet<Product>(`/products/${encodeURIComponent(productId)}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new CartError(CART_MESSAGES.notFound);
      throw error;
    }
    if (!product.is_active) throw new CartError(CART_MESSAGES.notFound);
    // An answer without variants (a server before decision 012) sells the product itself.
    const variant = variantOfLine(product, variantId, choices);
    if (!variant && (product.variants ?? []).length > 0) throw new CartError(VARIANT_UNAVAILABLE_MESSAGE);
    const offer = offerOf(product, variant);
    if (!offer.in_stock || offer.stock_quantity <= 0) {
      // A product with one default variant is "the product": its words stay the product's.
      throw new CartError(offer === product ? CART_MESSAGES.outOfStock : VARIANT_OUT_OF_STOCK_MESSAGE);
    }

    // In the product's order: the variant's own options arrive in the database's key order.
    const selected = inVariationOrder({ ...choices, ...variant?.options }, product.variations);
    const key = optionsKey(selected);
    const mine = items.filter((item) => item.productId === product.id);
    const existing = mine.find(
      (item) =>
        variantOfLine(product, item.variantId, item.selectedVariations)?.id === variant?.id &&
        optionsKey(item.selectedVariations) === key,
    );
    const max = maxQuantityOf(product, offer);
    const wanted = (existing?.quantity ?? 0) + quantity;
    if (wanted > max) throw new CartError(CART_MESSAGES.tooMany(max));
    const others = mine.filter((item) => item !== existing).reduce((sum, item) => sum + item.quantity, 0);
    const limit = product.max_per_order;
    if (Number.isInteger(limit) && limit > 0 && others + wanted > limit) {
      throw new CartError(CART_MESSAGES.tooMany(limit));
    }

    const line: CartItem = {
      id: existing?.id ?? `${product.id}-${Date.now()}`,
      productId: product.id,
      variantId: variant?.id ?? null,
      sku: offer.sku ?? null,
      name: product.name,
      price: offer.price,
      compareAtPrice: offer.compare_at_price,
      image: variant?.image ?? product.images[0] ?? null,
      quantity: wanted,
      inStock: true,
      maxQuantity: max,
      selectedVariations: selected,
      addedAt: existing?.addedAt ?? new Date().toISOString(),
    };
    return { items: existing ? items.map((item) => (item === existing ? line : item)) : [...items, line] };
  });
}

/**
 * Checkout's calculate answer names the variant of each line (docs/product.md#cart): a line
 * stored before variants existed takes it (and its SKU), so later requests name it. Lines are
 * matched by position and product, as the answer lists them in request order.
 */
export function adoptVariants(lines: readonly Pick<CalculatedLine, 'product_id' | 'variant_id' | 'sku'>[]) {
  const { items } = useCartStore.getState();
  let changed = false;
  const next = items.map((item, index) => {
    const line = lines[index];
    if (item.variantId !== null || !line?.variant_id || line.product_id !== item.productId) return item;
    changed = true;
    return { ...item, variantId: line.variant_id, sku: line.sku ?? item.sku };
  });
  if (changed) useCartStore.setState({ items: next });
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
