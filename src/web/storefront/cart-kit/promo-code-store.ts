import { create } from 'zustand';
import { readStoredState, writeStoredState } from '#web/stores/local-storage.ts';

/**
 * The promo code the shopper applied at checkout (docs/product.md#cart), kept with the cart so it
 * survives a reload, under its own key (`cart-promo`): the cart's own entry is written by
 * stores/cart-store.ts, in the first load, which has no bytes to spare for it. Checkout sends it
 * with every calculation (the server re-validates it each time) and with the order; the cart
 * actions drop it when the cart becomes empty (an order placed, or the last line removed). This
 * module rides in the `cart-kit` chunk, never in the first load.
 */
export const PROMO_STORAGE_KEY = 'cart-promo';
const PROMO_STORAGE_VERSION = 1;

export interface PromoCodeState {
  /** Upper-case, as the server answered it; null when none is applied. */
  code: string | null;
}

/**
 * Storage is user-controlled: anything but a plausible code reads as none. This is only a
 * sanity check (length, no spaces); the server decides what the code is worth.
 */
function repairPromo(value: unknown): PromoCodeState {
  const code = (value as Partial<PromoCodeState> | null | undefined)?.code;
  return { code: typeof code === 'string' && /^[A-Z0-9_-]{1,50}$/.test(code) ? code : null };
}

export const usePromoCodeStore = create<PromoCodeState>()(() => repairPromo(readStoredState(PROMO_STORAGE_KEY)));
usePromoCodeStore.subscribe((state) => writeStoredState(PROMO_STORAGE_KEY, state, PROMO_STORAGE_VERSION));

/** Applies `code` (as the server answered it), or drops the applied one with null. */
export function setPromoCode(code: string | null): void {
  if (usePromoCodeStore.getState().code !== code) usePromoCodeStore.setState({ code });
}

/** Reads the stored code again (another tab changed it, or a test). */
export function rehydratePromoCode(): void {
  usePromoCodeStore.setState(repairPromo(readStoredState(PROMO_STORAGE_KEY)));
}

// Another tab applied or removed a code: follow it, as the cart does.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === PROMO_STORAGE_KEY) rehydratePromoCode();
  });
}
