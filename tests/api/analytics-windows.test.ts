import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodSales, refreshProductWindows, WINDOW_DAYS } from '#server/analytics/analytics-windows.ts';
import { orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import { addDays } from '#shared/analytics-periods.ts';
import { ANALYTICS_DAY_CHOICES } from '#shared/contracts/analytics.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { seededRandom } from '#shared/seeded-random.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createRollUpCatalogue } from '../helpers/analytics-rollups.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The product windows (docs/decisions/036-analytics-rollups.md, analytics-windows.ts) hold each
 * variant's and product's sales in the last 7, 30, 90 and 365 days and the days before them,
 * brought up to date when read from the changes the triggers log and the days the clock moved.
 * Whatever the writes and however the clock moves between reads, a refreshed window must equal
 * the same figures added up from the day roll-ups: on PGlite, and on PostgreSQL in CI.
 */

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const FIGURES =
  'quantity::float8 as quantity, revenue_cents::float8 as revenue_cents, lines::float8 as lines, previous_revenue_cents::float8 as previous_revenue_cents, previous_lines::float8 as previous_lines';
const SUMS =
  'sum(quantity) as quantity, sum(revenue_cents) as revenue_cents, sum(lines) as lines, sum(previous_revenue_cents) as previous_revenue_cents, sum(previous_lines) as previous_lines';

describe('analytics product windows', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const lines: { product_id: string; variant_id?: string }[] = [];
  let deletable: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const catalogue = await createRollUpCatalogue(db, [
      ['Arduino Uno', 20],
      ['Jumper Wires', 2.5],
    ]);
    lines.push(...catalogue.lines);
    deletable = catalogue.deletable;
  });
  afterAll(() => ctx.close());

  /** Every window as stored, and as the roll-ups add it up for `today`, in one order. */
  async function windowsAgainstRecount(today: string) {
    const db = ctx.database.db;
    const read = async (query: ReturnType<typeof sql>) => rowsOf(await db.execute(query));
    const stored = {
      variants: await read(
        sql.raw(`select days, product_id, variant_id, ${FIGURES} from analytics_variant_windows order by 1, 2, 3`),
      ),
      products: await read(sql.raw(`select days, product_id, ${FIGURES} from analytics_product_windows order by 1, 2`)),
    };
    const recount = { variants: [] as Record<string, unknown>[], products: [] as Record<string, unknown>[] };
    for (const days of WINDOW_DAYS) {
      const n = sql.raw(String(days));
      recount.variants.push(
        ...(await read(
          sql`select ${n} as days, product_id, variant_id, ${sql.raw(FIGURES)} from (${periodSales(days, today)}) as s order by 2, 3`,
        )),
      );
      recount.products.push(
        ...(await read(
          sql`select ${n} as days, product_id, ${sql.raw(FIGURES)}
            from (select product_id, ${sql.raw(SUMS)} from (${periodSales(days, today)}) as s group by product_id) as p
            order by 2`,
        )),
      );
    }
    return { stored, recount };
  }

  async function expectWindowsAt(today: string) {
    await refreshProductWindows(ctx.database.db, today);
    const [state] = rowsOf(await ctx.database.db.execute(sql`select windows_day::text as day from analytics_state`));
    expect(state?.day).toBe(today);
    const { stored, recount } = await windowsAgainstRecount(today);
    expect(stored, `windows at ${today}`).toEqual(recount);
    return stored;
  }

  it('are the choices of the Analytics page', () => {
    expect([...WINDOW_DAYS]).toEqual([...ANALYTICS_DAY_CHOICES]);
  });

  it('equal the roll-ups added up after a random mix of writes, the clock moving either way between reads', async () => {
    const db = ctx.database.db;
    const next = seededRandom(3060);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const today = shopToday(new Date(), 'Asia/Beirut');
    // Where the windows are read from, in turn: a day on, the same day, back, several days at
    // once, and further than a move (built again).
    const readDays = [0, 1, 1, 3, -2, 0, 7, 20, -1, 2].map((offset) => addDays(today, offset));
    const placed: string[] = [];
    let nonEmpty = 0;
    const done = new Set<string>();
    const setStatus = (id: string, status: OrderStatus) => api('PUT', `/api/admin/orders/${id}`, { status });

    for (let step = 0; step < 60; step += 1) {
      if (step % 6 === 5) {
        const stored = await expectWindowsAt(readDays[(step - 5) / 6] as string);
        if (stored.variants.length > 0) nonEmpty += 1;
        continue;
      }
      const roll = next();
      if (roll < 0.4 || placed.length < 3) {
        const chosen = [...new Set([pick(lines), pick(lines)])].map((line) => ({
          ...line,
          quantity: 1 + Math.floor(next() * 3),
        }));
        const body = orderBody(chosen, { customer: { name: 'Rami Haddad', phone: '70 111 222' } });
        placed.push((await checkout(ctx.app, body)).id);
        done.add('order');
        continue;
      }
      const id = pick(placed);
      if (roll < 0.6) {
        // Re-dated into a window's edges: yesterday, a week, a month and a quarter ago, a year ago.
        const back = pick([1, 6, 7, 8, 29, 31, 89, 95, 200, 364, 366, 700]);
        await db
          .update(orders)
          .set({ createdAt: new Date(`${addDays(today, -back)}T10:00:00Z`) })
          .where(eq(orders.id, id));
        done.add('re-dated');
      } else if (roll < 0.72) {
        const status = (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
        if (status === 'pending') {
          expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
          done.add('cancel');
        }
      } else if (roll < 0.85) {
        const status = (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
        if (status === 'pending') {
          for (const to of ['confirmed', 'processing', 'shipped', 'delivered'] as const) {
            expect((await setStatus(id, to)).statusCode).toBe(200);
          }
          const order = (await api('GET', `/api/admin/orders/${id}`)).json().data;
          const response = await api('POST', `/api/admin/orders/${id}/refund`, {
            refund_amount: order.refundable_amount,
          });
          expect(response.statusCode, response.body).toBe(200);
          done.add('refund');
        }
      } else if (roll < 0.93) {
        await db.delete(orders).where(eq(orders.id, id));
        placed.splice(placed.indexOf(id), 1);
        done.add('order deleted');
      } else if (deletable) {
        await db.delete(products).where(eq(products.id, deletable));
        lines.splice(
          lines.findIndex((line) => line.product_id === deletable),
          1,
        );
        deletable = '';
        done.add('product deleted');
      }
    }
    expect([...done].sort()).toEqual(['cancel', 'order', 'order deleted', 'product deleted', 're-dated', 'refund']);
    expect(nonEmpty).toBeGreaterThan(5);

    // A recount (`npm run analytics:rebuild`, a change of time zone) clears them; the next read builds them.
    await db.execute(sql`select cedar_analytics_rebuild()`);
    const [cleared] = rowsOf(
      await db.execute(
        sql`select windows_day, (select count(*)::int from analytics_variant_windows) as rows from analytics_state`,
      ),
    );
    expect(cleared).toEqual({ windows_day: null, rows: 0 });
    await expectWindowsAt(today);
  });

  it('stay equal under concurrent orders, cancels and reads of the products answer', async () => {
    const first = await Promise.all(
      Array.from({ length: 8 }, (_, n) => checkout(ctx.app, orderBody([{ ...lines[n % lines.length], quantity: 1 }]))),
    );
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: orderBody([{ ...lines[(n + 1) % lines.length], quantity: 2 }]),
        }),
      ),
      ...first.map((order) => api('PUT', `/api/admin/orders/${order.id}`, { status: 'cancelled' })),
      ...Array.from({ length: 8 }, (_, n) => api('GET', `/api/admin/analytics/products?days=${WINDOW_DAYS[n % 4]}`)),
      ...Array.from({ length: 4 }, () => api('GET', '/api/admin/analytics/dashboard?days=7')),
    ]);
    expect(responses.filter((response) => response.statusCode >= 300).map((response) => response.body)).toEqual([]);
    await expectWindowsAt(shopToday(new Date(), 'Asia/Beirut'));
  });

  it('answer the products and the top performers as the roll-ups added up would', async () => {
    const today = shopToday(new Date(), 'Asia/Beirut');
    await refreshProductWindows(ctx.database.db, today);
    const answer = (await api('GET', '/api/admin/analytics/products?days=30')).json().data;
    const [expected] = rowsOf(
      await ctx.database.db.execute(
        sql`select sum(revenue_cents)::float8 as revenue, sum(previous_revenue_cents)::float8 as previous
          from (${periodSales(30, today)}) as s`,
      ),
    );
    const categories = answer.categories as { revenue: number; previous_revenue: number }[];
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(categories.reduce((sum, category) => sum + cents(category.revenue), 0)).toBe(expected?.revenue);
    expect(categories.reduce((sum, category) => sum + cents(category.previous_revenue), 0)).toBe(expected?.previous);
    const dashboard = (await api('GET', '/api/admin/analytics/dashboard?days=30')).json().data;
    expect(dashboard.top_performers.top_products[0]).toEqual(answer.top_by_revenue[0]);
  });
});
