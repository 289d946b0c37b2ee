import type { ShopperUser } from '#shared/contracts/accounts.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { authErrorKind } from './auth-errors.ts';
import { expiresSoon, REFRESH_TICK_MS, refreshShopperSession, shopperRequest } from './shopper-api.ts';
import { clearShopperSession, currentShopperSession, updateShopperUser } from './shopper-session-store.ts';

/**
 * Keeps a signed-in shopper's session alive (docs/product.md#shopper-session-in-the-browser): a
 * tick every 30 s refreshes it when it expires within 3 ticks, and once per page load the current
 * user is read again (two tries) so a profile changed elsewhere, or an account disabled, shows.
 * Started by the account screens; idempotent, so every screen may ask.
 */
export const STARTUP_USER_ATTEMPTS = 2;
export const STARTUP_RETRY_DELAY_MS = 1_000;

let timer: ReturnType<typeof setInterval> | null = null;
let startupDone = false;

/** One tick: refresh when due. A retryable failure keeps the session for the next tick. */
export async function refreshTick(now = Date.now()): Promise<void> {
  const session = currentShopperSession();
  if (!session || !expiresSoon(session, now)) return;
  try {
    await refreshShopperSession();
  } catch (error) {
    // A refusal already removed the session (shopper-api.ts); anything retryable waits a tick.
    if (authErrorKind(error) !== 'retryable') clearShopperSession();
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET /account/user, tried twice with a pause between. 401 and 403 mean the session is not (or no
 * longer) a shopper's: it is cleared. Resolves to the user, or null when there is none.
 */
export async function loadCurrentUser(): Promise<ShopperUser | null> {
  for (let attempt = 1; attempt <= STARTUP_USER_ATTEMPTS; attempt += 1) {
    if (!currentShopperSession()) return null;
    try {
      const user = await shopperRequest<ShopperUser>('/account/user');
      updateShopperUser(user);
      return user;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        clearShopperSession();
        return null;
      }
      if (attempt < STARTUP_USER_ATTEMPTS) await wait(STARTUP_RETRY_DELAY_MS);
    }
  }
  // Both tries failed without a verdict (offline, server busy): keep what is stored.
  return currentShopperSession()?.user ?? null;
}

/** Starts the tick (once) and the startup user fetch (once per page load). */
export function startSessionKeeper(): void {
  if (timer === null) {
    timer = setInterval(() => {
      void refreshTick();
    }, REFRESH_TICK_MS);
  }
  if (!startupDone) {
    startupDone = true;
    void loadCurrentUser();
  }
}

/** For tests and sign-out of the whole app: stops the tick. */
export function stopSessionKeeper(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  startupDone = false;
}
