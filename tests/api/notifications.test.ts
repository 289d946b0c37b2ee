import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { NOTIFICATION_LIST_MAX, NotificationListSchema } from '#shared/contracts/notifications.ts';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs, staffSessionForCustomer } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#admin-endpoints: each admin's own list, read flags and deletes. */
describe('admin notifications (REST)', () => {
  let ctx: TestApp;
  const me = { id: '', token: '' };
  const other = { id: '', token: '' };

  /** Inserts `count` notifications for `userId`, the i-th made i minutes after `start`. */
  async function seed(userId: string, count: number, options: { read?: (i: number) => boolean; start?: number } = {}) {
    const start = options.start ?? Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: count }, (_, i) => ({
      userId,
      type: i % 2 ? 'order_status' : 'new_order',
      isRead: options.read?.(i) ?? false,
      orderNumber: `CS-1${String(i).padStart(5, '0')}`,
      totalAmount: 10 + i,
      status: i % 2 ? 'confirmed' : 'pending',
      title: `Notification ${i}`,
      message: `Message ${i}`,
      createdAt: new Date(start + i * 60_000),
    }));
    return ctx.database.db.insert(notifications).values(rows).returning();
  }

  const list = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(token) });
  const put = (token: string, id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/notifications/${id}`, headers: bearer(token), payload });
  const del = (token: string, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/admin/notifications/${id}`, headers: bearer(token) });
  const readAll = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/notifications/read-all', headers: bearer(token) });
  const rowOf = async (id: string) =>
    (await ctx.database.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const a = await createUser(db, { role: 'admin' });
    const b = await createUser(db, { role: 'super_admin' });
    Object.assign(me, { id: a.id, token: (await signInAs(ctx.app, a.email)).token });
    Object.assign(other, { id: b.id, token: (await signInAs(ctx.app, b.email)).token });
  });

  beforeEach(async () => {
    await ctx.database.db.delete(notifications);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('needs an admin: 401 without a token, 403 for a customer', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/notifications' })).statusCode).toBe(401);
    const shopper = await createUser(ctx.database.db, { role: 'customer' });
    const token = await staffSessionForCustomer(ctx.app, shopper);
    expect((await list(token)).statusCode).toBe(403);
    expect((await readAll(token)).statusCode).toBe(403);
  });

  it('lists only this admin’s notifications, newest first, capped, with the unread count over all', async () => {
    // 130 rows: the first 10 unread ones are older than the 100 listed, and still counted.
    await seed(me.id, 130, { read: (i) => i >= 10 && i % 3 === 0 });
    await seed(other.id, 5);
    const response = await list(me.token);
    expect(response.statusCode).toBe(200);
    const body = NotificationListSchema.parse(response.json().data);
    expect(body.notifications).toHaveLength(NOTIFICATION_LIST_MAX);
    expect(body.notifications[0]?.title).toBe('Notification 129');
    expect(body.notifications.at(-1)?.title).toBe('Notification 30');
    const times = body.notifications.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const readCount = Array.from({ length: 130 }, (_, i) => i >= 10 && i % 3 === 0).filter(Boolean).length;
    expect(body.unread_count).toBe(130 - readCount);
    expect(body.notifications[0]).toMatchObject({
      type: 'order_status',
      // 129 is a multiple of 3: seeded read.
      is_read: true,
      orderNumber: 'CS-100129',
      totalAmount: 139,
      status: 'confirmed',
      message: 'Message 129',
    });

    const theirs = NotificationListSchema.parse((await list(other.token)).json().data);
    expect(theirs.notifications).toHaveLength(5);
    expect(theirs.unread_count).toBe(5);
  });

  it('answers an empty list with no unread', async () => {
    const response = await list(me.token);
    expect(response.json().data).toEqual({ notifications: [], unread_count: 0 });
  });

  it('marks one read and unread again, and keeps it in the audit log', async () => {
    const [row] = await seed(me.id, 1);
    const id = row?.id as string;
    const read = await put(me.token, id, { is_read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id, is_read: true, title: 'Notification 0' });
    expect((await rowOf(id))?.isRead).toBe(true);
    expect((await list(me.token)).json().data.unread_count).toBe(0);

    const unread = await put(me.token, id, { is_read: false });
    expect(unread.json().data.is_read).toBe(false);
    expect((await rowOf(id))?.isRead).toBe(false);

    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'notification'), eq(auditLogs.entityId, id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['notification.read', 'notification.unread']);
    expect(audit.every((entry) => entry.userId === me.id)).toBe(true);
  });

  it("answers 404 for another admin's notification or an unknown one, and changes nothing", async () => {
    const [theirs] = await seed(other.id, 1);
    const id = theirs?.id as string;
    for (const response of [
      await put(me.token, id, { is_read: true }),
      await del(me.token, id),
      await put(me.token, randomUUID(), { is_read: true }),
      await del(me.token, randomUUID()),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    }
    expect(await rowOf(id)).toMatchObject({ isRead: false, userId: other.id });
  });

  it('validates the id and the body', async () => {
    const [row] = await seed(me.id, 1);
    const id = row?.id as string;
    const badId = await put(me.token, 'not-a-uuid', { is_read: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('VALIDATION_ERROR');
    expect((await del(me.token, 'not-a-uuid')).statusCode).toBe(400);

    for (const payload of [{}, { is_read: 'yes' }, { is_read: true, title: 'changed' }]) {
      const response = await put(me.token, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const missing = (await put(me.token, id, {})).json();
    expect(missing.errors).toContainEqual({ path: 'is_read', message: 'is_read must be true or false' });
    expect((await rowOf(id))?.isRead).toBe(false);
  });

  it('deletes one (204), for this admin only, and a second delete is 404', async () => {
    const [mine] = await seed(me.id, 1);
    const [theirs] = await seed(other.id, 1);
    const id = mine?.id as string;
    const response = await del(me.token, id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await rowOf(id)).toBeUndefined();
    expect(await rowOf(theirs?.id as string)).toBeDefined();
    expect((await del(me.token, id)).statusCode).toBe(404);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'notification.delete'), eq(auditLogs.entityId, id)));
    expect(audit?.userId).toBe(me.id);
  });

  it('marks all of this admin’s notifications read and says how many changed', async () => {
    await seed(me.id, 6, { read: (i) => i < 2 });
    await seed(other.id, 3);
    const response = await readAll(me.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { updated: 4 } });
    expect((await list(me.token)).json().data.unread_count).toBe(0);
    expect((await list(other.token)).json().data.unread_count).toBe(3);
    expect((await readAll(me.token)).json()).toEqual({ data: { updated: 0 } });
  });

  it('lists the notifications a checkout makes for this admin', async () => {
    const product = await createProduct(ctx.database.db, { price: 20, stockQuantity: 5 });
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: orderBody([{ product_id: product.id, quantity: 1 }]),
    });
    expect(order.statusCode).toBe(201);
    const { notifications: listed, unread_count } = (await list(me.token)).json().data;
    expect(unread_count).toBe(1);
    expect(listed[0]).toMatchObject({
      type: 'new_order',
      order_id: order.json().data.id,
      orderNumber: order.json().data.order_number,
      totalAmount: order.json().data.total,
      status: 'pending',
      is_read: false,
    });
  });
});
