import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import {
  adminGet,
  endIdleSession,
  getAccessToken,
  REFRESH_FAILED_MESSAGE,
  setSessionLostHandler,
} from './admin-api.ts';
import { hasStoredSession, readRefreshToken, recordActivity, saveSession } from './token-store.ts';

const user = {
  id: 'u1',
  email: 'owner@cedar.shop',
  name: 'Owner',
  role: 'admin' as const,
  avatar_url: null,
  is_active: true,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function session(token: string, refreshToken: string, expiresIn = '15m'): LoginResponse {
  return { token, refreshToken, expiresIn, user };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const expired = () =>
  json({ message: 'Your session has expired', statusCode: 401, code: 'TOKEN_EXPIRED', errors: [] }, 401);

interface Call {
  url: string;
  auth: string | null;
  body: unknown;
}

/** A fake API server: records each call and answers from `respond`. */
function stubApi(respond: (call: Call, calls: Call[]) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const call = { url, auth: headers.get('Authorization'), body: init.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      return respond(call, calls);
    }),
  );
  return calls;
}

let lost = 0;
let restore: () => void;
beforeEach(() => {
  lost = 0;
  restore = setSessionLostHandler(() => {
    lost++;
  });
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('adminRequest (docs/product.md#admin-session-in-the-browser: refresh once and retry once on TOKEN_EXPIRED)', () => {
  it('sends the stored bearer token', async () => {
    saveSession(session('access-1', 'refresh-1'));
    const calls = stubApi(() => json({ data: { ok: true } }));
    await expect(adminGet('/admin/stats')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => [call.url, call.auth])).toEqual([['/api/admin/stats', 'Bearer access-1']]);
  });

  it('on 401 TOKEN_EXPIRED refreshes (without a bearer) and retries the call once with the new token', async () => {
    saveSession(session('access-1', 'refresh-1'));
    const calls = stubApi((call) => {
      if (call.url === '/api/auth/refresh') return json({ data: session('access-2', 'refresh-2') });
      return call.auth === 'Bearer access-2' ? json({ data: { ok: true } }) : expired();
    });
    await expect(adminGet('/admin/stats')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => [call.url, call.auth])).toEqual([
      ['/api/admin/stats', 'Bearer access-1'],
      ['/api/auth/refresh', null],
      ['/api/admin/stats', 'Bearer access-2'],
    ]);
    expect(calls[1]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(readRefreshToken()).toBe('refresh-2');
    expect(lost).toBe(0);
  });

  it('retries only once: a second TOKEN_EXPIRED is the caller’s error', async () => {
    saveSession(session('access-1', 'refresh-1'));
    const calls = stubApi((call) =>
      call.url === '/api/auth/refresh' ? json({ data: session('access-2', 'refresh-2') }) : expired(),
    );
    const error = await adminGet('/admin/stats').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('TOKEN_EXPIRED');
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/admin/stats')).toHaveLength(2);
  });

  it('when refreshing fails, clears the tokens and hands over to the sign-in route', async () => {
    saveSession(session('access-1', 'refresh-1'));
    stubApi((call) =>
      call.url === '/api/auth/refresh'
        ? json({ message: 'Your session is no longer valid', statusCode: 401, code: 'UNAUTHORIZED', errors: [] }, 401)
        : expired(),
    );
    const error = await adminGet('/admin/stats').catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe(REFRESH_FAILED_MESSAGE);
    expect(hasStoredSession()).toBe(false);
    expect(lost).toBe(1);
  });

  it('refreshes before the call when the token expires within 5 minutes', async () => {
    saveSession(session('access-1', 'refresh-1', '200s'));
    const calls = stubApi((call) =>
      call.url === '/api/auth/refresh' ? json({ data: session('access-2', 'refresh-2') }) : json({ data: [] }),
    );
    await adminGet('/admin/users');
    expect(calls.map((call) => [call.url, call.auth])).toEqual([
      ['/api/auth/refresh', null],
      ['/api/admin/users', 'Bearer access-2'],
    ]);
  });

  it('shares one refresh between parallel calls (a refresh token works once)', async () => {
    saveSession(session('access-1', 'refresh-1', '60s'));
    const calls = stubApi((call) =>
      call.url === '/api/auth/refresh' ? json({ data: session('access-2', 'refresh-2') }) : json({ data: 1 }),
    );
    await Promise.all([adminGet('/admin/a'), adminGet('/admin/b'), adminGet('/admin/c')]);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((call) => call.auth === 'Bearer access-2')).toHaveLength(3);
  });

  it('keeps a still-valid token when the refresh cannot reach the server', async () => {
    saveSession(session('access-1', 'refresh-1', '200s'));
    stubApi((call) => {
      if (call.url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json({ data: 'ok' });
    });
    await expect(getAccessToken()).resolves.toBe('access-1');
    expect(hasStoredSession()).toBe(true);
    expect(lost).toBe(0);
  });

  it('ends the session on a 401 that is not TOKEN_EXPIRED (revoked or disabled)', async () => {
    saveSession(session('access-1', 'refresh-1'));
    stubApi(() => json({ message: 'Authentication required', statusCode: 401, code: 'UNAUTHORIZED', errors: [] }, 401));
    await expect(adminGet('/admin/stats')).rejects.toBeInstanceOf(ApiError);
    expect(hasStoredSession()).toBe(false);
    expect(lost).toBe(1);
  });

  it('without any session, does not call the API and hands over to the sign-in route', async () => {
    const calls = stubApi(() => json({ data: 1 }));
    await expect(adminGet('/admin/stats')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
    expect(lost).toBe(1);
  });
});

describe('the staff idle timeout (docs/product.md#staff-sessions)', () => {
  it('refreshes nothing once the admin has been away longer than the timeout: the session ends', async () => {
    const calls = stubApi(() => json({ data: session('a2', 'r2') }));
    saveSession({ ...session('a1', 'r1', '1m'), idleTimeout: '30m' });
    recordActivity(Date.now() - 31 * 60_000);
    await expect(getAccessToken(Date.now() + 60_000)).rejects.toThrow(REFRESH_FAILED_MESSAGE);
    expect(calls.map((call) => call.url)).not.toContain('/api/auth/refresh');
    expect(lost).toBe(1);
    expect(hasStoredSession()).toBe(false);
  });

  it('refreshes as before while the admin is active', async () => {
    const calls = stubApi(() => json({ data: session('a2', 'r2') }));
    saveSession({ ...session('a1', 'r1', '1m'), idleTimeout: '30m' });
    recordActivity(Date.now() - 29 * 60_000);
    expect(await getAccessToken(Date.now() + 60_000)).toBe('a2');
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
  });

  it('an idle session is signed out on the server with the token it still has, never refreshed for it', async () => {
    const calls = stubApi(() => new Response(null, { status: 204 }));
    saveSession({ ...session('a1', 'r1'), idleTimeout: '30m' });
    await endIdleSession();
    expect(calls).toEqual([{ url: '/api/auth/logout', auth: 'Bearer a1', body: { refreshToken: 'r1' } }]);
    expect(lost).toBe(1);
    expect(readRefreshToken()).toBeNull();
  });
});
