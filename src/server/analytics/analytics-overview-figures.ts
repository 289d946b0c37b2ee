import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type DayRange, growthPercent } from '#shared/analytics-periods.ts';
import type { AnalyticsOverviewFigures } from '#shared/contracts/analytics.ts';
import { averageMoney, money, placedIn, rowsOf } from './analytics-queries.ts';

/**
 * The overview's figures (docs/product.md#analytics), shared by the dashboard and
 * `GET /admin/analytics`: revenue, orders and customers of a period against the period before it.
 */

/** A day's sales from the daily order roll-up, in cents. */
export interface DaySales {
  day: string;
  /** Orders not cancelled. */
  orders: number;
  /** Totals less refunds of orders not cancelled. */
  revenue: number;
  /** The same over orders whose payment was received (paid, partly or wholly refunded). */
  paid: number;
}

/** The days of `range` that had orders (others have none), from analytics_order_days. */
export async function salesByDay(db: Db, range: DayRange): Promise<DaySales[]> {
  return rowsOf<DaySales>(
    db,
    sql`select day::text as day,
          coalesce(sum(orders) filter (where status <> 'cancelled'), 0)::float8 as orders,
          coalesce(sum(total_cents - refunded_cents) filter (where status <> 'cancelled'), 0)::float8 as revenue,
          coalesce(sum(total_cents - refunded_cents) filter (where status <> 'cancelled' and payment_status <> 'pending'), 0)::float8 as paid
        from analytics_order_days
        where day between ${range.from}::date and ${range.to}::date
        group by day`,
  );
}

export interface SalesTotals {
  orders: number;
  revenue: number;
  paid: number;
}

/** The sums of the days of `rows` inside `range`. */
export function totalsOf(rows: readonly DaySales[], range: DayRange): SalesTotals {
  const totals = { orders: 0, revenue: 0, paid: 0 };
  for (const row of rows) {
    if (row.day < range.from || row.day > range.to) continue;
    totals.orders += row.orders;
    totals.revenue += row.revenue;
    totals.paid += row.paid;
  }
  return totals;
}

export interface PeriodCustomers {
  /** Distinct customers with an order not cancelled placed in the period. */
  current: number;
  /** Customers whose first order not cancelled was placed in the period, and in the one before. */
  newCurrent: number;
  newPrevious: number;
}

/**
 * The period's customers and the new customers of it and of the period before, from
 * analytics_customers: a period ending today holds exactly the customers whose latest order is in
 * it (an index count on last_day, where a distinct count of the orders walked ~220 ms at 365 days
 * of 100,000 orders); new customers count on first_day. Customer growth compares new customers,
 * which, unlike the customers of a past period, need no walk of the orders.
 */
export async function periodCustomers(db: Db, current: DayRange, previous: DayRange): Promise<PeriodCustomers> {
  const [row] = await rowsOf<PeriodCustomers>(
    db,
    sql`select
          (select count(*) from analytics_customers where last_day >= ${current.from}::date)::int as "current",
          (select count(*) from analytics_customers
            where first_day between ${current.from}::date and ${current.to}::date)::int as "newCurrent",
          (select count(*) from analytics_customers
            where first_day between ${previous.from}::date and ${previous.to}::date)::int as "newPrevious"`,
  );
  return row ?? { current: 0, newCurrent: 0, newPrevious: 0 };
}

export function overviewFigures(
  sales: { current: SalesTotals; previous: SalesTotals },
  customers: PeriodCustomers,
  /** Active products now (the in-memory catalogue's size: no count of the products table). */
  totalProducts: number,
): AnalyticsOverviewFigures {
  const { current, previous } = sales;
  return {
    total_revenue: money(current.revenue),
    paid_revenue: money(current.paid),
    total_orders: current.orders,
    total_customers: customers.current,
    total_products: totalProducts,
    average_order_value: averageMoney(current.revenue, current.orders),
    revenue_growth: growthPercent(current.revenue, previous.revenue),
    order_growth: growthPercent(current.orders, previous.orders),
    customer_growth: growthPercent(customers.newCurrent, customers.newPrevious),
  };
}
