import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopperSession, ShopperUser } from '#shared/contracts/accounts.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { authErrorKind, weakPasswordReasons } from './auth-errors.ts';
import {
  loadCurrentUser,
  refreshTick,
  STARTUP_RETRY_DELAY_MS,
  startSessionKeeper,
  stopSessionKeeper,
} from './session-keeper.ts';
import { REFRESH_THRESHOLD_TICKS, REFRESH_TICK_MS, shopperRequest } from './shopper-api.ts';
import {
  currentShopperSession,
  SHOPPER_SESSION_KEY,
  setShopperSession,
  syncFromStorage,
  useShopperSessionStore,
} from './shopper-session-store.ts';

const user: ShopperUser = {
  id: 'u1',
  email: 'rima@example.com',
  phone: null,
  name: 'Rima',
  email_verified: false,
  phone_verified: false,
  two_factor_enabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function session(expiresInMs: number, tag = 'a'): ShopperSession {
  return {
    access_token: `access-${tag}`,
    refresh_token: `refresh-${tag}`,
    expires_in: Math.round(expiresInMs / 1000),
    expires_at: Math.floor((Date.now() + expiresInMs) / 1000),
    token_type: 'bearer',
    user,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The network boundary: each call answered in turn by `answers`, every request recorded. */
function stubFetch(...answers: (Response | Error)[]) {
  const calls: { url: string; body: unknown; auth: string | null }[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      auth: new Headers(init.headers).get('Authorization'),
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected request ${url}`);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  useShopperSessionStore.setState({ session: null });
});

afterEach(() => {
  stopSessionKeeper();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('refresh tick', () => {
  it('is 30 s, and refreshes only within 3 ticks of expiry', async () => {
    expect(REFRESH_TICK_MS).toBe(30_000);
    expect(REFRESH_THRESHOLD_TICKS).toBe(3);
    setShopperSession(session(REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS + 5_000));
    const calls = stubFetch(json(200, { data: { session: session(3_600_000, 'b'), mfa_challenge: null } }));
    await refreshTick();
    expect(calls).toHaveLength(0);

    await refreshTick(Date.now() + 10_000);
    expect(calls).toEqual([
      { url: '/api/account/token', body: { grant_type: 'refresh_token', refresh_token: 'refresh-a' }, auth: null },
    ]);
    expect(currentShopperSession()?.access_token).toBe('access-b');
    expect(JSON.parse(localStorage.getItem(SHOPPER_SESSION_KEY) ?? '{}').refresh_token).toBe('refresh-b');
  });

  it('ticks every 30 s once started', async () => {
    vi.useFakeTimers();
    setShopperSession(session(REFRESH_TICK_MS * 4 + 1_000));
    const calls = stubFetch(
      json(200, { data: user }),
      json(200, { data: { session: session(3_600_000, 'b'), mfa_challenge: null } }),
    );
    startSessionKeeper();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/account/user']);
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(calls.map((call) => call.url)).toEqual(['/api/account/user', '/api/account/token']);
    expect(currentShopperSession()?.access_token).toBe('access-b');
  });

  it('removes the session when the server refuses the refresh token', async () => {
    setShopperSession(session(10_000));
    stubFetch(json(401, { message: 'Your session is no longer valid. Please sign in again.', code: 'UNAUTHORIZED' }));
    await refreshTick();
    expect(currentShopperSession()).toBeNull();
    expect(localStorage.getItem(SHOPPER_SESSION_KEY)).toBeNull();
  });

  it('removes the session when the answer holds no usable session (invalid token response)', async () => {
    setShopperSession(session(10_000));
    stubFetch(json(200, { data: { session: null, mfa_challenge: null } }));
    await refreshTick();
    expect(currentShopperSession()).toBeNull();
  });

  it.each([502, 503, 504])('keeps the session on %i and tries again next tick', async (status) => {
    setShopperSession(session(10_000));
    stubFetch(json(status, { message: 'Service unavailable' }));
    await refreshTick();
    expect(currentShopperSession()?.refresh_token).toBe('refresh-a');
  });

  it('keeps the session when the network is down', async () => {
    setShopperSession(session(10_000));
    stubFetch(new TypeError('Failed to fetch'));
    await refreshTick();
    expect(currentShopperSession()?.refresh_token).toBe('refresh-a');
  });

  it('refreshes and retries once when a call answers TOKEN_EXPIRED', async () => {
    setShopperSession(session(3_600_000));
    const calls = stubFetch(
      json(401, { message: 'Your session has expired. Please sign in again.', code: 'TOKEN_EXPIRED' }),
      json(200, { data: { session: session(3_600_000, 'b'), mfa_challenge: null } }),
      json(200, { data: user }),
    );
    await expect(shopperRequest('/account/user')).resolves.toEqual(user);
    expect(calls.map((call) => call.auth)).toEqual(['Bearer access-a', null, 'Bearer access-b']);
  });
});

describe('startup user fetch', () => {
  it('tries twice with a wait between, then keeps the stored session', async () => {
    vi.useFakeTimers();
    setShopperSession(session(3_600_000));
    const calls = stubFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    const result = loadCurrentUser();
    await vi.advanceTimersByTimeAsync(STARTUP_RETRY_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(user);
    expect(calls).toHaveLength(2);
    expect(currentShopperSession()).not.toBeNull();
  });

  it('takes the fresh user on success', async () => {
    setShopperSession(session(3_600_000));
    stubFetch(json(200, { data: { ...user, name: 'Rima K.', email_verified: true } }));
    await loadCurrentUser();
    expect(currentShopperSession()?.user).toMatchObject({ name: 'Rima K.', email_verified: true });
  });

  it.each([401, 403])('clears the session on %i', async (status) => {
    setShopperSession(session(3_600_000));
    const calls = stubFetch(json(status, { message: 'Authentication required', code: 'UNAUTHORIZED' }));
    await expect(loadCurrentUser()).resolves.toBeNull();
    expect(calls).toHaveLength(1);
    expect(currentShopperSession()).toBeNull();
  });
});

describe('tabs in step', () => {
  it('signs this tab out when another tab removes the session, and in when it stores one', () => {
    setShopperSession(session(3_600_000));
    localStorage.removeItem(SHOPPER_SESSION_KEY);
    syncFromStorage({ key: SHOPPER_SESSION_KEY, storageArea: localStorage });
    expect(currentShopperSession()).toBeNull();

    localStorage.setItem(SHOPPER_SESSION_KEY, JSON.stringify(session(3_600_000, 'c')));
    syncFromStorage({ key: 'cart-storage', storageArea: localStorage });
    expect(currentShopperSession()).toBeNull();
    syncFromStorage({ key: SHOPPER_SESSION_KEY, storageArea: localStorage });
    expect(currentShopperSession()?.access_token).toBe('access-c');
  });
});

describe('error kinds', () => {
  it('names each kind', () => {
    expect(authErrorKind(new ApiError('Auth session missing!', 401, 'UNAUTHORIZED'))).toBe('session_missing');
    expect(authErrorKind(new ApiError('Invalid login credentials', 401, 'UNAUTHORIZED'))).toBe('invalid_credentials');
    expect(authErrorKind(new ApiError('Your session has expired.', 401, 'TOKEN_EXPIRED'))).toBe('invalid_jwt');
    expect(authErrorKind(new ApiError('Authentication required', 401, 'UNAUTHORIZED'))).toBe('invalid_jwt');
    expect(authErrorKind(new ApiError('Failed to refresh authentication', 200))).toBe('invalid_token_response');
    expect(authErrorKind(new ApiError('Network error', 0, 'NETWORK_ERROR'))).toBe('retryable');
    for (const status of [502, 503, 504]) expect(authErrorKind(new ApiError('x', status))).toBe('retryable');
    expect(authErrorKind(new ApiError('x', 500))).toBe('other');
    expect(authErrorKind(new Error('x'))).toBe('other');
  });

  it('reads a weak password with every reason the server gave', () => {
    const error = new ApiError('Password must be at least 10 characters', 400, 'VALIDATION_ERROR', [
      { path: 'password', message: 'Password must be at least 10 characters' },
      { path: 'password', message: 'Password is too common' },
    ]);
    expect(authErrorKind(error)).toBe('weak_password');
    expect(weakPasswordReasons(error)).toEqual(['Password must be at least 10 characters', 'Password is too common']);
  });
});
