import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { authSessions } from '#server/auth/sessions.table.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES } from '#shared/contracts/accounts.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { withRetryWait } from '#shared/retry-wait.ts';
import { bearer, createUser, signInAs, TEST_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

const unauthorizedBody = { message: AUTH_MESSAGES.unauthorized, statusCode: 401, code: 'UNAUTHORIZED', errors: [] };
const invalidRefreshBody = {
  message: AUTH_MESSAGES.invalidRefreshToken,
  statusCode: 401,
  code: 'UNAUTHORIZED',
  errors: [],
};

describe('auth', () => {
  let ctx: TestApp;
  const secretsSeen: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimits: {
        loginFailuresPerAccount: { limit: 3, windowMs: 60_000 },
        loginFailuresPerAccountAndAddress: { limit: 3, windowMs: 60_000 },
        loginAttemptsPerIp: { limit: 6, windowMs: 60_000 },
        registrationsPerIp: { limit: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const remember = <T extends { token: string; refreshToken: string }>(pair: T): T => {
    secretsSeen.push(pair.token, pair.refreshToken);
    return pair;
  };

  describe('POST /api/auth/login', () => {
    it('signs in with a trimmed, lowercased email and answers the login response', async () => {
      const user = await createUser(ctx.database.db, { email: 'layla@cedar.test', name: 'Layla' });
      const response = await login('  Layla@Cedar.TEST ', TEST_PASSWORD, '10.2.0.1');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      remember(data);
      expect(data).toEqual({
        token: expect.any(String),
        refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresIn: '15m',
        user: {
          id: user.id,
          email: 'layla@cedar.test',
          name: 'Layla',
          role: 'admin',
          avatar_url: null,
          is_active: true,
          last_login_at: expect.any(String),
          created_at: user.createdAt.toISOString(),
        },
        // The security configuration's staff idle timeout (720 minutes by default).
        idleTimeout: '12h',
      });
      expect(JSON.stringify(data)).not.toMatch(/password/i);
      const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(stored?.lastLoginAt).not.toBeNull();
      expect((await me(data.token)).json().data.email).toBe('layla@cedar.test');
    });

    it('answers a wrong password, an unknown email and a disabled account with the same 401', async () => {
      await createUser(ctx.database.db, { email: 'samir@cedar.test' });
      await createUser(ctx.database.db, { email: 'off@cedar.test', isActive: false });
      const wrong = await login('samir@cedar.test', 'not-the-password-1', '10.2.0.2');
      const unknown = await login('nobody@cedar.test', TEST_PASSWORD, '10.2.0.3');
      const disabled = await login('off@cedar.test', TEST_PASSWORD, '10.2.0.4');
      const expected = { message: AUTH_MESSAGES.invalidCredentials, statusCode: 401, code: 'UNAUTHORIZED', errors: [] };
      for (const response of [wrong, unknown, disabled]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(expected);
      }
      expect(wrong.body).toBe(unknown.body);
    });

    it('locks an account after 3 failures: then even the right password gets 429 with retry-after', async () => {
      await createUser(ctx.database.db, { email: 'target@cedar.test' });
      // Failures from different IPs still count against the one account.
      for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
        expect((await login('Target@cedar.test', 'wrong-password-1', ip)).statusCode).toBe(401);
      }
      const locked = await login('target@cedar.test', TEST_PASSWORD, '10.3.0.4');
      expect(locked.statusCode).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The words of docs/product.md#sign-in-messages, then how long to wait.
      expect(locked.json()).toEqual({
        message: withRetryWait(AUTH_MESSAGES.tooManyAttempts, retryAfter),
        statusCode: 429,
        code: 'RATE_LIMITED',
        errors: [],
      });
      expect((await login('target@cedar.test', TEST_PASSWORD, '10.3.0.5')).statusCode).toBe(429);
      const lockouts = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.lockout'));
      expect(lockouts.filter((row) => row.userEmail === 'target@cedar.test')).toHaveLength(1);
    });

    it("a lockout from strangers' addresses does not stop the owner's address that signed in before", async () => {
      const owner = await createUser(ctx.database.db, { email: 'owner@cedar.test' });
      const home = '10.6.0.1';
      remember(await signInAs(ctx.app, owner.email, TEST_PASSWORD, home));
      // Someone who knows the email locks the account from addresses it never used.
      for (const ip of ['10.6.0.7', '10.6.0.8', '10.6.0.9']) {
        expect((await login(owner.email, 'guessing-password-1', ip)).statusCode).toBe(401);
      }
      const stranger = await login(owner.email, TEST_PASSWORD, '10.6.0.10');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toMatch(
        /^Too many login attempts\. Please try again later\. You can try again in (1 minute|\d+ seconds?)\.$/,
      );
      // The owner's own address still signs in, more than once.
      const fromHome = await login(owner.email, TEST_PASSWORD, home);
      expect(fromHome.statusCode).toBe(200);
      remember(fromHome.json().data);
      // One wrong password from home is only a 401; the account and the pair counters are separate.
      expect((await login(owner.email, 'typo-password-1', home)).statusCode).toBe(401);
      expect((await login(owner.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    });

    it("the owner's known address is still stopped by its own failures", async () => {
      const owner = await createUser(ctx.database.db, { email: 'owner-2@cedar.test' });
      const home = '10.7.0.1';
      remember(await signInAs(ctx.app, owner.email, TEST_PASSWORD, home));
      for (let i = 0; i < 3; i++) {
        expect((await login(owner.email, 'wrong-password-1', home)).statusCode).toBe(401);
      }
      const locked = await login(owner.email, TEST_PASSWORD, home);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // Those failures (from a known address) also count for the account: strangers wait too.
      expect((await login(owner.email, TEST_PASSWORD, '10.7.0.2')).statusCode).toBe(429);
      // …but another address the owner used before is not stopped by the first one's failures.
      await ctx.database.db.insert(authSessions).values({
        userId: owner.id,
        familyId: owner.id,
        tokenHash: `known-office-${owner.id}`,
        expiresAt: new Date(Date.now() + 60_000),
        ip: '10.7.0.3',
      });
      const office = await login(owner.email, TEST_PASSWORD, '10.7.0.3');
      expect(office.statusCode).toBe(200);
      remember(office.json().data);
    });

    it('a right password gives its counted attempt back: successes never use up the lockout', async () => {
      const user = await createUser(ctx.database.db, { email: 'often@cedar.test' });
      // Each attempt is counted before the password is checked (decision 017); a right one is
      // given back, so more right sign-ins than the limit (3) from one address all get in…
      for (let i = 0; i < 5; i++) {
        const response = await login(user.email, TEST_PASSWORD, '10.8.1.1');
        expect(response.statusCode).toBe(200);
        remember(response.json().data);
      }
      // …while the wrong ones stay counted.
      for (let i = 0; i < 3; i++)
        expect((await login(user.email, 'wrong-password-1', '10.8.1.2')).statusCode).toBe(401);
      expect((await login(user.email, TEST_PASSWORD, '10.8.1.3')).statusCode).toBe(429);
    });

    it('limits attempts per IP across accounts', async () => {
      for (let i = 0; i < 6; i++) {
        expect((await login(`spray-${i}@cedar.test`, 'whatever-1', '10.4.0.1')).statusCode).toBe(401);
      }
      const blocked = await login('spray-7@cedar.test', 'whatever-1', '10.4.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(
        /^Too many login attempts\. Please try again later\. You can try again in/,
      );
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await login('spray-7@cedar.test', 'whatever-1', '10.4.0.2')).statusCode).toBe(401);
    });

    it('validates the body', async () => {
      const response = await login('not-an-email', '', '10.2.0.9');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    });
  });

  describe('tokens and sessions', () => {
    it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
      const user = await createUser(ctx.database.db);
      const first = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.1'));
      const rotated = await refresh(first.refreshToken);
      expect(rotated.statusCode).toBe(200);
      const second = remember(rotated.json().data);
      expect(second.expiresIn).toBe('15m');
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.user.id).toBe(user.id);
      expect((await me(second.token)).statusCode).toBe(200);
      const rows = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
      expect(rows).toHaveLength(2);
      const old = rows.find((row) => row.revokedAt !== null);
      const current = rows.find((row) => row.revokedAt === null);
      expect(old?.replacedBy).toBe(current?.id);
      expect(old?.familyId).toBe(current?.familyId);
      // Only the hash is stored.
      expect(JSON.stringify(rows)).not.toContain(first.refreshToken);
    });

    it('treats a reused refresh token as theft: the whole family is revoked', async () => {
      const user = await createUser(ctx.database.db);
      const first = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.2'));
      const second = remember((await refresh(first.refreshToken)).json().data);
      const replay = await refresh(first.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(invalidRefreshBody);
      // The legitimate holder's newer tokens die with it.
      expect((await refresh(second.refreshToken)).statusCode).toBe(401);
      expect((await me(second.token)).json()).toEqual(unauthorizedBody);
      const reuse = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.refresh_reuse'));
      expect(reuse.some((row) => row.userId === user.id)).toBe(true);
    });

    it('refuses unknown and expired refresh tokens, and those of a disabled user', async () => {
      expect((await refresh('no-such-token')).json()).toEqual(invalidRefreshBody);
      const user = await createUser(ctx.database.db);
      const pair = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.3'));
      await ctx.database.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authSessions.userId, user.id));
      expect((await refresh(pair.refreshToken)).json()).toEqual(invalidRefreshBody);
      // The next sign-in clears the user's expired rows.
      remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.3'));
      const left = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
      expect(left).toHaveLength(1);
      expect(left[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
      const other = await createUser(ctx.database.db);
      const otherPair = remember(await signInAs(ctx.app, other.email, TEST_PASSWORD, '10.5.0.3'));
      await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
      expect((await refresh(otherPair.refreshToken)).json()).toEqual(invalidRefreshBody);
      expect((await me(otherPair.token)).json()).toEqual(unauthorizedBody);
    });

    it('logs out: the access token and the refresh token stop working at once', async () => {
      const user = await createUser(ctx.database.db);
      const pair = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.4'));
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(pair.token),
        payload: { refreshToken: pair.refreshToken },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await me(pair.token)).json()).toEqual(unauthorizedBody);
      expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
      // Without a body, too.
      const again = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.4'));
      const bare = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(again.token) });
      expect(bare.statusCode).toBe(204);
      expect((await me(again.token)).statusCode).toBe(401);
      // And never without a session.
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(anonymous.json()).toEqual(unauthorizedBody);
    });

    it('answers TOKEN_EXPIRED for an expired access token, UNAUTHORIZED for a forged one', async () => {
      const user = await createUser(ctx.database.db);
      const pair = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.5.0.5'));
      const [session] = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
      const claims = { sub: user.id, role: user.role, sid: session?.familyId as string };
      const expired = await signAccessToken(claims, TEST_SECRETS.jwtSecret, 60_000, Date.now() - 120_000);
      expect((await me(expired)).json()).toEqual({
        message: AUTH_MESSAGES.tokenExpired,
        statusCode: 401,
        code: 'TOKEN_EXPIRED',
        errors: [],
      });
      const forged = await signAccessToken(claims, 'another-secret-of-at-least-32-characters!', 60_000);
      expect((await me(forged)).json()).toEqual(unauthorizedBody);
      // A forgery is never called "expired": the client would try to refresh with it.
      const expiredForgery = await signAccessToken(claims, 'another-secret-of-at-least-32-chars!!', 1000, 0);
      expect((await me(expiredForgery)).json().code).toBe('UNAUTHORIZED');
      const foreignIssuer = await new SignJWT({ role: 'admin', sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('someone-else')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(TEST_SECRETS.jwtSecret));
      expect((await me(foreignIssuer)).json()).toEqual(unauthorizedBody);
      // Signed with the server's own key for a live session, but without exp: it would never expire.
      const neverExpiring = await new SignJWT({ role: user.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('cedar-shop')
        .setIssuedAt()
        .sign(new TextEncoder().encode(TEST_SECRETS.jwtSecret));
      expect((await me(neverExpiring)).json()).toEqual(unauthorizedBody);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).json()).toEqual(unauthorizedBody);
      expect((await me(pair.token)).statusCode).toBe(200);
    });
  });

  describe('profile and password', () => {
    it('reads and updates the profile (name and avatar only)', async () => {
      const user = await createUser(ctx.database.db, { name: 'Old Name' });
      const pair = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.6.0.1'));
      const put = (payload: object) =>
        ctx.app.inject({ method: 'PUT', url: '/api/auth/me', headers: bearer(pair.token), payload });
      const updated = await put({ name: '  Rana Saad ', avatar_url: '/uploads/rana.webp' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).toMatchObject({ id: user.id, name: 'Rana Saad', avatar_url: '/uploads/rana.webp' });
      expect((await me(pair.token)).json().data.name).toBe('Rana Saad');
      expect((await put({ role: 'super_admin' })).statusCode).toBe(400);
      expect((await put({ avatar_url: 'javascript:alert(1)' })).statusCode).toBe(400);
      expect((await put({ avatar_url: null })).json().data.avatar_url).toBeNull();
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'auth.profile_updated'))
        .limit(1);
      expect(audit).toMatchObject({
        userId: user.id,
        before: { name: 'Old Name', avatar_url: null },
        after: { name: 'Rana Saad', avatar_url: '/uploads/rana.webp' },
      });
    });

    it('changes the password: checks the current one and the new rules, keeps this session, ends the others', async () => {
      const user = await createUser(ctx.database.db);
      const here = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.6.0.2'));
      const elsewhere = remember(await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.6.0.3'));
      const change = (payload: object) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(here.token), payload });

      const wrong = await change({ currentPassword: 'not-it-at-all-1', newPassword: 'a-new-password-9' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: AUTH_MESSAGES.wrongCurrentPassword,
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        errors: [{ path: 'currentPassword', message: AUTH_MESSAGES.wrongCurrentPassword }],
      });
      const weak = await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors[0].path).toBe('newPassword');
      const lettersOnly = await change({ currentPassword: TEST_PASSWORD, newPassword: 'onlylettershere' });
      expect(lettersOnly.statusCode).toBe(400);

      const done = await change({ currentPassword: TEST_PASSWORD, newPassword: 'a-new-password-9' });
      expect(done.statusCode).toBe(204);
      expect((await me(here.token)).statusCode).toBe(200);
      expect((await refresh(here.refreshToken)).statusCode).toBe(200);
      expect((await me(elsewhere.token)).statusCode).toBe(401);
      expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
      expect((await login(user.email, TEST_PASSWORD, '10.6.0.4')).statusCode).toBe(401);
      expect((await login(user.email, 'a-new-password-9', '10.6.0.4')).statusCode).toBe(200);
      secretsSeen.push('a-new-password-9');
    });
  });

  describe('POST /api/auth/register', () => {
    it('creates customers only, whatever the body says, through the shopper sign-up (a shopper session)', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: ' New.Shopper@Example.com', password: 'shopper-Pass-cedar-1', role: 'super_admin' },
        remoteAddress: '10.7.0.1',
      });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      remember(data);
      expect(data.user).toMatchObject({ email: 'new.shopper@example.com', name: 'new.shopper', role: 'customer' });
      expect(data.expiresIn).toBe('15m');
      // A shopper session (decision 018): the account area, never the staff routes.
      expect((await me(data.token)).statusCode).toBe(403);
      const account = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(data.token) });
      expect(account.json().data.email).toBe('new.shopper@example.com');
      const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'new.shopper@example.com'));
      expect(row?.role).toBe('customer');
      secretsSeen.push('shopper-Pass-cedar-1');
    });

    it('answers 409 for an email that already has an account, and limits sign-ups per IP', async () => {
      const payload = { email: 'twice@example.com', password: 'shopper-Pass-cedar-1' };
      const register = (ip: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
      expect((await register('10.7.0.2')).statusCode).toBe(201);
      const duplicate = await register('10.7.0.2');
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: ACCOUNT_MESSAGES.duplicateEmail,
        statusCode: 409,
        code: 'CONFLICT',
        errors: [{ path: 'email', message: ACCOUNT_MESSAGES.duplicateEmail }],
      });
      const limited = await register('10.7.0.2');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('applies the password rules', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'weak@example.com', password: '123' },
        remoteAddress: '10.7.0.3',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('password');
    });
  });

  it('records every auth event in the audit log, with no password or token in it', async () => {
    const rows = await ctx.database.db.select().from(auditLogs);
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'auth.login',
      'auth.login_failed',
      'auth.lockout',
      'auth.logout',
      'auth.refresh_reuse',
      'auth.password_changed',
      'auth.profile_updated',
    ]) {
      expect(actions, action).toContain(action);
    }
    const failed = rows.find((row) => row.action === 'auth.login_failed' && row.userEmail === 'samir@cedar.test');
    expect(failed).toMatchObject({ ip: '10.2.0.2', entityType: 'user' });
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(TEST_PASSWORD);
    expect(dump).not.toMatch(/wrong-password|not-the-password|\$argon2/);
    for (const secret of secretsSeen) expect(dump).not.toContain(secret);
  });
});
