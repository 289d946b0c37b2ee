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

describe('two-step sign-in (docs/product.md#staff-two-step-sign-in)', () => {
  const challenge = { two_factor_required: true, challenge_token: 'challenge-1', expires_in: 300 };

  it('a challenge leaves the code to enter: nothing stored until the code is right', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      if (url === '/api/auth/login') return json({ data: challenge });
      return json({ data: { ...login(), idleTimeout: '12h' } });
    });
    await mount();
    let ok = true;
    await act(async () => {
      ok = (await auth?.signIn('owner@cedar.shop', 'secret')) ?? true;
    });
    expect(ok).toBe(false);
    expect(auth?.error).toBeNull();
    expect(auth?.pendingStep).toMatchObject({ kind: 'code', challengeToken: 'challenge-1' });
    expect(auth?.status).toBe('anonymous');
    expect(hasStoredSession()).toBe(false);

    await act(async () => {
      ok = (await auth?.submitTwoStepCode('123456')) ?? false;
    });
    expect(ok).toBe(true);
    expect(calls[1]).toEqual({
      url: '/api/auth/login/two-factor',
      body: { challenge_token: 'challenge-1', code: '123456' },
    });
    expect(auth?.status).toBe('authenticated');
    expect(auth?.pendingStep).toBeNull();
    expect(localStorage.getItem(TOKEN_KEYS.idleTimeout)).toBe(String(12 * 3_600_000));
    expect(localStorage.getItem(TOKEN_KEYS.lastActivity)).not.toBeNull();
  });

  it('a wrong code keeps the step with the server’s words; an expired challenge goes back to the password', async () => {
    let answer = failure(400, 'This code is not right.', 'VALIDATION_ERROR');
    vi.stubGlobal('fetch', async (url: string) => (url === '/api/auth/login' ? json({ data: challenge }) : answer));
    await mount();
    await act(async () => {
      await auth?.signIn('owner@cedar.shop', 'secret');
    });
    await act(async () => {
      await auth?.submitTwoStepCode('000000');
    });
    expect(auth?.error).toBe('This code is not right.');
    expect(auth?.pendingStep?.kind).toBe('code');
    answer = failure(401, 'This sign-in has expired. Sign in again.');
    await act(async () => {
      await auth?.submitTwoStepCode('111111');
    });
    expect(auth?.pendingStep).toBeNull();
    expect(auth?.error).toBe('This sign-in has expired. Sign in again.');
    expect(auth?.status).toBe('anonymous');
  });

  it('an enrolment challenge: set up, then the code turns it on and signs in', async () => {
    const setup = { secret: 'ABCDEFGH', qrCode: 'data:image/svg+xml;base64,', backupCodes: [] };
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      if (url === '/api/auth/login')
        return json({ data: { two_factor_enrolment_required: true, challenge_token: 'enrol-1', expires_in: 900 } });
      if (url === '/api/auth/login/two-factor/setup') return json({ data: setup });
      return json({ data: login() });
    });
    await mount();
    await act(async () => {
      await auth?.signIn('owner@cedar.shop', 'secret');
    });
    expect(auth?.pendingStep?.kind).toBe('enrol');
    let started: unknown;
    await act(async () => {
      started = await auth?.startTwoStepEnrolment();
    });
    expect(started).toEqual(setup);
    await act(async () => {
      await auth?.finishTwoStepEnrolment('123456');
    });
    expect(auth?.status).toBe('authenticated');
    expect(urls).toEqual(['/api/auth/login', '/api/auth/login/two-factor/setup', '/api/auth/login/two-factor/enrol']);
  });
});

describe('idle sign-out (docs/product.md#staff-sessions)', () => {
  it('a panel left longer than the idle timeout signs out, telling the server', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return url === '/api/auth/me' ? json({ data: owner }) : new Response(null, { status: 204 });
    });
    saveSession({ ...login(), idleTimeout: '30m' });
    localStorage.setItem(TOKEN_KEYS.lastActivity, String(Date.now() - 31 * 60_000));
    await mount();
    await waitFor(() => expect(urls).toContain('/api/auth/logout'));
    await waitFor(() => expect(auth?.status).toBe('anonymous'));
    expect(hasStoredSession()).toBe(false);
  });

  it('activity in time keeps it, and is noted', async () => {
    vi.stubGlobal('fetch', async () => json({ data: owner }));
    saveSession({ ...login(), idleTimeout: '30m' });
    const earlier = Date.now() - 20 * 60_000;
    localStorage.setItem(TOKEN_KEYS.lastActivity, String(earlier));
    await mount();
    await waitFor(() => expect(auth?.status).toBe('authenticated'));
    act(() => {
      window.dispatchEvent(new Event('keydown'));
    });
    expect(Number(localStorage.getItem(TOKEN_KEYS.lastActivity))).toBeGreaterThan(earlier);
    expect(auth?.status).toBe('authenticated');
  });
});
