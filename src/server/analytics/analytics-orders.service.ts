import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { lastDays, ratePercent } from '#shared/analytics-periods.ts';
import { ORDER_SOURCES, type OrderAnalytics, type OrderSource } from '#shared/contracts/analytics.ts';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from '#shared/contracts/orders.ts';
import { type AnalyticsCalendar, money, rowsOf } from './analytics-queries.ts';

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/**
 * `GET /admin/analytics/orders?days` (docs/product.md#analytics): how the orders placed in the last
 * `days` days (all time without it) stand: by status (cancelled ones too), by payment status and by
 * source (orders not cancelled), the time from placed to delivered, and the cancellation and refund
 * rates. One read of the daily order roll-up, grouped by its keys (at most 72 rows).
 */
export async function orderAnalytics(
  db: Db,
  calendar: AnalyticsCalendar,
  days: number | undefined,
): Promise<OrderAnalytics> {
  const range = days === undefined ? null : lastDays(calendar.today, days);
  const rows = await rowsOf<{
    status: OrderStatus;
    payment_status: PaymentStatus;
    source: OrderSource;
    orders: number;
    refunded_cents: number;
    refunded_orders: number;
    delivered_orders: number;
    delivery_seconds: number;
  }>(
    db,
    sql`select status, payment_status, source, sum(orders)::float8 as orders,
          sum(refunded_cents)::float8 as refunded_cents, sum(refunded_orders)::float8 as refunded_orders,
          sum(delivered_orders)::float8 as delivered_orders, sum(delivery_seconds)::float8 as delivery_seconds
        from analytics_order_days
        ${range ? sql`where day between ${range.from}::date and ${range.to}::date` : sql``}
        group by 1, 2, 3`,
  );
  const byStatus = zeros(ORDER_STATUSES);
  const byPayment = zeros(PAYMENT_STATUSES);
  const bySource = zeros(ORDER_SOURCES);
  let placed = 0;
  let cancelled = 0;
  let refundedOrders = 0;
  let refunded = 0;
  let delivered = 0;
  let deliverySeconds = 0;
  for (const row of rows) {
    if (row.status in byStatus) byStatus[row.status] += row.orders;
    placed += row.orders;
    refunded += row.refunded_cents;
    delivered += row.delivered_orders;
    deliverySeconds += row.delivery_seconds;
    if (row.status === 'cancelled') {
      cancelled += row.orders;
      continue;
    }
    if (row.payment_status in byPayment) byPayment[row.payment_status] += row.orders;
    if (row.source in bySource) bySource[row.source] += row.orders;
    refundedOrders += row.refunded_orders;
  }
  return {
    days: days ?? null,
    total_orders: placed - cancelled,
    by_status: byStatus,
    by_payment_status: byPayment,
    by_source: bySource,
    average_hours_to_delivery: delivered === 0 ? null : Math.round(deliverySeconds / delivered / 360) / 10,
    delivered_orders: delivered,
    cancellation_rate: ratePercent(cancelled, placed),
    refund_rate: ratePercent(refundedOrders, placed - cancelled),
    refunded_amount: money(refunded),
  };
}
