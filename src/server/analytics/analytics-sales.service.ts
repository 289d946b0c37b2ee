import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { salesBuckets } from '#shared/analytics-periods.ts';
import { SALES_PERIODS, type SalesPeriod, type SalesSeries } from '#shared/contracts/analytics.ts';
import { type AnalyticsCalendar, averageMoney, money, rowsOf } from './analytics-queries.ts';

/**
 * `GET /admin/analytics/sales?period` (docs/product.md#analytics): revenue, orders and average
 * order value per day, week, month, quarter or year (SALES_PERIOD_BUCKETS of them), or per day over
 * a number of days, from the daily order roll-up grouped by bucket in the database (date_trunc's
 * weeks start on Monday, as ours do); empty buckets are 0.
 */
export async function salesSeries(db: Db, calendar: AnalyticsCalendar, period: string): Promise<SalesSeries> {
  const named = (SALES_PERIODS as readonly string[]).includes(period) ? (period as SalesPeriod) : null;
  const buckets = salesBuckets(named ?? Number(period), calendar.today);
  const first = buckets[0]?.from ?? calendar.today;
  const bucketOf = named && named !== 'day' ? sql`date_trunc(${named}, day::timestamp)::date::text` : sql`day::text`;
  const rows = await rowsOf<{ bucket: string; orders: number; revenue: number }>(
    db,
    sql`select ${bucketOf} as bucket,
          coalesce(sum(orders), 0)::float8 as orders,
          coalesce(sum(total_cents - refunded_cents), 0)::float8 as revenue
        from analytics_order_days
        where day between ${first}::date and ${calendar.today}::date and status <> 'cancelled'
        group by 1`,
  );
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return {
    period,
    time_zone: calendar.timeZone,
    series: buckets.map((bucket) => {
      const row = byBucket.get(bucket.from);
      const revenue = row?.revenue ?? 0;
      const orders = row?.orders ?? 0;
      return {
        period: bucket.period,
        date_from: bucket.from,
        date_to: bucket.to,
        revenue: money(revenue),
        orders,
        average_order_value: averageMoney(revenue, orders),
      };
    }),
  };
}
