import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type DayRange, splitByMonths } from '#shared/analytics-periods.ts';
import { ANALYTICS_TOP_LIMIT, SLOW_MOVERS_LIMIT } from '#shared/contracts/analytics.ts';
import { fromCents } from '#shared/money.ts';
import { shopToday } from '#shared/promo-codes.ts';

/**
 * What the analytics' answers share (docs/product.md#analytics): the shop's calendar, and the SQL
 * that reads the roll-ups (analytics.tables.ts) over a period of shop days. Sums come back as
 * float8: whole numbers of cents far below 2^53, exact, and a JS number on both drivers (a bigint
 * or numeric would arrive as text).
 */

/** The nil UUID the roll-ups count a deleted product or variant under. */
export const DELETED_ID = '00000000-0000-0000-0000-000000000000';
/** How a deleted product is named in the top lists. */
export const DELETED_PRODUCT_NAME = 'Deleted product';
export const UNCATEGORISED = 'Uncategorised';

/**
 * The lists' lengths as SQL literals. As a bound parameter, a LIMIT leaves the planner guessing
 * (generic plans take a tenth of the rows): "the latest 10 orders" sorted all 100,000 (470 ms)
 * instead of walking orders_created_idx for 10.
 */
export const TOP_LIMIT = sql.raw(String(ANALYTICS_TOP_LIMIT));
export const SLOW_LIMIT = sql.raw(String(SLOW_MOVERS_LIMIT));

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface AnalyticsCalendar {
  /** The zone the roll-ups' days are in (analytics_state; the shop's `time_zone` setting). */
  timeZone: string;
  /** Today in that zone, on the app's clock. */
  today: string;
}

/**
 * The roll-ups' zone (cedar_analytics_zone(): analytics_state, which follows the shop's `time_zone`
 * setting; docs/decisions/036-analytics-rollups.md) and today in it, on the app's clock.
 */
export async function analyticsCalendar(db: Db, now: Date): Promise<AnalyticsCalendar> {
  const [row] = await rowsOf<{ zone: string }>(db, sql`select cedar_analytics_zone() as zone`);
  const timeZone = row?.zone ?? 'Asia/Beirut';
  return { timeZone, today: shopToday(now, timeZone) };
}

/** The first instant of shop day `day` in `timeZone`, as SQL (an index on a timestamptz can use it). */
export function dayStart(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/** Orders placed in `range` (shop days), as a condition on `orders.created_at`. */
export function placedIn(range: DayRange, timeZone: string): SQL {
  return sql`created_at >= ${dayStart(range.from, timeZone)} and created_at < ${dayStart(range.to, timeZone)} + interval '1 day'`;
}

const FLOAT_FIGURES = sql.raw(
  'quantity::float8 as quantity, revenue_cents::float8 as revenue_cents, lines::float8 as lines',
);

/**
 * Units, line totals and lines sold per product and variant in `range`, as the rows of a subquery
 * (product_id, variant_id, quantity, revenue_cents, lines; one row per roll-up row, not yet
 * grouped): the whole months from analytics_product_months, the days at the edges from
 * analytics_product_days, so a year reads ~12 rows per variant sold instead of ~365. The figures
 * come as float8 (whole numbers far below 2^53, so their sums are exact): a sum of bigint adds up
 * in numeric, a third slower over the ~60,000 rows of a year at 100,000 orders.
 */
export function productSalesRows(range: DayRange): SQL {
  const { months, days } = splitByMonths(range);
  const parts: SQL[] = days.map(
    (part) =>
      sql`select product_id, variant_id, ${FLOAT_FIGURES} from analytics_product_days where day between ${part.from}::date and ${part.to}::date`,
  );
  if (months) {
    parts.push(
      sql`select product_id, variant_id, ${FLOAT_FIGURES} from analytics_product_months where month between ${months.from}::date and ${months.to}::date`,
    );
  }
  return sql.join(parts, sql` union all `);
}

/** Cents (a whole number) to the dollars the contracts carry. */
export function money(cents: number): number {
  return fromCents(Math.round(cents));
}

/** Average in dollars of `cents` over `count` (0 without any), rounded to the cent. */
export function averageMoney(cents: number, count: number): number {
  return count === 0 ? 0 : money(cents / count);
}
