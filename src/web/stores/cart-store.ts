import { create } from 'zustand';
import { readStoredState, writeStoredState } from './local-storage.ts';

/**
 * The shopper's cart, kept in the browser (docs/product.md#cart: key
 * `cart-storage` holding items, sessionId and lastSyncAt). Only the state and the header's count
 * live here, in the first load; the actions (add with a server check, change quantity, remove,
 * clear) are plain functions in storefront/cart-kit/cart-actions.ts, downloaded by the screens that
 * use them, as the preferences do.
 */
export const CART_STORAGE_KEY = 'cart-storage';
export const CART_VERSION = 1;
/**
 * docs/product.md#limits-and-constants "Cart fallback max quantity": the most of one line when the
 * stock is unknown.
 */
export const CART_MAX_QUANTITY = 100;

export interface CartItem {
  /** Product id plus the time it was added: one line per product, variant and shared choices. */
  id: string;
  productId: string;
  /**
   * The variant bought (decision 012); null for a line stored before variants existed, which
   * checkout fills from the calculate answer (docs/product.md#cart).
   */
  variantId: string | null;
  /** The variant's SKU (null on old lines). */
  sku: string | null;
  name: string;
  price: number;
  compareAtPrice: number | null;
  image: string | null;
  quantity: number;
  inStock: boolean;
  maxQuantity: number;
  selectedVariations: Record<string, string>;
  addedAt: string;
}

export interface CartState {
  items: CartItem[];
  isLoading: boolean;
  error: string | null;
  /** `session_` + time + a random part. */
  sessionId: string;
  lastSyncAt: string | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const textOrNull = (value: unknown) => (isText(value) ? value : null);

/**
 * A stored line, or null when it cannot be one. Storage is user-controlled input: a line with a
 * wrong type is dropped rather than trusted (checkout re-prices every line on the server anyway).
 */
function repairItem(value: unknown): CartItem | null {
  const item = value as Partial<CartItem> | null;
  if (!item || !isText(item.id) || !isText(item.productId) || !isText(item.name) || !isText(item.addedAt)) return null;
  if (typeof item.price !== 'number' || !(item.price >= 0) || !isCount(item.quantity) || !isCount(item.maxQuantity)) {
    return null;
  }
  const variations = item.selectedVariations;
  return {
    id: item.id,
    productId: item.productId,
    variantId: textOrNull(item.variantId),
    sku: textOrNull(item.sku),
    name: item.name,
    price: item.price,
    compareAtPrice: typeof item.compareAtPrice === 'number' ? item.compareAtPrice : null,
    image: textOrNull(item.image),
    maxQuantity: Math.min(item.maxQuantity, CART_MAX_QUANTITY),
    quantity: Math.min(item.quantity, item.maxQuantity, CART_MAX_QUANTITY),
    inStock: item.inStock !== false,
    selectedVariations:
      variations && typeof variations === 'object' && Object.values(variations).every(isText) ? variations : {},
    addedAt: item.addedAt,
  };
}

export const newSessionId = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;

/** The persisted part of the cart, repaired field by field. */
export function repairCart(value: unknown): Pick<CartState, 'items' | 'sessionId' | 'lastSyncAt'> {
  const stored = (value ?? {}) as Partial<CartState>;
  return {
    items: Array.isArray(stored.items) ? stored.items.map(repairItem).filter((item) => item !== null) : [],
    sessionId: isText(stored.sessionId) && stored.sessionId.startsWith('session_') ? stored.sessionId : newSessionId(),
    lastSyncAt: textOrNull(stored.lastSyncAt),
  };
}

/**
 * Created empty, then filled from storage: the empty cart stays the store's initial state, which
 * is what a page drawn by the server shows (decision 009), so React hydrates against it (zustand
 * hands the initial state to hydration) and only then shows the stored lines and count.
 */
export const useCartStore = create<CartState>()(() => ({
  ...repairCart(undefined),
  isLoading: false,
  error: null,
}));
rehydrateCart();
const saveCart = ({ items, sessionId, lastSyncAt }: CartState) =>
  writeStoredState(CART_STORAGE_KEY, { items, sessionId, lastSyncAt }, CART_VERSION);
useCartStore.subscribe(saveCart);
saveCart(useCartStore.getState());

/** Reads the stored cart again (another tab changed it, or a test). */
export function rehydrateCart(): void {
  useCartStore.setState(repairCart(readStoredState(CART_STORAGE_KEY)));
}

/** Units in the cart, for the header badge. */
export const useCartCount = (): number =>
  useCartStore((state) => state.items.reduce((count, item) => count + item.quantity, 0));

let followingOtherTab = false;
/**
 * True while the store takes in a cart another tab wrote. That tab owns the change (its cart sync
 * sends it to the server); this tab must not send it again, least of all after that tab signed
 * out and emptied its cart.
 */
export const isFollowingOtherTab = (): boolean => followingOtherTab;

// Another tab changed the cart: follow it, so both show the same lines and count.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    followingOtherTab = true;
    try {
      rehydrateCart();
    } finally {
      followingOtherTab = false;
    }
  });
}
