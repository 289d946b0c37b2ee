import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, LoginResponse } from '#shared/contracts/auth.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { OWNER as owner } from '#web/test/admin.tsx';
import { errorBody, json } from '#web/test/api.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { type AdminAuth, AdminAuthProvider, fetchCurrentUser, toAdminUser, useAdminAuth } from './admin-auth.tsx';
import { AUTH_UI_MESSAGES, signInErrorMessage } from './auth-messages.ts';
import { hasStoredSession, saveSession, TOKEN_KEYS } from './token-store.ts';

const login = (user: AuthUser = owner): LoginResponse => ({ token: 'a1', refreshToken: 'r1', expiresIn: '15m', user });

const failure = (status: number, message = 'Nope', code = 'UNAUTHORIZED') => errorBody(message, status, code);

let view: Rendered | undefined;
let auth: AdminAuth | undefined;
function Probe() {
  auth = useAdminAuth();
  return null;
}
async function mount() {
  view = await render(
    <MemoryRouter initialEntries={['/admin-secret']}>
      <AdminAuthProvider>
        <Probe />
      </AdminAuthProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  view?.unmount();
  view = undefined;
  auth = undefined;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('roles (docs/product.md#roles-and-permissions)', () => {
  it('shows every server role as admin; hasRole is true only for admin', async () => {
    expect(toAdminUser(owner)).toMatchObject({ role: 'admin', serverRole: 'super_admin' });
    saveSession(login());
    vi.stubGlobal('fetch', async () => json({ data: owner }));
    await mount();
    await waitFor(() => expect(auth?.status).toBe('authenticated'));
    expect(auth?.user?.role).toBe('admin');
    expect(auth?.hasRole('admin')).toBe(true);
    expect(auth?.hasRole('super_admin')).toBe(false);
    expect(auth?.hasRole('customer')).toBe(false);
  });
});

describe('startup fetch of the current user (docs/product.md#admin-sign-in-state: two attempts)', () => {
  it('without a stored session is anonymous at once, without calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await mount();
    expect(auth?.status).toBe('anonymous');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tries twice with a wait between, then reports the failure and keeps the tokens', async () => {
    saveSession(login());
    const fetchMock = vi.fn(async () => failure(503, 'Down', 'INTERNAL_ERROR'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchCurrentUser(5)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(hasStoredSession()).toBe(true);
  });

  it('succeeds on the second attempt', async () => {
    saveSession(login());
    let attempt = 0;
    vi.stubGlobal('fetch', async () =>
      ++attempt === 1 ? failure(502, 'Bad gateway', 'INTERNAL_ERROR') : json({ data: owner }),
    );
    await expect(fetchCurrentUser(5)).resolves.toEqual(owner);
  });

  it('clears the session on 403', async () => {
    saveSession(login());
    const fetchMock = vi.fn(async () => failure(403, 'Forbidden', 'FORBIDDEN'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchCurrentUser(5)).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hasStoredSession()).toBe(false);
  });
});

describe('signIn', () => {
  it('sends the trimmed, lowercased email without a bearer token and stores the session', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return json({ data: login() });
    });
    await mount();
    let ok = false;
    await act(async () => {
      ok = (await auth?.signIn('  Owner@Cedar.SHOP ', 'secret')) ?? false;
    });
    expect(ok).toBe(true);
    expect(calls[0]?.url).toBe('/api/auth/login');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: 'owner@cedar.shop', password: 'secret' });
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false);
    expect(auth?.status).toBe('authenticated');
    expect(JSON.parse(localStorage.getItem(TOKEN_KEYS.user) ?? 'null')?.email).toBe('owner@cedar.shop');
  });

  // A plain 429 gets the spec's words; a lockout's own words (how long to wait) are shown as sent.
  it.each([
    ['keeps the spec’s words for 429', 'Slow down', 'Too many login attempts. Please try again later.'],
    [
      'says how long a locked sign-in must wait, as the server said',
      'Too many login attempts. Please try again later. You can try again in 14 minutes.',
      'Too many login attempts. Please try again later. You can try again in 14 minutes.',
    ],
  ])('%s, and can clear the error', async (_name, sent, shown) => {
    vi.stubGlobal('fetch', async () => failure(429, sent, 'RATE_LIMITED'));
    await mount();
    await act(async () => {
      await auth?.signIn('owner@cedar.shop', 'x');
    });
    expect(auth?.error).toBe(shown);
    act(() => auth?.clearError());
    expect(auth?.error).toBeNull();
  });

  it('refuses a shopper account and ends the session it opened', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return url === '/api/auth/login'
        ? json({ data: login({ ...owner, role: 'customer' }) })
        : new Response(null, { status: 204 });
    });
    await mount();
    await act(async () => {
      await auth?.signIn('shopper@example.com', 'x');
    });
    expect(auth?.status).toBe('anonymous');
    expect(auth?.error).toBe(AUTH_UI_MESSAGES.notStaff);
    expect(urls).toEqual(['/api/auth/login', '/api/auth/logout']);
    expect(hasStoredSession()).toBe(false);
  });

  it('says so when the answer has no user', async () => {
    vi.stubGlobal('fetch', async () => json({ data: { token: 'a', refreshToken: 'r', expiresIn: '15m' } }));
    await mount();
    await act(async () => {
      await auth?.signIn('owner@cedar.shop', 'x');
    });
    expect(auth?.error).toBe('Login failed - no user data returned');
  });
});

describe('sign-in messages (docs/product.md#sign-in-messages)', () => {
  it('maps errors word for word', () => {
    expect(signInErrorMessage(new ApiError('whatever', 401, 'UNAUTHORIZED'))).toBe('Invalid email or password');
    expect(signInErrorMessage(new ApiError('whatever', 429, 'RATE_LIMITED'))).toBe(
      'Too many login attempts. Please try again later.',
    );
    const waiting = 'Too many login attempts. Please try again later. You can try again in 45 seconds.';
    expect(signInErrorMessage(new ApiError(waiting, 429, 'RATE_LIMITED'))).toBe(waiting);
    // Only a wait in the expected words is added; anything else keeps the spec's sentence alone.
    expect(signInErrorMessage(new ApiError('Too many login attempts. Please try again later. Go away.', 429))).toBe(
      'Too many login attempts. Please try again later.',
    );
    expect(signInErrorMessage(new ApiError('Email is required', 400, 'VALIDATION_ERROR'))).toBe('Email is required');
    expect(signInErrorMessage(new ApiError('', 500))).toBe('Login failed');
    expect(signInErrorMessage(new TypeError('boom'))).toBe('An unexpected error occurred during sign in');
  });

  it('refuses registration, password reset and profile updates in the admin panel (docs/product.md#admin-panel-refusals)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    await mount();
    await expect(auth?.register()).rejects.toThrow('User registration is not available in the admin panel');
    await expect(auth?.resetPassword()).rejects.toThrow('Password reset is not available in the admin panel');
    await expect(auth?.updateProfile()).rejects.toThrow('Profile updates are not available in the admin panel');
  });
});
