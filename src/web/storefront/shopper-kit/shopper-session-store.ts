import { create } from 'zustand';
import type { ShopperSession, ShopperUser } from '#shared/contracts/accounts.ts';

/**
 * The shopper's session in the browser (docs/product.md#shopper-session-in-the-browser): the spec's
 * "Auth session" (access_token, refresh_token, expires_in, expires_at, token_type, user) under one
 * storage key. Not in the first load: the account screens and the cart sync download it.
 */
export const SHOPPER_SESSION_KEY = 'cedar-shopper-session';

function isSession(value: unknown): value is ShopperSession {
  const session = value as Partial<ShopperSession> | null;
  return Boolean(
    session &&
      typeof session.access_token === 'string' &&
      typeof session.refresh_token === 'string' &&
      typeof session.expires_at === 'number' &&
      session.user &&
      typeof session.user.id === 'string',
  );
}

function readSession(): ShopperSession | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHOPPER_SESSION_KEY) as string);
    return isSession(value) ? value : null;
  } catch {
    return null;
  }
}

interface ShopperSessionState {
  session: ShopperSession | null;
}

export const useShopperSessionStore = create<ShopperSessionState>(() => ({ session: readSession() }));

/** The signed-in shopper, or null. */
export const useShopper = (): ShopperUser | null => useShopperSessionStore((state) => state.session?.user ?? null);

export const currentShopperSession = (): ShopperSession | null => useShopperSessionStore.getState().session;

export function setShopperSession(session: ShopperSession): void {
  try {
    localStorage.setItem(SHOPPER_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Not saved (private mode, full): the session still works in this tab.
  }
  useShopperSessionStore.setState({ session });
}

/** Signed out, or a refresh that cannot recover: the session is gone. */
export function clearShopperSession(): void {
  try {
    localStorage.removeItem(SHOPPER_SESSION_KEY);
  } catch {
    // Nothing stored to remove.
  }
  useShopperSessionStore.setState({ session: null });
}

/** "User updated": a profile change keeps the tokens and swaps the user. */
export function updateShopperUser(user: ShopperUser): void {
  const session = currentShopperSession();
  if (session) setShopperSession({ ...session, user });
}

/**
 * Tabs stay in step: another tab signing in, refreshing or signing out writes the storage key, and
 * this tab takes the stored value (null when removed), so signing out in one tab signs out all.
 */
export function syncFromStorage(event: Pick<StorageEvent, 'key' | 'storageArea'>): void {
  if (event.key !== SHOPPER_SESSION_KEY && event.key !== null) return;
  if (typeof localStorage !== 'undefined' && event.storageArea && event.storageArea !== localStorage) return;
  useShopperSessionStore.setState({ session: readSession() });
}

if (typeof window !== 'undefined') window.addEventListener('storage', syncFromStorage);
