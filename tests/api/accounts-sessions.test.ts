import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MISSING_CONTACT_MESSAGE } from '#shared/contracts/accounts.ts';
import { bearer, createUser, SHOPPER_PASSWORD, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('shopper sessions (decision 013)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signs up with a phone alone, normalised to E.164, and answers the spec session shape', async () => {
    const session = await signUpShopper(ctx.app, { phone: '03 555 101' });
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(session.user).toMatchObject({ phone: '+9613555101', email: null, phone_verified: false });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(session.user.id);
  });

  it('refuses a sign-up without email or phone in the spec words', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/signup',
      payload: { password: SHOPPER_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { message: string }) => error.message)).toContain(
      MISSING_CONTACT_MESSAGE,
    );
  });

  it('signs in by phone and rotates refresh tokens; a reused one ends the family', async () => {
    await signUpShopper(ctx.app, { phone: '71 555 102' });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'password', phone: '+961 71 555 102', password: SHOPPER_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const first = signIn.json().data.session;
    const refresh = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/token',
        payload: { grant_type: 'refresh_token', refresh_token: token },
      });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const reused = await refresh(first.refresh_token);
    expect(reused.statusCode).toBe(401);
    const afterReuse = await refresh(second.json().data.session.refresh_token);
    expect(afterReuse.statusCode).toBe(401);
  });

  it('answers a wrong password with invalid credentials', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'password', email: 'nobody@example.com', password: 'whatever-it-is-1' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
  });

  it('never lets a shopper session into the admin API, nor a staff session into the account', async () => {
    const shopper = await signUpShopper(ctx.app);
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const staff = await signInAs(ctx.app, admin.email);
    const onAdmin = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: bearer(shopper.access_token),
    });
    expect(onAdmin.statusCode).toBe(403);
    const onAuthMe = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(shopper.access_token),
    });
    expect(onAuthMe.statusCode).toBe(403);
    const onAccount = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(staff.token) });
    expect(onAccount.statusCode).toBe(403);
    const crossRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: shopper.refresh_token },
    });
    expect(crossRefresh.statusCode).toBe(401);
    const staffAtShopper = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'refresh_token', refresh_token: staff.refreshToken },
    });
    expect(staffAtShopper.statusCode).toBe(401);
    const staffSignIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'password', email: admin.email, password: 'correct-horse-42' },
    });
    expect(staffSignIn.statusCode).toBe(401);
  });
});

describe('shopper sign-in lockout (the admin limiter, keyed on the phone too)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimits: {
        loginFailuresPerAccount: { limit: 3, windowMs: 60_000 },
        loginFailuresPerAccountAndAddress: { limit: 3, windowMs: 60_000 },
        loginAttemptsPerIp: { limit: 100, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ctx.close());

  const signIn = (phone: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'password', phone, password },
      remoteAddress: ip,
    });

  it('locks a phone account after repeated failures, even for the right password, with retry-after', async () => {
    await signUpShopper(ctx.app, { phone: '03 555 301' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // The same number typed three ways: one account key (E.164).
      const typed = ['03 555 301', '+961 3 555 301', '009613555301'][attempt] ?? '';
      expect((await signIn(typed, 'wrong-password-1', '10.66.0.1')).statusCode).toBe(401);
    }
    const locked = await signIn('03 555 301', SHOPPER_PASSWORD, '10.66.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // Another phone account is not affected.
    await signUpShopper(ctx.app, { phone: '03 555 302' });
    expect((await signIn('03 555 302', SHOPPER_PASSWORD, '10.66.0.1')).statusCode).toBe(200);
  });
});
