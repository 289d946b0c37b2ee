import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { staffKnownAddresses } from '#server/users/staff-known-addresses.table.ts';
import { users } from '#server/users/users.table.ts';
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '#shared/contracts/security.ts';
import { bearer, createUser, signInAs, TEST_PASSWORD } from '../helpers/auth.ts';
import { type ManualClock, manualClock } from '../helpers/clocks.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type SecurityPatch = { [S in keyof SecurityConfig]?: Partial<SecurityConfig[S]> };

/**
 * docs/product.md#staff-sessions: each sign-in and session switch of the security configuration
 * acts (idle timeout, sessions per admin, the new-address alert, the password policy), the last
 * sign-in's address is stamped, and a reused refresh token raises an alert.
 */
describe('staff sessions and the security configuration', () => {
  let ctx: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock();
    ctx = await createTestApp({ clock });
  });
  afterAll(() => ctx.close());

  const configure = (security: SecurityPatch) => ctx.app.settings.save({ security }, { actor: null }, false);
  afterEach(async () => {
    clock.set(Date.now());
    await configure(DEFAULT_SECURITY_CONFIG);
  });

  const refresh = (refreshToken: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken }, remoteAddress: '10.88.0.1' });
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const alertsOf = (userId: string) =>
    ctx.database.db.select().from(securityAlerts).where(eq(securityAlerts.userId, userId));

  describe('sessions.admin_idle_timeout_minutes', () => {
    it('refuses a refresh token left unused longer than the timeout and ends its session', async () => {
      await configure({ sessions: { admin_idle_timeout_minutes: 30 } });
      const user = await createUser(ctx.database.db);
      const session = await signInAs(ctx.app, user.email);
      // The panel is told, to stop refreshing after as long without activity.
      expect(session.idleTimeout).toBe('30m');

      clock.advance(29 * 60_000);
      const inTime = await refresh(session.refreshToken);
      expect(inTime.statusCode).toBe(200);
      const next = inTime.json().data;

      // Counted from the last refresh: 29 more minutes are fine again, 31 are not.
      clock.advance(31 * 60_000);
      const late = await refresh(next.refreshToken);
      expect(late.statusCode).toBe(401);
      expect((await me(next.token)).statusCode).toBe(401);
      const idle = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, 'auth.session_idle')));
      expect(idle).toHaveLength(1);
      // An ended session is no theft: no alert.
      expect(await alertsOf(user.id)).toEqual([]);
    });

    it('a longer timeout lets the same pause through', async () => {
      await configure({ sessions: { admin_idle_timeout_minutes: 120 } });
      const user = await createUser(ctx.database.db);
      const session = await signInAs(ctx.app, user.email);
      clock.advance(31 * 60_000);
      expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    });
  });

  describe('sessions.max_sessions_per_admin', () => {
    it('a new sign-in ends the oldest live sessions beyond the limit', async () => {
      await configure({ sessions: { max_sessions_per_admin: 2 } });
      const user = await createUser(ctx.database.db);
      const first = await signInAs(ctx.app, user.email);
      const second = await signInAs(ctx.app, user.email);
      // Refreshing keeps a session's age: the first is still the oldest.
      const firstRefreshed = (await refresh(first.refreshToken)).json().data;
      const third = await signInAs(ctx.app, user.email);
      expect((await me(firstRefreshed.token)).statusCode).toBe(401);
      expect((await refresh(firstRefreshed.refreshToken)).statusCode).toBe(401);
      expect((await me(second.token)).statusCode).toBe(200);
      expect((await me(third.token)).statusCode).toBe(200);
      const limited = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.action, 'auth.sessions_limited')));
      expect(limited).toHaveLength(1);
      // An ended session's token presented again raises no theft alert.
      expect(await alertsOf(user.id)).toEqual([]);
    });

    it('a higher limit keeps them all', async () => {
      await configure({ sessions: { max_sessions_per_admin: 5 } });
      const user = await createUser(ctx.database.db);
      const sessions = [];
      for (let i = 0; i < 3; i += 1) sessions.push(await signInAs(ctx.app, user.email));
      for (const session of sessions) expect((await me(session.token)).statusCode).toBe(200);
    });
  });

  describe('monitoring.alert_on_new_ip', () => {
    it('alerts on a sign-in from an address new for the account (not its first), stamps the address', async () => {
      const user = await createUser(ctx.database.db);
      await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.60.0.1');
      await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.60.0.1');
      expect(await alertsOf(user.id)).toEqual([]);
      const [stamped] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(stamped?.lastLoginIp).toBe('10.60.0.1');

      await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.60.0.2');
      expect(await alertsOf(user.id)).toEqual([
        expect.objectContaining({
          type: 'login',
          severity: 'medium',
          title: `Sign-in from a new address for ${user.email}`,
          ipAddress: '10.60.0.2',
        }),
      ]);
      // Known from now on.
      await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.60.0.2');
      expect(await alertsOf(user.id)).toHaveLength(1);
      const known = await ctx.database.db
        .select({ ip: staffKnownAddresses.ip })
        .from(staffKnownAddresses)
        .where(eq(staffKnownAddresses.userId, user.id));
      expect(known.map((row) => row.ip).sort()).toEqual(['10.60.0.1', '10.60.0.2']);
      const [again] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(again?.lastLoginIp).toBe('10.60.0.2');
    });

    it('switched off, a new address raises nothing (and is still recorded)', async () => {
      await configure({ monitoring: { alert_on_new_ip: false } });
      const user = await createUser(ctx.database.db);
      await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.61.0.1');
      await signInAs(ctx.app, user.email, TEST_PASSWORD, '10.61.0.2');
      expect(await alertsOf(user.id)).toEqual([]);
      const known = await ctx.database.db
        .select()
        .from(staffKnownAddresses)
        .where(eq(staffKnownAddresses.userId, user.id));
      expect(known).toHaveLength(2);
    });
  });

  it('a reused refresh token raises a high login alert; a signed-out one does not', async () => {
    const user = await createUser(ctx.database.db);
    const first = await signInAs(ctx.app, user.email);
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect(await alertsOf(user.id)).toEqual([
      expect.objectContaining({
        type: 'login',
        severity: 'high',
        title: `Refresh token reused for ${user.email}`,
        ipAddress: '10.88.0.1',
      }),
    ]);

    const other = await createUser(ctx.database.db);
    const session = await signInAs(ctx.app, other.email);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.token),
      payload: { refreshToken: session.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect(await alertsOf(other.id)).toEqual([]);
  });

  describe('password_policy on /auth/change-password', () => {
    const change = (token: string, newPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword: TEST_PASSWORD, newPassword },
      });

    it("refuses a staff password the shop's policy does not allow, naming the field", async () => {
      await configure({ password_policy: { min_length: 16, require_upper: true, require_symbol: true } });
      const user = await createUser(ctx.database.db);
      const { token } = await signInAs(ctx.app, user.email);
      const weak = await change(token, 'walnut-harbour-72');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual(
        expect.arrayContaining([{ path: 'newPassword', message: 'Password must contain an upper-case letter' }]),
      );
      const short = await change(token, 'Walnut-harb0ur');
      expect(short.json().errors).toEqual(
        expect.arrayContaining([{ path: 'newPassword', message: 'Password must be at least 16 characters' }]),
      );
      expect((await change(token, 'Walnut-Harbour-72!')).statusCode).toBe(204);
    });

    it('the default policy lets the same password through', async () => {
      const user = await createUser(ctx.database.db);
      const { token } = await signInAs(ctx.app, user.email);
      expect((await change(token, 'walnut-harbour-72')).statusCode).toBe(204);
    });
  });
});
