import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { seededRandom } from '#shared/seeded-random.ts';
import { createPromoCode } from '../factories/checkout-promo-codes.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createRollUpCatalogue, readRollUps } from '../helpers/analytics-rollups.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The analytics roll-ups (docs/decisions/036-analytics-rollups.md) are kept in step by triggers on
 * every order write. Whatever mix of writes a shop makes, they must hold exactly what a recount
 * from scratch (cedar_analytics_rebuild) writes: on PGlite, and on PostgreSQL in CI.
 */

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const rollUps = (ctx: TestApp) => readRollUps(ctx.database.db);

/** A seeded generator, so a failure replays with the same seed. */
const random = seededRandom;

describe('analytics roll-ups', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const lines: { product_id: string; variant_id?: string }[] = [];
  let deletable: string;
  let promoCode: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const catalogue = await createRollUpCatalogue(db, [
      ['Arduino Uno', 20],
      ['Jumper Wires', 2.5],
      ['Soldering Iron', 37.99],
    ]);
    lines.push(...catalogue.lines);
    deletable = catalogue.deletable;
    promoCode = (await createPromoCode(db, { discountType: 'percentage', discountValue: 10 })).code;
  });
  afterAll(() => ctx.close());

  const setStatus = (id: string, status: OrderStatus) => api('PUT', `/api/admin/orders/${id}`, { status });

  it('equal a recount from scratch after a random mix of orders, cancels, refunds, edits and deletions', async () => {
    const next = random(36);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const placed: string[] = [];
    const phones = ['03 123 456', '70 111 222', '71 333 444', '76 555 666', '81 777 888'];
    const forward: Partial<Record<OrderStatus, OrderStatus>> = {
      pending: 'confirmed',
      confirmed: 'processing',
      processing: 'shipped',
      shipped: 'delivered',
    };
    const statusOf = async (id: string) =>
      (await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status as
        | OrderStatus
        | undefined;

    const done = new Set<string>();
    for (let step = 0; step < 70; step += 1) {
      const roll = next();
      if (roll < 0.35 || placed.length < 3) {
        const chosen = [...new Set([pick(lines), pick(lines), pick(lines)])].map((line) => ({
          ...line,
          quantity: 1 + Math.floor(next() * 3),
        }));
        const body = orderBody(chosen, {
          customer: { name: 'Rami Haddad', phone: pick(phones) },
          ...(next() < 0.25 ? { promo_code: promoCode } : {}),
        });
        if (next() < 0.3) {
          const response = await api('POST', '/api/admin/orders', body);
          expect(response.statusCode, response.body).toBe(201);
          placed.push(response.json().data.id);
          done.add('admin order');
        } else {
          placed.push((await checkout(ctx.app, body)).id);
          done.add('checkout');
        }
        continue;
      }
      const id = pick(placed);
      const status = await statusOf(id);
      if (!status) continue;
      if (roll < 0.55) {
        // One to four steps along the way to delivered.
        let at: OrderStatus | undefined = status;
        for (let moves = 1 + Math.floor(next() * 4); moves > 0 && at && forward[at]; moves -= 1) {
          at = forward[at];
          if (at) expect((await setStatus(id, at)).statusCode).toBe(200);
        }
        if (at === 'delivered') done.add('delivered');
      } else if (roll < 0.65) {
        if (status === 'pending' || status === 'confirmed') {
          expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
          done.add('cancel');
        }
      } else if (roll < 0.78) {
        // A paid order (delivered cash on delivery), partly or wholly.
        const paid = (
          await ctx.database.db
            .select({ id: orders.id })
            .from(orders)
            .where(sql`${orders.status} = 'delivered' and ${orders.refundedAmount} < ${orders.total}`)
        ).map((row) => row.id);
        if (paid.length === 0 && status === 'pending') {
          for (const to of ['confirmed', 'processing', 'shipped', 'delivered'] as const) {
            expect((await setStatus(id, to)).statusCode).toBe(200);
          }
          paid.push(id);
        }
        if (paid.length > 0) {
          const order = (await api('GET', `/api/admin/orders/${pick(paid)}`)).json().data;
          const amount = next() < 0.5 ? order.refundable_amount : Math.round(order.refundable_amount * 30) / 100;
          if (amount > 0) {
            const response = await api('POST', `/api/admin/orders/${order.id}/refund`, { refund_amount: amount });
            expect(response.statusCode, response.body).toBe(200);
            done.add(amount === order.refundable_amount ? 'full refund' : 'partial refund');
          }
        }
      } else if (roll < 0.88) {
        // Re-dated a few seconds either side of midnight in Beirut (22:00 UTC in winter): the order
        // and its lines move to the other day; the database's own clock would never cross it on cue.
        const instant = next() < 0.5 ? '2026-11-26T21:59:58Z' : '2026-11-26T22:00:02Z';
        await ctx.database.db
          .update(orders)
          .set({ createdAt: new Date(instant) })
          .where(eq(orders.id, id));
        done.add('re-dated');
      } else if (roll < 0.93) {
        await ctx.database.db.delete(orders).where(eq(orders.id, id));
        placed.splice(placed.indexOf(id), 1);
        done.add('order deleted');
      } else if (roll < 0.96) {
        await ctx.database.db
          .update(orders)
          .set({ internalNotes: `note ${step}` })
          .where(eq(orders.id, id));
      } else if (deletable) {
        // A deleted product: its lines keep their snapshot and move to the nil UUID.
        await ctx.database.db.delete(products).where(eq(products.id, deletable));
        lines.splice(
          lines.findIndex((line) => line.product_id === deletable),
          1,
        );
        deletable = '';
        done.add('product deleted');
      }
    }

    // The seed's mix reaches every kind of write (a change of seed must keep it so).
    expect([...done].sort()).toEqual(
      [
        'admin order',
        'cancel',
        'checkout',
        'delivered',
        'full refund',
        'order deleted',
        'partial refund',
        'product deleted',
        're-dated',
      ].sort(),
    );
    const kept = await rollUps(ctx);
    expect(kept.orderDays.length).toBeGreaterThan(0);
    expect(kept.productDays.length).toBeGreaterThan(0);
    expect(kept.customers.length).toBeGreaterThan(0);
    expect(kept.customerMonths.length).toBeGreaterThan(0);
    await ctx.database.db.execute(sql`select cedar_analytics_rebuild()`);
    expect(await rollUps(ctx)).toEqual(kept);
  });

  it('keep each customer’s month exact (count, revenue, latest order) as orders move month, customer and standing', async () => {
    const db = ctx.database.db;
    const agree = async () => {
      const kept = await rollUps(ctx);
      await db.execute(sql`select cedar_analytics_rebuild()`);
      expect(await rollUps(ctx)).toEqual(kept);
    };
    const place = async (phone: string) =>
      (await checkout(ctx.app, orderBody([{ ...lines[0], quantity: 1 }], { customer: { name: 'Maya Khoury', phone } })))
        .id;
    const [a1, a2, a3, b1] = [
      await place('70 900 901'),
      await place('70 900 901'),
      await place('70 900 901'),
      await place('71 900 902'),
    ];
    const customerOf = async (id: string) =>
      (await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, id)))[0]?.customerId;
    const a = await customerOf(a1 as string);
    const month = async (first: string) =>
      rowsOf(
        await db.execute(
          sql`select orders, revenue_cents::text as revenue_cents, last_at from analytics_customer_months
            where customer_id = ${a} and month = ${first}::date`,
        ),
      ).map((row) => ({ ...row, last_at: new Date(row.last_at as string).toISOString() }));
    const [order] = await db
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.id, a1 as string));
    const cents = Math.round(Number(order?.total) * 100);
    const redate = (id: string, at: string) =>
      db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, id));

    // 23:59 on 31 October and 00:00:30 on 1 November in Beirut (UTC+2): two months.
    await redate(a1 as string, '2026-10-31T21:59:00Z');
    await redate(a2 as string, '2026-10-31T22:00:30Z');
    await redate(a3 as string, '2026-10-20T08:00:00Z');
    expect(await month('2026-10-01')).toEqual([
      { orders: 2, revenue_cents: String(2 * cents), last_at: '2026-10-31T21:59:00.000Z' },
    ]);
    await agree();
    // The latest of October deleted: its latest is the one before.
    await db.delete(orders).where(eq(orders.id, a1 as string));
    expect(await month('2026-10-01')).toEqual([
      { orders: 1, revenue_cents: String(cents), last_at: '2026-10-20T08:00:00.000Z' },
    ]);
    await agree();
    // Given to another customer, cancelled and revived, refunded in part.
    await db
      .update(orders)
      .set({ customerId: await customerOf(b1 as string) })
      .where(eq(orders.id, a3 as string));
    expect(await month('2026-10-01')).toEqual([]);
    await agree();
    expect((await setStatus(a2 as string, 'cancelled')).statusCode).toBe(200);
    expect(await month('2026-11-01')).toEqual([]);
    await agree();
    await db
      .update(orders)
      .set({ status: 'pending' })
      .where(eq(orders.id, a2 as string));
    await db
      .update(orders)
      .set({ refundedAmount: 7.5 })
      .where(eq(orders.id, a2 as string));
    expect(await month('2026-11-01')).toEqual([
      { orders: 1, revenue_cents: String(cents - 750), last_at: '2026-10-31T22:00:30.000Z' },
    ]);
    await agree();
  });

  it('stay equal to a recount under concurrent orders and cancels (one day row shared by all)', async () => {
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        checkout(
          ctx.app,
          orderBody([
            { ...lines[n % 3], quantity: 1 },
            { ...lines[3], quantity: 1 },
          ]),
        ),
      ),
    );
    const responses = await Promise.all([
      ...Array.from({ length: 12 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: orderBody([
            { ...lines[3], quantity: 1 },
            { ...lines[n % 3], quantity: 2 },
          ]),
        }),
      ),
      ...first.map((order) => setStatus(order.id, 'cancelled')),
    ]);
    const failed = responses.filter((response) => response.statusCode >= 300).map((response) => response.body);
    expect(failed).toEqual([]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      ...Array(12).fill(200),
      ...Array(12).fill(201),
    ]);
    const kept = await rollUps(ctx);
    await ctx.database.db.execute(sql`select cedar_analytics_rebuild()`);
    expect(await rollUps(ctx)).toEqual(kept);
  });

  it('counts an order on its day in the shop’s time zone, either side of midnight in Beirut', async () => {
    const db = ctx.database.db;
    const before = await checkout(ctx.app, orderBody([{ ...lines[0], quantity: 1 }]));
    const after = await checkout(ctx.app, orderBody([{ ...lines[0], quantity: 2 }]));
    // 23:59:30 and 00:00:30 in Beirut (UTC+2 in December).
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-12-10T21:59:30Z') })
      .where(eq(orders.id, before.id));
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-12-10T22:00:30Z') })
      .where(eq(orders.id, after.id));
    const quantities = async () =>
      rowsOf(
        await db.execute(
          sql`select day::text as day, sum(quantity)::int as quantity from analytics_product_days
            where product_id = ${lines[0]?.product_id} and day between '2026-12-10' and '2026-12-11' group by day order by day`,
        ),
      );
    expect(await quantities()).toEqual([
      { day: '2026-12-10', quantity: 1 },
      { day: '2026-12-11', quantity: 2 },
    ]);

    // The shop moves to UTC: the roll-ups are recounted in it as the setting is saved (both on the 10th).
    const saved = await api('PUT', '/api/admin/settings/site', { time_zone: 'UTC' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await quantities()).toEqual([{ day: '2026-12-10', quantity: 3 }]);
    const kept = await rollUps(ctx);
    await db.execute(sql`select cedar_analytics_rebuild()`);
    expect(await rollUps(ctx)).toEqual(kept);

    expect((await api('PUT', '/api/admin/settings/site', { time_zone: 'Asia/Beirut' })).statusCode).toBe(200);
    expect(await quantities()).toEqual([
      { day: '2026-12-10', quantity: 1 },
      { day: '2026-12-11', quantity: 2 },
    ]);
  });

  it('keeps when each order was delivered, for the time from placed to delivered', async () => {
    const { id } = await checkout(ctx.app, orderBody([{ ...lines[1], quantity: 1 }]));
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered'] as const) {
      expect((await setStatus(id, status)).statusCode).toBe(200);
    }
    const [row] = await ctx.database.db
      .select({ deliveredAt: orders.deliveredAt, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, id));
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(row?.deliveredAt?.getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? Number.NaN);
  });
});
