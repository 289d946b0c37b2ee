import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { insertSecurityAlert, type SecurityAlertInput } from '#server/security/security-alerts.service.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { type Notification, SOCKET_EVENTS } from '#shared/contracts/notifications.ts';
import { BULK_DELETE_ALERT_OVER, SECURITY_MESSAGES, type SecurityAlert } from '#shared/contracts/security.ts';
import { createProduct } from '../factories/catalogue.ts';
import { createPromoCode } from '../factories/checkout-promo-codes.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { type ManualClock, manualClock } from '../helpers/clocks.ts';
import { adminSocket, connectAdmin, nextEvent } from '../helpers/realtime.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#security-alerts: the list (filters, pages, newest first), resolving (who and
 * when, once), the live announcement, and the sources wired here: bulk deletes over
 * BULK_DELETE_ALERT_OVER items and a restore. (Sign-in, configuration and allowlist alerts:
 * security-config.test.ts and security-allowlist.test.ts.)
 */
describe('security alerts', () => {
  let ctx: TestApp;
  let clock: ManualClock;
  let admin: ReturnType<typeof apiAs>;
  let token: string;
  const staff = { id: '', name: '' };

  beforeAll(async () => {
    clock = manualClock(new Date('2026-11-30T12:00:00Z'));
    ctx = await createTestApp({ clock });
    const user = await createUser(ctx.database.db, { role: 'admin', name: 'Rania Haddad' });
    Object.assign(staff, { id: user.id, name: user.name });
    token = (await signInAs(ctx.app, user.email)).token;
    admin = apiAs(ctx.app, token);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(securityAlerts);
  });

  const raise = (input: Partial<SecurityAlertInput> = {}) =>
    inTransaction(ctx.database.db, (tx) =>
      insertSecurityAlert(tx, { type: 'login', severity: 'high', title: 'Something happened', ...input }),
    );
  const listed = async (query = '') => {
    const response = await admin('GET', `/api/admin/security/alerts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: SecurityAlert[]; pagination: { total: number; hasNext: boolean } };
  };
  const titles = (page: { data: SecurityAlert[] }) => page.data.map((alert) => alert.title);

  it('lists newest first, filtered by resolved, severity and type, a page at a time', async () => {
    const first = await raise({ title: 'one', type: 'login', severity: 'high' });
    await raise({ title: 'two', type: 'access', severity: 'critical', ipAddress: '192.0.2.1' });
    await raise({ title: 'three', type: 'security', severity: 'medium', userId: staff.id });
    await ctx.database.db.update(securityAlerts).set({ resolved: true }).where(eq(securityAlerts.id, first));

    const all = await listed();
    expect(titles(all)).toEqual(['three', 'two', 'one']);
    expect(all.data[1]).toMatchObject({ type: 'access', severity: 'critical', ip_address: '192.0.2.1' });
    expect(all.data[0]).toMatchObject({ user_id: staff.id, resolved: false, resolved_by: null, resolved_at: null });
    expect(titles(await listed('?resolved=false'))).toEqual(['three', 'two']);
    expect(titles(await listed('?resolved=true'))).toEqual(['one']);
    expect(titles(await listed('?severity=critical'))).toEqual(['two']);
    expect(titles(await listed('?type=security&resolved=false'))).toEqual(['three']);
    const page = await listed('?limit=2&page=2');
    expect(titles(page)).toEqual(['one']);
    expect(page.pagination).toMatchObject({ total: 3, hasNext: false });
    for (const query of ['?severity=urgent', '?type=other', '?resolved=maybe', '?limit=500']) {
      expect((await admin('GET', `/api/admin/security/alerts${query}`)).statusCode, query).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/security/alerts' })).statusCode).toBe(401);
  });

  it('resolving records who and when, once; audited; the bell’s copies are read', async () => {
    const id = await raise({ title: 'Check this' });
    const response = await admin('POST', `/api/admin/security/alerts/${id}/resolve`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      resolved: true,
      resolved_by: staff.id,
      resolved_by_name: staff.name,
      resolved_at: clock.now().toISOString(),
    });
    expect((await listed('?resolved=true')).data[0]).toMatchObject({ resolved_by_name: staff.name });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'security.alert_resolve'), eq(auditLogs.entityId, id)));
    expect(audit).toMatchObject({ userId: staff.id, entityType: 'security_alert' });
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.securityAlertId, id));
    expect(bell.length).toBeGreaterThan(0);
    expect(bell.every((row) => row.isRead)).toBe(true);

    const again = await admin('POST', `/api/admin/security/alerts/${id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SECURITY_MESSAGES.alertAlreadyResolved);
    const unknown = await admin('POST', '/api/admin/security/alerts/00000000-0000-4000-8000-000000000000/resolve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SECURITY_MESSAGES.alertNotFound);
    expect((await admin('POST', '/api/admin/security/alerts/nope/resolve')).statusCode).toBe(404);
  });

  it('two staff resolving at once: one succeeds, the others are told it is resolved', async () => {
    const id = await raise();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin('POST', `/api/admin/security/alerts/${id}/resolve`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
  });

  it('a new alert reaches the signed-in admins live, as a bell notification', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Socket = adminSocket(address, token);
    try {
      await connectAdmin(socket);
      const heard = nextEvent<Notification>(socket, SOCKET_EVENTS.securityAlert);
      const saved = await admin('PUT', '/api/admin/security/config', { access: { lockout_minutes: 20 } });
      expect(saved.statusCode).toBe(200);
      const notification = await heard;
      const [alert] = await ctx.database.db.select().from(securityAlerts);
      expect(notification).toMatchObject({
        type: 'security_alert',
        security_alert_id: alert?.id,
        title: 'Security settings changed',
        is_read: false,
      });
    } finally {
      socket.disconnect();
      await admin('PUT', '/api/admin/security/config', { access: { lockout_minutes: 15 } });
    }
  });

  it(`a bulk delete of more than ${BULK_DELETE_ALERT_OVER} products or promo codes raises a security/medium alert`, async () => {
    const db = ctx.database.db;
    const products = async (count: number) =>
      Promise.all(Array.from({ length: count }, (_, i) => createProduct(db, { name: `Bulk ${count} item ${i}` })));
    const deleteProducts = async (count: number) => {
      const ids = (await products(count)).map((product) => product.id);
      const response = await admin('POST', '/api/admin/products/bulk', { action: 'delete', productIds: ids });
      expect(response.statusCode, response.body).toBe(200);
    };
    await deleteProducts(BULK_DELETE_ALERT_OVER);
    expect(await db.select().from(securityAlerts)).toHaveLength(0);
    await deleteProducts(BULK_DELETE_ALERT_OVER + 1);
    const [productAlert] = await db.select().from(securityAlerts);
    expect(productAlert).toMatchObject({
      type: 'security',
      severity: 'medium',
      title: `${BULK_DELETE_ALERT_OVER + 1} products deleted at once`,
      userId: staff.id,
    });

    await db.delete(securityAlerts);
    const codes = await Promise.all(
      Array.from({ length: BULK_DELETE_ALERT_OVER + 1 }, (_, i) => createPromoCode(db, { code: `BULK${i}X` })),
    );
    const response = await admin('POST', '/api/admin/promo-codes/bulk-delete', { ids: codes.map((code) => code.id) });
    expect(response.json().data.deleted_count).toBe(BULK_DELETE_ALERT_OVER + 1);
    const [codeAlert] = await db.select().from(securityAlerts);
    expect(codeAlert?.title).toBe(`${BULK_DELETE_ALERT_OVER + 1} promo codes deleted at once`);
  });

  it('a restore raises a system/critical alert in the restored shop', async () => {
    const backup = await admin('POST', '/api/admin/settings/backup');
    expect(backup.statusCode).toBe(201);
    const restored = await admin('POST', `/api/admin/settings/backups/${backup.json().data.name}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const alerts = await ctx.database.db.select().from(securityAlerts).where(eq(securityAlerts.type, 'system'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      severity: 'critical',
      title: 'The shop was restored from a backup',
      userId: staff.id,
    });
    expect(alerts[0]?.description).toContain(restored.json().data.before_restore.name);
  });
});
