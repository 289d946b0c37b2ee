import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { analyticsCalendar } from './analytics-queries.ts';
import { refreshProductWindows } from './analytics-windows.ts';

/**
 * Recounts the analytics roll-ups from the orders (cedar_analytics_rebuild,
 * src/server/db/sql/analytics-rollups.sql), in the time zone they are kept in. The triggers keep
 * them in step on their own; this is for `npm run analytics:rebuild` (after rows were written with
 * triggers off, or to check). Order writers wait meanwhile. The recount clears the product
 * windows (analytics-windows.ts); they are built again here for today, so the shop's next
 * Analytics page does not wait for them (~1 s at 100,000 orders).
 */
export async function rebuildAnalyticsRollups(
  db: Db,
  now = new Date(),
): Promise<{ orderDays: number; productDays: number; customers: number }> {
  await db.execute(sql`select cedar_analytics_rebuild()`);
  await refreshProductWindows(db, (await analyticsCalendar(db, now)).today);
  const result = await db.execute(sql`select
    (select count(*) from analytics_order_days)::int as order_days,
    (select count(*) from analytics_product_days)::int as product_days,
    (select count(*) from analytics_customers)::int as customers`);
  const [row] = (result as unknown as { rows: { order_days: number; product_days: number; customers: number }[] }).rows;
  return { orderDays: row?.order_days ?? 0, productDays: row?.product_days ?? 0, customers: row?.customers ?? 0 };
}
