import type { ShopperUser, UpdateShopperRequest } from '#shared/contracts/accounts.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { shopperRequest } from '#web/storefront/shopper-kit/shopper-api.ts';
import {
  clearShopperSession,
  currentShopperSession,
  updateShopperUser,
} from '#web/storefront/shopper-kit/shopper-session-store.ts';

/** The profile's calls (docs/product.md#account-area); each answer that carries the user updates the session. */

export async function saveProfile(changes: UpdateShopperRequest): Promise<ShopperUser> {
  const user = await shopperRequest<ShopperUser>('/account/user', { method: 'PUT', body: changes });
  updateShopperUser(user);
  return user;
}

export function resendVerification(type: 'verify_email' | 'verify_phone'): Promise<unknown> {
  return shopperRequest('/account/resend', { method: 'POST', body: { type } });
}

export async function verifyPhone(code: string): Promise<ShopperUser> {
  const user = await shopperRequest<ShopperUser>('/account/verify-phone', { method: 'POST', body: { code } });
  updateShopperUser(user);
  return user;
}

/**
 * Signs this device out: the server ends the session family, then the session is removed here
 * whatever the server said (a shopper who asks to sign out is signed out). Others listen to the
 * store becoming null (the cart empties itself). `leave` runs just before the session goes.
 */
export async function signOut(leave: () => void = () => {}): Promise<void> {
  const session = currentShopperSession();
  try {
    if (session) {
      await shopperRequest('/account/logout', {
        method: 'POST',
        body: { scope: 'local', refresh_token: session.refresh_token },
      });
    }
  } catch {
    // Offline or already ended: the session still goes from this browser.
  } finally {
    // Leave the account pages first, so they do not flash the signed-out redirect to /login.
    leave();
    clearShopperSession();
  }
}

/**
 * The verification email's link. Single use, so one call per token even when the page mounts twice
 * (development's strict mode, a re-render): the promise is shared.
 */
const emailLinkCalls = new Map<string, Promise<ShopperUser>>();

export function verifyEmailLink(token: string): Promise<ShopperUser> {
  let call = emailLinkCalls.get(token);
  if (!call) {
    const request = { method: 'POST' as const, body: { type: 'email_link', token } };
    // Opened where the shopper is signed in, the link goes with the session (a fresh token): the
    // server then keeps this session and the password when it is the account's first proof
    // (decision 018); signed out, that first proof ends every session and the password.
    call = (
      currentShopperSession()
        ? shopperRequest<{ user: ShopperUser }>('/account/verify', request).catch((error: unknown) => {
            // The session could not be refreshed: the link still works, signed out.
            if (error instanceof ApiError && error.status === 401) {
              return apiRequest<{ user: ShopperUser }>('/account/verify', request);
            }
            throw error;
          })
        : apiRequest<{ user: ShopperUser }>('/account/verify', request)
    ).then(({ user }) => {
      if (currentShopperSession()?.user.id === user.id) updateShopperUser(user);
      return user;
    });
    emailLinkCalls.set(token, call);
  }
  return call;
}
