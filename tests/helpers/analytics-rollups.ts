import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Every analytics roll-up row (docs/decisions/036-analytics-rollups.md), in one stable order, as
 * plain values: what a test compares with the same read after `select cedar_analytics_rebuild()`.
 */
export async function readRollUps(db: Db) {
  const read = async (query: string) => rowsOf(await db.execute(sql.raw(query)));
  return {
    orderDays: await read(
      'select day::text, source, status, payment_status, orders, total_cents::text, refunded_cents::text, refunded_orders, discount_cents::text, tax_cents::text, shipping_cents::text, promo_orders, promo_revenue_cents::text, delivered_orders, delivery_seconds::text from analytics_order_days order by 1, 2, 3, 4',
    ),
    productDays: await read(
      'select day::text, product_id, variant_id, quantity, revenue_cents::text, lines from analytics_product_days order by 1, 2, 3',
    ),
    productMonths: await read(
      'select month::text, product_id, variant_id, quantity, revenue_cents::text, lines from analytics_product_months order by 1, 2, 3',
    ),
    customers: await read('select customer_id, first_day::text, orders from analytics_customers order by 1'),
  };
}
