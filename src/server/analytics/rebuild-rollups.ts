import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Recounts the analytics roll-ups from the orders (cedar_analytics_rebuild,
 * src/server/db/sql/analytics-rollups.sql), in the time zone they are kept in. The triggers keep
 * them in step on their own; this is for `npm run analytics:rebuild` (after rows were written with
 * triggers off, or to check), and the bench's generated history. Order writers wait meanwhile.
 */
export async function rebuildAnalyticsRollups(
  db: Db,
): Promise<{ orderDays: number; productDays: number; customers: number }> {
  await db.execute(sql`select cedar_analytics_rebuild()`);
  const result = await db.execute(sql`select
    (select count(*) from analytics_order_days)::int as order_days,
    (select count(*) from analytics_product_days)::int as product_days,
    (select count(*) from analytics_customers)::int as customers`);
  const [row] = (result as unknown as { rows: { order_days: number; product_days: number; customers: number }[] }).rows;
  return { orderDays: row?.order_days ?? 0, productDays: row?.product_days ?? 0, customers: row?.customers ?? 0 };
}
