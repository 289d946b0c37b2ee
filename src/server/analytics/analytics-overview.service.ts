import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type DayRange, lastDays, previousPeriod, ratePercent } from '#shared/analytics-periods.ts';
import type { AnalyticsOverview } from '#shared/contracts/analytics.ts';
import { overviewFigures, periodCustomers, salesByDay, totalsOf } from './analytics-overview-figures.ts';
import { type AnalyticsCalendar, money, placedIn, rowsOf, TOP_LIMIT } from './analytics-queries.ts';

/**
 * `GET /admin/analytics?days` (docs/product.md#analytics): the overview against the previous
 * period, the promo codes' figures (from the daily order roll-up; each code's own from the orders
 * by orders_promo_code_idx) and the customers: new (first order in the period), returning, and
 * the repeat rate.
 */
export async function analyticsOverview(
  db: Db,
  calendar: AnalyticsCalendar,
  days: number,
  activeProducts: number,
): Promise<AnalyticsOverview> {
  const range = lastDays(calendar.today, days);
  const previous = previousPeriod(range);
  const [sales, customers, promo, codes, newCustomers] = await Promise.all([
    salesByDay(db, { from: previous.from, to: range.to }),
    periodCustomers(db, range, previous),
    promoTotals(db, range),
    topCodes(db, range, calendar.timeZone),
    firstOrdersIn(db, range),
  ]);
  return {
    days,
    date_from: range.from,
    date_to: range.to,
    time_zone: calendar.timeZone,
    overview: overviewFigures(
      { current: totalsOf(sales, range), previous: totalsOf(sales, previous) },
      customers,
      activeProducts,
    ),
    promo_codes: {
      uses: promo.uses,
      discount_given: money(promo.discount),
      revenue_with_code: money(promo.revenue),
      top_codes: codes.map((code) => ({
        code: code.code,
        uses: code.uses,
        discount_given: money(code.discount),
        revenue: money(code.revenue),
      })),
    },
    customers: {
      new_customers: Math.min(newCustomers.first, customers.current),
      returning_customers: Math.max(customers.current - newCustomers.first, 0),
      // A customer of the period with one order in all placed it in the period: their first.
      repeat_rate: ratePercent(Math.max(customers.current - newCustomers.only, 0), customers.current),
    },
  };
}

async function promoTotals(db: Db, range: DayRange) {
  const [row] = await rowsOf<{ uses: number; discount: number; revenue: number }>(
    db,
    sql`select coalesce(sum(promo_orders), 0)::float8 as uses, coalesce(sum(discount_cents), 0)::float8 as discount,
          coalesce(sum(promo_revenue_cents), 0)::float8 as revenue
        from analytics_order_days
        where day between ${range.from}::date and ${range.to}::date and status <> 'cancelled'`,
  );
  return row ?? { uses: 0, discount: 0, revenue: 0 };
}

/** Each code's orders not cancelled in the period, the most used first. */
async function topCodes(db: Db, range: DayRange, timeZone: string) {
  return rowsOf<{ code: string; uses: number; discount: number; revenue: number }>(
    db,
    sql`select code.code, used.uses, used.discount, used.revenue
        from promo_codes as code cross join lateral (
          select count(*)::int as uses, coalesce(sum(discount), 0)::float8 * 100 as discount,
            coalesce(sum(total - refunded_amount), 0)::float8 * 100 as revenue
          from orders
          where promo_code_id = code.id and ${placedIn(range, timeZone)} and status <> 'cancelled'
        ) as used
        where used.uses > 0
        order by used.uses desc, used.revenue desc, code.code
        limit ${TOP_LIMIT}`,
  );
}

/**
 * Customers whose first order not cancelled was placed in the period, and of those, the ones with
 * no other (analytics_customers_first_day_idx).
 */
async function firstOrdersIn(db: Db, range: DayRange): Promise<{ first: number; only: number }> {
  const [row] = await rowsOf<{ first: number; only: number }>(
    db,
    sql`select count(*)::int as first, count(*) filter (where orders = 1)::int as only from analytics_customers
        where first_day between ${range.from}::date and ${range.to}::date`,
  );
  return row ?? { first: 0, only: 0 };
}
