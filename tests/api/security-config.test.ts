import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { SECTION_KEYS } from '#server/settings/setting-keys.ts';
import { settings } from '#server/settings/settings.table.ts';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { SETTINGS_CHANNEL } from '#server/settings/shop-settings.service.ts';
import type { Notification } from '#shared/contracts/notifications.ts';
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '#shared/contracts/security.ts';
import { apiAs, auditOf } from '../helpers/admin-api.ts';
import { createUser, signInAs, TEST_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#security-configuration: GET/PUT /admin/security/config, a patch checked whole
 * (400 naming the field), audited, raising an alert; and the switches this file owns act:
 * access.max_login_attempts, access.lockout_minutes and monitoring.alert_on_failed_logins_threshold
 * (the allowlist switch: security-allowlist.test.ts).
 */
describe('security configuration', () => {
  let ctx: TestApp;
  let admin: ReturnType<typeof apiAs>;
  let staffId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    staffId = staff.id;
    admin = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  });
  afterAll(() => ctx.close());

  const put = async (patch: object) => {
    const response = await admin('PUT', '/api/admin/security/config', patch);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as SecurityConfig;
  };
  beforeEach(async () => {
    await put(DEFAULT_SECURITY_CONFIG);
    await ctx.database.db.delete(securityAlerts);
  });

  const alerts = () => ctx.database.db.select().from(securityAlerts);
  /** The sign-in alerts (the configuration's own changes raise `security` ones). */
  const loginAlerts = () => ctx.database.db.select().from(securityAlerts).where(eq(securityAlerts.type, 'login'));

  let ipCounter = 0;
  /** A client address no other request of this file uses (the per-address sign-in limit stays out of the way). */
  const freshIp = () => `10.141.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const signIn = (email: string, password: string, ip = freshIp()) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('answers the whole configuration to staff only', async () => {
    const response = await admin('GET', '/api/admin/security/config');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(DEFAULT_SECURITY_CONFIG);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/security/config' })).statusCode).toBe(401);
    // Not part of /admin/settings: neither shown there nor changed through it.
    const all = (await admin('GET', '/api/admin/settings')).json().data;
    expect(all.security).toBeUndefined();
    expect(
      (await admin('PUT', '/api/admin/settings', { security: { ip_allowlist: { enabled: true } } })).statusCode,
    ).toBe(400);
  });

  it('a PUT is a patch: fields left out keep their value; audited with before and after; one alert', async () => {
    const saved = await put({ access: { lockout_minutes: 30 }, password_policy: { require_symbol: true } });
    expect(saved.access).toEqual({ max_login_attempts: 10, lockout_minutes: 30 });
    expect(saved.password_policy).toEqual({ ...DEFAULT_SECURITY_CONFIG.password_policy, require_symbol: true });
    expect(saved.monitoring).toEqual(DEFAULT_SECURITY_CONFIG.monitoring);
    expect((await admin('GET', '/api/admin/security/config')).json().data).toEqual(saved);
    expect(ctx.app.settings.values.security).toEqual(saved);

    const audits = await auditOf(ctx.database.db, 'setting', SECTION_KEYS.security);
    const last = audits.at(-1);
    expect(last?.action).toBe('settings.update');
    expect((last?.before as SecurityConfig | undefined)?.access.lockout_minutes).toBe(15);
    expect((last?.after as SecurityConfig | undefined)?.access.lockout_minutes).toBe(30);

    const raised = await alerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ type: 'security', severity: 'medium', title: 'Security settings changed' });
    expect(raised[0]?.description).toContain('Lockout (minutes): 15 → 30');
    expect(raised[0]?.description).toContain('Passwords need a symbol: off → on');
    expect(raised[0]?.userId).toBe(staffId);
    // In the bell of every admin.
    const bell = (await admin('GET', '/api/admin/notifications')).json().data.notifications as Notification[];
    expect(bell.find((item) => item.security_alert_id === raised[0]?.id)).toMatchObject({
      type: 'security_alert',
      title: 'Security settings changed',
    });

    // The same values again: nothing changed, nothing audited, no alert.
    const auditCount = audits.length;
    await put({ access: { lockout_minutes: 30 } });
    expect(await auditOf(ctx.database.db, 'setting', SECTION_KEYS.security)).toHaveLength(auditCount);
    expect(await alerts()).toHaveLength(1);
  });

  it('switching the two-step requirement raises a high alert', async () => {
    await put({ two_factor: { required_for_admins: true } });
    const [raised] = await alerts();
    expect(raised).toMatchObject({
      type: 'security',
      severity: 'high',
      title: 'Two-step sign-in now required for all staff',
    });
  });

  it('a bad value is a 400 naming the field; nothing is saved', async () => {
    const refused = async (patch: object, paths: Record<string, RegExp>) => {
      const response = await admin('PUT', '/api/admin/security/config', patch);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      for (const [path, message] of Object.entries(paths)) {
        const error = body.errors.find((item: { path: string }) => item.path === path);
        expect(error?.message, `${path} in ${response.body}`).toMatch(message);
      }
    };
    await refused(
      { access: { max_login_attempts: 1, lockout_minutes: 0 } },
      { 'access.max_login_attempts': /at least 3/, 'access.lockout_minutes': /at least 1/ },
    );
    await refused({ password_policy: { min_length: 8 } }, { 'password_policy.min_length': /at least 12/ });
    await refused(
      { monitoring: { alert_on_failed_logins_threshold: 2.5 } },
      { 'monitoring.alert_on_failed_logins_threshold': /whole number/ },
    );
    await refused({ ip_allowlist: { enabled: 'yes' } }, { 'ip_allowlist.enabled': /on or off/ });
    await refused({ access: { lockout_hours: 2 } }, {});
    expect((await admin('GET', '/api/admin/security/config')).json().data).toEqual(DEFAULT_SECURITY_CONFIG);
    expect(await alerts()).toHaveLength(0);
  });

  it('access.max_login_attempts: that many wrong passwords are judged, then the account waits', async () => {
    await put({ access: { max_login_attempts: 3 } });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signIn(staff.email, `wrong-${i}-password`, ip)).statusCode).toBe(401);
    expect((await signIn(staff.email, TEST_PASSWORD, ip)).statusCode).toBe(429);

    // A parallel burst at another account judges at most the setting.
    await put({ access: { max_login_attempts: 4 } });
    const other = await createUser(ctx.database.db, { role: 'admin' });
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(other.email, `wrong-${i}-password`)));
    expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(4);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(12);
  });

  it('access.lockout_minutes: the window failures are counted in, so the lockout lasts that long', async () => {
    const lockedFor = async (minutes: number) => {
      await put({ access: { max_login_attempts: 3, lockout_minutes: minutes } });
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await signIn(staff.email, `wrong-${i}-password`, ip);
      const locked = await signIn(staff.email, TEST_PASSWORD, ip);
      expect(locked.statusCode).toBe(429);
      return Number(locked.headers['retry-after']);
    };
    const short = await lockedFor(2);
    expect(short).toBeGreaterThan(60);
    expect(short).toBeLessThanOrEqual(120);
    const long = await lockedFor(45);
    expect(long).toBeGreaterThan(44 * 60);
    expect(long).toBeLessThanOrEqual(45 * 60);
  });

  it('a lockout of a staff account raises one login/high alert, however many attempts it refuses', async () => {
    await put({ access: { max_login_attempts: 3 }, monitoring: { alert_on_failed_logins_threshold: 0 } });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const ip = freshIp();
    for (let i = 0; i < 8; i++) await signIn(staff.email, `wrong-${i}-password`, ip);
    const raised = await loginAlerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'login',
      severity: 'high',
      title: `Sign-in locked for ${staff.email}`,
      ipAddress: ip,
      userId: staff.id,
    });
    // An unknown email is locked the same way, but there is no staff member to alert about.
    for (let i = 0; i < 5; i++) await signIn('nobody-here@example.com', `wrong-${i}-password`, ip);
    expect(await loginAlerts()).toHaveLength(1);
  });

  it('monitoring.alert_on_failed_logins_threshold: the failure that reaches it raises one alert; 0 never', async () => {
    await put({ access: { max_login_attempts: 50 }, monitoring: { alert_on_failed_logins_threshold: 3 } });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    await signIn(staff.email, 'wrong-1-password');
    await signIn(staff.email, 'wrong-2-password');
    // A right password is not a failure: it neither counts nor raises.
    expect((await signIn(staff.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await loginAlerts()).toHaveLength(0);
    await signIn(staff.email, 'wrong-3-password');
    const raised = await loginAlerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      type: 'login',
      severity: 'high',
      title: `3 failed sign-ins for ${staff.email}`,
      userId: staff.id,
    });
    // Once per window: more failures raise nothing more.
    for (let i = 4; i < 10; i++) await signIn(staff.email, `wrong-${i}-password`);
    expect(await loginAlerts()).toHaveLength(1);

    await put({ monitoring: { alert_on_failed_logins_threshold: 0 } });
    const quiet = await createUser(ctx.database.db, { role: 'admin' });
    for (let i = 0; i < 10; i++) await signIn(quiet.email, `wrong-${i}-password`);
    expect(await loginAlerts()).toHaveLength(1);
  });

  it('the threshold in a parallel burst: several times it at once raise exactly one alert', async () => {
    await put({ access: { max_login_attempts: 100 }, monitoring: { alert_on_failed_logins_threshold: 3 } });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(staff.email, `wrong-${i}-password`)));
    expect(burst.every((response) => response.statusCode === 401)).toBe(true);
    const raised = await loginAlerts();
    expect(raised.map((alert) => alert.title)).toEqual([`3 failed sign-ins for ${staff.email}`]);
  });

  it('carries a sign-in attempts number saved before it moved here (system.sign_in_attempts)', async () => {
    const db = ctx.database.db;
    const [securityRow] = await db.select().from(settings).where(eq(settings.key, SECTION_KEYS.security));
    const [systemRow] = await db.select().from(settings).where(eq(settings.key, SECTION_KEYS.system));
    try {
      // A shop from before: no security row, its number among the system settings.
      await db.delete(settings).where(eq(settings.key, SECTION_KEYS.security));
      const older = { ...BUILT_IN_SETTINGS.system, ...(systemRow?.value as object), sign_in_attempts: 6 };
      await db
        .insert(settings)
        .values({ key: SECTION_KEYS.system, value: older })
        .onConflictDoUpdate({ target: settings.key, set: { value: older } });
      await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'system')`);
      const config = (await admin('GET', '/api/admin/security/config')).json().data as SecurityConfig;
      expect(config.access.max_login_attempts).toBe(6);
      expect(config.access.lockout_minutes).toBe(15);
      // The first save of the section stores it there.
      await put({ access: { lockout_minutes: 20 } });
      const [stored] = await db.select().from(settings).where(eq(settings.key, SECTION_KEYS.security));
      expect((stored?.value as SecurityConfig | undefined)?.access).toEqual({
        max_login_attempts: 6,
        lockout_minutes: 20,
      });
    } finally {
      if (systemRow)
        await db.update(settings).set({ value: systemRow.value }).where(eq(settings.key, SECTION_KEYS.system));
      else await db.delete(settings).where(eq(settings.key, SECTION_KEYS.system));
      if (securityRow) {
        await db
          .insert(settings)
          .values({ key: SECTION_KEYS.security, value: securityRow.value })
          .onConflictDoUpdate({ target: settings.key, set: { value: securityRow.value } });
      }
      await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'security')`);
      await ctx.app.settings.fresh();
    }
  });
});
