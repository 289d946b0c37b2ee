import {
  ACCOUNT_MESSAGES,
  type ShopperSession,
  ShopperSessionSchema,
  type SignInResult,
} from '#shared/contracts/accounts.ts';
import { ApiError, type ApiRequestOptions, apiRequest } from '#web/lib/api-client.ts';
import { authErrorKind, INVALID_TOKEN_RESPONSE } from './auth-errors.ts';
import { clearShopperSession, currentShopperSession, setShopperSession } from './shopper-session-store.ts';

/**
 * Calls for a signed-in shopper (docs/product.md#shopper-session-in-the-browser). The session is
 * refreshed before a call when it expires within 3 ticks of 30 s, and once more on 401
 * TOKEN_EXPIRED; a refresh the server refuses (401) removes the session, while a network failure
 * keeps it (nothing was decided). One refresh runs at a time: refresh tokens are single use.
 */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;

let refreshing: Promise<ShopperSession | null> | null = null;

export function expiresSoon(session: ShopperSession, now = Date.now()): boolean {
  return session.expires_at * 1000 - now <= REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;
}

/** Exchanges the refresh token (single flight); null when the server refused it and the session is gone. */
export function refreshShopperSession(): Promise<ShopperSession | null> {
  const session = currentShopperSession();
  if (!session) return Promise.resolve(null);
  refreshing ??= apiRequest<SignInResult>('/account/token', {
    method: 'POST',
    body: { grant_type: 'refresh_token', refresh_token: session.refresh_token },
  })
    .then((result) => {
      // A 2xx without a usable session is the "invalid token response" kind: as final as a refusal.
      const parsed = ShopperSessionSchema.safeParse(result?.session);
      if (!parsed.success) throw new ApiError(INVALID_TOKEN_RESPONSE, 200);
      setShopperSession(parsed.data);
      return parsed.data;
    })
    .catch((error: unknown) => {
      if ((error instanceof ApiError && error.isClientError) || authErrorKind(error) === 'invalid_token_response') {
        clearShopperSession();
        return null;
      }
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** A live access token, refreshed first when it expires soon; throws 'Auth session missing!' without a session. */
async function accessToken(): Promise<string> {
  let session = currentShopperSession();
  if (session && expiresSoon(session)) session = await refreshShopperSession();
  if (!session) throw new ApiError(ACCOUNT_MESSAGES.sessionMissing, 401, 'UNAUTHORIZED');
  return session.access_token;
}

export async function shopperRequest<T>(path: string, options: Omit<ApiRequestOptions, 'token'> = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, { ...options, token: await accessToken() });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'TOKEN_EXPIRED') throw error;
    const session = await refreshShopperSession();
    if (!session) throw new ApiError(ACCOUNT_MESSAGES.sessionMissing, 401, 'UNAUTHORIZED');
    return apiRequest<T>(path, { ...options, token: session.access_token });
  }
}
