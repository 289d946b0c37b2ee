import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { BULK_ORDER_NOT_FOUND } from '#server/orders/bulk-order-status.ts';
import { orderStatusHistory, orders } from '#server/orders/orders.table.ts';
import { transitionRefusedMessage } from '#shared/contracts/admin-orders.ts';
import { BULK_ORDER_LIMIT, type BulkOrderStatusResult } from '#shared/contracts/analytics.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { createPromoCode, promoUsesOf } from '../factories/checkout-promo-codes.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, stockOf } from '../helpers/orders.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `POST /admin/orders/bulk-update` (docs/product.md#orders-export-and-bulk-status): each order
 * through the one path of `PUT /admin/orders/{id}`, the refused ones listed with the reason.
 */

async function shopWith(ctx: TestApp) {
  const db = ctx.database.db;
  const staff = await createUser(db, { role: 'admin', name: 'Bulk Admin' });
  await createUser(db, { role: 'super_admin', name: 'Other Admin' });
  const api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  const product = await createProduct(db, { name: 'Bulk Board', price: 10, stockQuantity: 1000 });
  await ctx.app.catalogue.fresh();
  const place = async (quantity = 2, extra: Record<string, unknown> = {}) =>
    checkout(ctx.app, orderBody([{ product_id: product.id, quantity }], extra));
  const bulk = (order_ids: string[], status: OrderStatus) =>
    api('POST', '/api/admin/orders/bulk-update', { order_ids, status });
  return { db, staff, api, product, place, bulk };
}

describe('bulk status change', () => {
  let ctx: TestApp;
  let shop: Awaited<ReturnType<typeof shopWith>>;

  beforeAll(async () => {
    ctx = await createTestApp({ messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 } });
    shop = await shopWith(ctx);
  });
  afterAll(() => ctx?.close());

  const statusOf = async (id: string) =>
    (await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

  it('moves the orders the rules allow and lists the others with the reason', async () => {
    const { api, bulk, place } = shop;
    const pending = await place();
    const alsoPending = await place();
    const shipped = await place();
    for (const status of ['confirmed', 'processing', 'shipped'])
      expect((await api('PUT', `/api/admin/orders/${shipped.id}`, { status })).statusCode).toBe(200);
    const cancelled = await place();
    expect((await api('PUT', `/api/admin/orders/${cancelled.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const unknown = randomUUID();

    const response = await bulk(
      [pending.id, shipped.id, cancelled.id, unknown, alsoPending.id, pending.id],
      'confirmed',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result: BulkOrderStatusResult = response.json().data;
    expect(result.moved).toEqual([
      { id: pending.id, order_number: pending.order_number, from: 'pending', to: 'confirmed' },
      { id: alsoPending.id, order_number: alsoPending.order_number, from: 'pending', to: 'confirmed' },
    ]);
    expect(result.refused).toEqual([
      { id: shipped.id, order_number: shipped.order_number, reason: transitionRefusedMessage('shipped', 'confirmed') },
      {
        id: cancelled.id,
        order_number: cancelled.order_number,
        reason: transitionRefusedMessage('cancelled', 'confirmed'),
      },
      { id: unknown, order_number: null, reason: BULK_ORDER_NOT_FOUND },
    ]);
    expect(await statusOf(pending.id)).toBe('confirmed');
    expect(await statusOf(alsoPending.id)).toBe('confirmed');
    expect(await statusOf(shipped.id)).toBe('shipped');
    expect(await statusOf(cancelled.id)).toBe('cancelled');
  });

  it('leaves the trail of the single path: timeline, notifications, shopper mail, one audit entry per order and one for the whole', async () => {
    const { db, bulk, place, staff } = shop;
    const first = await place();
    const second = await place();
    const response = await bulk([first.id, second.id], 'confirmed');
    expect(response.json().data.moved).toHaveLength(2);
    for (const order of [first, second]) {
      const history = await db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'confirmed')));
      expect(history).toMatchObject([{ kind: 'status', fromStatus: 'pending', changedBy: staff.id }]);
      const alerts = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, order.id), eq(notifications.type, 'order_status')));
      expect(alerts).toHaveLength(2);
      const mails = await db
        .select()
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.event, 'order.confirmed')));
      expect(mails.map((mail) => mail.recipient)).toEqual(['rami@example.com']);
      expect((await auditOf(db, 'order', order.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['order.status', { status: 'pending' }, { status: 'confirmed' }],
      ]);
    }
    const [whole] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'order.bulk_status'))
      .orderBy(auditLogs.createdAt)
      .then((rows) => rows.slice(-1));
    expect(whole).toMatchObject({
      userId: staff.id,
      entityType: 'order',
      entityId: null,
      after: { status: 'confirmed', moved: [first.order_number, second.order_number], refused: [] },
    });
  });

  it('a bulk cancel gives the stock and the promo code uses back, once', async () => {
    const { db, bulk, place, product } = shop;
    const code = await createPromoCode(db, { code: 'BULKTEN' });
    const before = (await stockOf(db, product.id)).stock;
    const placed = [await place(3, { promo_code: 'BULKTEN' }), await place(4)];
    expect((await stockOf(db, product.id)).stock).toBe(before - 7);
    expect(await promoUsesOf(db, code.id)).toBe(1);
    const ids = placed.map((order) => order.id);
    expect((await bulk(ids, 'cancelled')).json().data.moved).toHaveLength(2);
    const again = (await bulk(ids, 'cancelled')).json().data;
    expect(again.moved).toEqual([]);
    expect(again.refused.map((refusal: { reason: string }) => refusal.reason)).toEqual([
      transitionRefusedMessage('cancelled', 'cancelled'),
      transitionRefusedMessage('cancelled', 'cancelled'),
    ]);
    expect((await stockOf(db, product.id)).stock).toBe(before);
    expect(await promoUsesOf(db, code.id)).toBe(0);
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    const refused = async (body: object, path: string, message?: string) => {
      const response = await shop.api('POST', '/api/admin/orders/bulk-update', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const errors: { path: string; message: string }[] = response.json().errors;
      expect(errors.map((error) => error.path)).toContain(path);
      if (message) expect(errors.find((error) => error.path === path)?.message).toBe(message);
    };
    await refused({ order_ids: [], status: 'confirmed' }, 'order_ids', 'Choose at least one order');
    await refused(
      { order_ids: Array.from({ length: BULK_ORDER_LIMIT + 1 }, () => randomUUID()), status: 'confirmed' },
      'order_ids',
      `At most ${BULK_ORDER_LIMIT} orders at once`,
    );
    await refused({ order_ids: ['not-a-uuid'], status: 'confirmed' }, 'order_ids.0', 'Each order id must be a UUID');
    await refused({ order_ids: [randomUUID()], status: 'lost' }, 'status');
    await refused({ order_ids: [randomUUID()] }, 'status');
  });
});

/**
 * Two bulk cancels of the same orders at once, on a real PostgreSQL (several connections, so the
 * requests really overlap): each order is cancelled by exactly one of them and its stock comes
 * back once (the row lock and the conditional move of order-transitions.ts).
 */
describe.skipIf(!(await postgresForTests()))('two bulk cancels racing on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let ctx: TestApp;

  beforeAll(async () => {
    scratch = await createScratchDatabase('cedar_bulk');
    database = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 6 });
    await runMigrations(database);
    ctx = await createTestApp({ database, messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 } });
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('gives the stock back once, and each order is moved by one request only', async () => {
    const shop = await shopWith(ctx);
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await shop.place(1 + (i % 3)));
    const ids = placed.map((order) => order.id);
    const before = (await stockOf(shop.db, shop.product.id)).stock;
    const units = [...Array(12).keys()].reduce((sum, i) => sum + 1 + (i % 3), 0);

    for (let round = 0; round < 3; round++) {
      const batch = ids.slice(round * 4, round * 4 + 4);
      const [a, b] = await Promise.all([shop.bulk(batch, 'cancelled'), shop.bulk([...batch].reverse(), 'cancelled')]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const moved = [...a.json().data.moved, ...b.json().data.moved].map((order: { id: string }) => order.id);
      const refused = [...a.json().data.refused, ...b.json().data.refused].map((order: { id: string }) => order.id);
      expect(moved.sort()).toEqual([...batch].sort());
      expect(refused.sort()).toEqual([...batch].sort());
    }
    expect((await stockOf(shop.db, shop.product.id)).stock).toBe(before + units);
    const cancels = await shop.db
      .select()
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.toStatus, 'cancelled')));
    expect(cancels).toHaveLength(12);
  });
});
