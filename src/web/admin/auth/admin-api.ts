import type { LoginResponse } from '#shared/contracts/auth.ts';
import {
  ApiError,
  type ApiRequestOptions,
  apiPost,
  apiRequest,
  buildUrl,
  type ListResult,
  type QueryParams,
  toListResult,
} from '#web/lib/api-client.ts';
import {
  clearSession,
  isExpiringSoon,
  isIdleTooLong,
  readAccessToken,
  readRefreshToken,
  readSignInPath,
  saveSession,
} from './token-store.ts';

/**
 * Calls to the admin API with the stored bearer token (docs/product.md#roles-and-permissions, docs/product.md#messages):
 * - a token expiring within 5 minutes is refreshed before the call;
 * - a 401 TOKEN_EXPIRED refreshes once and retries the call once;
 * - when refreshing fails, or the server no longer knows the session (401), the tokens are cleared
 *   and the admin is sent to the sign-in route;
 * - after the staff idle timeout without the admin's activity nothing is refreshed any more
 *   (docs/product.md#staff-sessions): background calls (the bell, live updates) do not keep an
 *   unattended panel signed in.
 * Login, register and refresh go out without the bearer token (they use apiPost directly).
 */

export const REFRESH_FAILED_MESSAGE = 'Failed to refresh authentication';

let onSessionLost: () => void = () => window.location.assign(readSignInPath());

/** The auth provider routes a lost session through React Router instead of a full page load. */
export function setSessionLostHandler(handler: () => void): () => void {
  const previous = onSessionLost;
  onSessionLost = handler;
  return () => {
    onSessionLost = previous;
  };
}

function loseSession(): void {
  clearSession();
  onSessionLost();
}

/**
 * Ends a session left idle past the timeout: tells the server (with the access token while it
 * still works; never refreshing for it), then forgets it here and goes to the sign-in route.
 */
export async function endIdleSession(): Promise<void> {
  const token = readAccessToken();
  const refreshToken = readRefreshToken();
  if (token) {
    await apiPost('/auth/logout', { refreshToken: refreshToken ?? undefined }, { token }).catch(() => {});
  }
  loseSession();
}

let refreshing: Promise<LoginResponse> | null = null;

/**
 * Exchanges the refresh token for a new pair. Calls made while one refresh is under way share it:
 * a refresh token works once, so two parallel refreshes would look like token theft to the server.
 */
export function refreshSession(): Promise<LoginResponse> {
  if (!refreshing) {
    const refreshToken = isIdleTooLong() ? null : readRefreshToken();
    refreshing = (
      refreshToken
        ? apiPost<LoginResponse>('/auth/refresh', { refreshToken }).then((response) => {
            saveSession(response);
            return response;
          })
        : Promise.reject(new ApiError(REFRESH_FAILED_MESSAGE, 401, 'UNAUTHORIZED'))
    ).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** A refreshed access token; a refused refresh ends the session. A network failure keeps it (nothing was decided). */
async function refreshOrLoseSession(): Promise<string> {
  try {
    return (await refreshSession()).token;
  } catch (error) {
    if (isNetworkError(error)) throw error;
    loseSession();
    throw new ApiError(REFRESH_FAILED_MESSAGE, 401, 'UNAUTHORIZED');
  }
}

/** The access token to send now: the stored one, refreshed first when it is missing or expiring soon. */
export async function getAccessToken(now = Date.now()): Promise<string | null> {
  const token = readAccessToken(now);
  if (token && !isExpiringSoon(now)) return token;
  if (!readRefreshToken()) return token;
  try {
    return await refreshOrLoseSession();
  } catch (error) {
    // Offline with a token that still works for a few minutes: use it rather than fail.
    if (token && isNetworkError(error)) return token;
    throw error;
  }
}

type AdminRequestOptions = Omit<ApiRequestOptions, 'token'>;

/**
 * Runs `send` with the access token, under the rules above: refresh first when it is expiring
 * soon, refresh and retry once on 401 TOKEN_EXPIRED, end the session on any other 401.
 */
async function withAdminToken<T>(send: (token: string) => Promise<T>): Promise<T> {
  const token = await getAccessToken();
  if (!token) {
    loseSession();
    throw new ApiError('Authentication required', 401, 'UNAUTHORIZED');
  }
  try {
    return await send(token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (error.code !== 'TOKEN_EXPIRED') {
      // Revoked or disabled: the session is over on the server, so it ends here too.
      loseSession();
      throw error;
    }
  }
  return send(await refreshOrLoseSession());
}

export function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  return withAdminToken((token) => apiRequest<T>(path, { ...options, token }));
}

/**
 * A file from the admin API (a CSV export): the body as a Blob and the name the server suggests
 * (Content-Disposition), if any. Errors are the API's JSON errors, as for every other call.
 */
export function adminDownload(
  path: string,
  options: { query?: QueryParams; accept?: string; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  return withAdminToken(async (token) => {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        headers: { Accept: options.accept ?? '*/*', Authorization: `Bearer ${token}` },
        signal: options.signal,
      });
    } catch {
      throw new ApiError('Network error', 0, 'NETWORK_ERROR');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null;
      throw new ApiError(
        typeof body?.message === 'string' ? body.message : `Request failed with status ${response.status}`,
        response.status,
        typeof body?.code === 'string' ? body.code : undefined,
      );
    }
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), filename };
  });
}

export function adminGet<T>(path: string, options: Omit<AdminRequestOptions, 'method' | 'body'> = {}) {
  return adminRequest<T>(path, { ...options, method: 'GET' });
}

export function adminPost<T>(path: string, body?: unknown, options: Omit<AdminRequestOptions, 'method' | 'body'> = {}) {
  return adminRequest<T>(path, { ...options, method: 'POST', body });
}

export function adminPut<T>(path: string, body?: unknown, options: Omit<AdminRequestOptions, 'method' | 'body'> = {}) {
  return adminRequest<T>(path, { ...options, method: 'PUT', body });
}

export function adminDelete<T = Record<string, never>>(
  path: string,
  options: Omit<AdminRequestOptions, 'method'> = {},
) {
  return adminRequest<T>(path, { ...options, method: 'DELETE' });
}

/** A list endpoint (`{ data: [...], pagination }`). */
export async function adminList<T>(
  path: string,
  options: Omit<AdminRequestOptions, 'method' | 'body'> = {},
): Promise<ListResult<T>> {
  return toListResult(await adminGet<Partial<ListResult<T>>>(path, options));
}
