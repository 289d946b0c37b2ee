import { count, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { AdminOrderStats } from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { round2 } from '#shared/money.ts';
import { emptyStatusCounts } from './admin-order-queries.ts';
import { orderRefunds, orders } from './orders.table.ts';

/**
 * `GET /admin/orders/stats`: counts by status, revenue (totals minus refunds, cancelled orders
 * left out) since the start of today (UTC) and over the last 7 and 30 days, the average order of
 * the last 30 days, and refunds. Three small aggregate queries.
 */
export async function adminOrderStats(db: Db): Promise<AdminOrderStats> {
  const net = sql`${orders.total} - ${orders.refundedAmount}`;
  const live = sql`${orders.status} <> 'cancelled'`;
  const since = (interval: string) => sql`${orders.createdAt} >= now() - ${interval}::interval`;
  const today = sql`${orders.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  const money = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${net}) filter (where ${live} and ${condition}), 0)`.mapWith(Number);
  const [byStatus, [revenue], [refunds]] = await Promise.all([
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({
        today: money(today),
        week: money(since('7 days')),
        month: money(since('30 days')),
        average: sql<number>`coalesce(avg(${orders.total}) filter (where ${live} and ${since('30 days')}), 0)`.mapWith(
          Number,
        ),
      })
      .from(orders),
    db
      .select({ n: count(), amount: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)`.mapWith(Number) })
      .from(orderRefunds),
  ]);
  const counts = emptyStatusCounts();
  for (const { status, n } of byStatus) counts[status as OrderStatus] = n;
  return {
    total_orders: Object.values(counts).reduce((sum, n) => sum + n, 0),
    by_status: counts,
    revenue: {
      today: round2(revenue?.today ?? 0),
      last_7_days: round2(revenue?.week ?? 0),
      last_30_days: round2(revenue?.month ?? 0),
    },
    average_order_value: round2(revenue?.average ?? 0),
    refunds: { count: refunds?.n ?? 0, amount: round2(refunds?.amount ?? 0) },
  };
}
