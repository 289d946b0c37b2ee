import { type SQL, sql } from 'drizzle-orm';
import { analyticsCustomerMonths } from '#server/analytics/analytics.tables.ts';
import { customers } from '#server/customers/customers.table.ts';
import type { Db } from '#server/db/client.ts';
import { orders } from '#server/orders/orders.table.ts';
import { splitByMonths } from '#shared/analytics-periods.ts';
import {
  average,
  dollars,
  num,
  type ReportDefinition,
  type ReportPeriod,
  type ReportRecord,
  reportPeriod,
  rowsOf,
  YES_NO,
} from './report-kit.ts';

/**
 * `customers`: each customer record with an order not cancelled in the period, the biggest
 * spenders first: orders and revenue in the period (totals less refunds), their last order in it,
 * and over all time their first order and how many they have placed (not cancelled), so a
 * merchant sees who is new. Orders with no customer record (none since customers exist) are left
 * out. The figures are added up from the roll-up analytics_customer_months for the period's whole
 * months (a row per customer and month, kept by the order triggers) and from the orders of the
 * days at either edge (the created_at index); each customer's all-time figures come from their
 * analytics_customers row, for the rows read only.
 */

const STEP_ROWS = 2_000;

interface CustomerRow {
  customer_id: string;
  orders: unknown;
  revenue: unknown;
  last_order: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  first_order: string | null;
  lifetime_orders: unknown;
}

/** The ranking over the sums: revenue in cents (float8: whole cents add up exactly far past any shop's total). */
const ORDER = sql`revenue desc, customer_id desc`;

/** A range of instants and the orders not cancelled in it, as conditions on `orders` under `alias`. */
const inPeriod = (period: ReportPeriod, alias: SQL) =>
  sql`${alias}.created_at >= ${period.start} and ${alias}.created_at < ${period.end} and ${alias}.status <> 'cancelled'`;

/**
 * Each customer's orders not cancelled in the period: `orders` (count), `revenue` (total less
 * refunds in cents, float8: cheaper to add up than numeric, and exact in whole cents) and the
 * latest one (`last_at`): the whole months' rows of analytics_customer_months and the edge days'
 * orders, added up.
 */
const periodSums = (period: ReportPeriod) => {
  const { months, days } = splitByMonths(period);
  const m = analyticsCustomerMonths;
  const parts: SQL[] = [];
  if (months) {
    parts.push(
      sql`select ${m.customerId} as customer_id, ${m.orders} as orders, ${m.revenueCents} as cents, ${m.lastAt} as last_at
        from ${m} where ${m.month} between ${months.from}::date and ${months.to}::date`,
    );
  }
  for (const range of days) {
    const edge = reportPeriod(range.from, range.to, period.timeZone, period.today);
    parts.push(
      sql`select o.customer_id, 1 as orders, round(o.total * 100)::bigint - round(o.refunded_amount * 100)::bigint as cents,
          o.created_at as last_at
        from ${orders} as o where ${inPeriod(edge, sql`o`)} and o.customer_id is not null`,
    );
  }
  return sql`select s.customer_id, sum(s.orders) as orders, sum(s.cents::float8) as revenue, max(s.last_at) as last_at
    from (${sql.join(parts, sql` union all `)}) as s
    group by s.customer_id`;
};

/**
 * The page's customers with their record and all-time figures, looked up by key row by row
 * (`limit 1` keeps the planner from joining the whole customers table instead). The all-time
 * figures are the customer's row of the analytics roll-up (first day and count of orders not
 * cancelled, kept by the order triggers in the shop's zone; decision 036), one key lookup where
 * reading their orders cost a walk of each (the top customers of a year at 100,000 orders have ~45).
 */
const withDetails = (rows: SQL, period: ReportPeriod) => {
  const day = (column: SQL) => sql`to_char(${column} at time zone ${period.timeZone}, 'YYYY-MM-DD')`;
  return sql`select r.customer_id, r.revenue, r.orders::float8 as orders, ${day(sql`r.last_at`)} as last_order,
      c.name, c.phone, c.email, life.first_day::text as first_order, life.orders::float8 as lifetime_orders
    from (${rows}) as r
      left join lateral (select name, phone, email from ${customers} where id = r.customer_id limit 1) as c on true
      left join lateral (
        select a.first_day, a.orders from analytics_customers as a where a.customer_id = r.customer_id limit 1
      ) as life on true`;
};

function pageQuery(period: ReportPeriod, limit: number, after?: CustomerRow): SQL {
  const keyset = after
    ? sql`where (revenue, customer_id) < (${num(after.revenue)}::float8, ${after.customer_id}::uuid)`
    : sql``;
  return sql`with agg as (${periodSums(period)})
    ${withDetails(sql`select * from agg ${keyset} order by ${ORDER} limit ${limit}`, period)}
    order by ${ORDER}`;
}

/** The first `limit` rows and the count and sums over all: one aggregation, read twice; always one row. */
function previewQuery(period: ReportPeriod, limit: number): SQL {
  return sql`with agg as materialized (${periodSums(period)}),
      totals as (select count(*)::float8 as n, coalesce(sum(orders), 0)::float8 as t_orders,
        coalesce(sum(revenue), 0) as t_revenue from agg),
      detailed as (${withDetails(sql`select * from agg order by ${ORDER} limit ${limit}`, period)})
    select totals.*, detailed.* from totals left join detailed on true
    order by ${ORDER}`;
}

function recordOf(row: CustomerRow, period: ReportPeriod): ReportRecord {
  const count = num(row.orders);
  return {
    customer: row.name,
    phone: row.phone,
    email: row.email,
    orders: count,
    revenue: dollars(row.revenue),
    average_order_value: average(num(row.revenue), count),
    last_order: row.last_order,
    first_order: row.first_order,
    lifetime_orders: num(row.lifetime_orders),
    new_customer: row.first_order !== null && row.first_order >= period.from ? 'yes' : 'no',
  };
}

export const customersReport: ReportDefinition = {
  type: 'customers',
  columns: [
    { key: 'customer', label: 'Customer', kind: 'text', pdf: 2.2 },
    { key: 'phone', label: 'Phone', kind: 'text', pdf: 1.4 },
    { key: 'email', label: 'Email', kind: 'text', pdf: 2.2 },
    { key: 'orders', label: 'Orders', kind: 'number', pdf: 0.7, sums: true },
    { key: 'revenue', label: 'Revenue', kind: 'money', pdf: 1.1, sums: true },
    { key: 'average_order_value', label: 'Avg. order', kind: 'money', pdf: 1 },
    { key: 'last_order', label: 'Last order', kind: 'date', pdf: 1.1 },
    { key: 'first_order', label: 'First order', kind: 'date', pdf: 1.1 },
    { key: 'lifetime_orders', label: 'All orders', kind: 'number', pdf: 0.8 },
    { key: 'new_customer', label: 'New', kind: 'text', pdf: 0.5, display: YES_NO },
  ],
  async preview(db: Db, period, limit) {
    const rows = await rowsOf<Partial<CustomerRow> & { n: unknown; t_orders: unknown; t_revenue: unknown }>(
      db,
      previewQuery(period, Math.max(limit, 1)),
    );
    const first = rows[0];
    const orderCount = num(first?.t_orders);
    return {
      rows: rows
        .filter((row): row is CustomerRow & typeof row => typeof row.customer_id === 'string')
        .slice(0, limit)
        .map((row) => recordOf(row, period)),
      totalRows: num(first?.n),
      totals: {
        orders: orderCount,
        revenue: dollars(first?.t_revenue),
        average_order_value: average(num(first?.t_revenue), orderCount),
      },
      note: null,
    };
  },
  async *pages(db, period) {
    let after: CustomerRow | undefined;
    for (;;) {
      const rows = await rowsOf<CustomerRow>(db, pageQuery(period, STEP_ROWS, after));
      if (rows.length > 0) yield rows.map((row) => recordOf(row, period));
      if (rows.length < STEP_ROWS) return;
      after = rows.at(-1);
    }
  },
};
