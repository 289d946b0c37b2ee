import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { eachDay, eachMonth, lastDays, monthOf, previousPeriod } from '#shared/analytics-periods.ts';
import type { AnalyticsDashboard } from '#shared/contracts/analytics.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { optionValues } from '#shared/product-variants.ts';
import { overviewFigures, periodCustomers, salesByDay, totalsOf } from './analytics-overview-figures.ts';
import { type AnalyticsCalendar, money, rowsOf, TOP_LIMIT } from './analytics-queries.ts';
import { topPerformers } from './analytics-top-sellers.ts';

/**
 * `GET /admin/analytics/dashboard?days` (docs/product.md#analytics): the overview against the
 * previous period, the latest orders, customers and low stock, the period's days and months, and
 * its top products and categories. Independent statements, run side by side (the embedded
 * database queues them on its one connection; PostgreSQL runs them on several).
 */
export async function analyticsDashboard(
  db: Db,
  calendar: AnalyticsCalendar,
  days: number,
  activeProducts: number,
): Promise<AnalyticsDashboard> {
  const range = lastDays(calendar.today, days);
  const previous = previousPeriod(range);
  const [sales, customers, recentOrders, recentCustomers, lowStock, top] = await Promise.all([
    salesByDay(db, { from: previous.from, to: range.to }),
    periodCustomers(db, range, previous),
    latestOrders(db),
    latestCustomers(db),
    lowStockVariants(db),
    topPerformers(db, calendar.today, days),
  ]);
  const byDay = new Map(sales.map((row) => [row.day, row]));
  const daily = eachDay(range).map((day) => ({
    date: day,
    revenue: byDay.get(day)?.revenue ?? 0,
    orders: byDay.get(day)?.orders ?? 0,
  }));
  const monthly = new Map(eachMonth(range).map((month) => [month, { month, revenue: 0, orders: 0 }]));
  for (const day of daily) {
    const month = monthly.get(monthOf(day.date));
    if (!month) continue;
    month.revenue += day.revenue;
    month.orders += day.orders;
  }
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
    recent_activity: {
      recent_orders: recentOrders,
      recent_customers: recentCustomers,
      low_stock_products: lowStock,
    },
    sales_trends: {
      daily_sales: daily.map((day) => ({ ...day, revenue: money(day.revenue) })),
      monthly_sales: [...monthly.values()].map((month) => ({ ...month, revenue: money(month.revenue) })),
    },
    top_performers: top,
  };
}

/** The latest orders, any status (orders_created_idx, walked backwards). */
async function latestOrders(db: Db) {
  const rows = await rowsOf<{
    id: string;
    order_number: string;
    customer_name: string;
    total: string;
    status: OrderStatus;
    created_at: string;
  }>(
    db,
    sql`select o.id, o.order_number, o.customer_name, o.total::text as total, o.status,
          to_json(o.created_at)#>>'{}' as created_at
        from orders as o order by o.created_at desc, o.order_number desc limit ${TOP_LIMIT}`,
  );
  return rows.map((row) => ({ ...row, total: Number(row.total), created_at: new Date(row.created_at).toISOString() }));
}

/** The newest customer records. */
async function latestCustomers(db: Db) {
  const rows = await rowsOf<{ id: string; name: string; phone: string | null; created_at: string }>(
    db,
    sql`select c.id, c.name, c.phone, to_json(c.created_at)#>>'{}' as created_at
        from customers as c order by c.created_at desc, c.id limit ${TOP_LIMIT}`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone ?? '',
    created_at: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Active variants of active products with 0 < stock ≤ their threshold (decision 012 §7, the
 * dashboard home's count: src/server/admin/admin-stats.service.ts), the fewest left first.
 */
async function lowStockVariants(db: Db) {
  const rows = await rowsOf<{
    product_id: string;
    variant_id: string;
    product_name: string;
    variations: { name: string }[];
    options: Record<string, string>;
    sku: string | null;
    stock_quantity: number;
    low_stock_threshold: number;
  }>(
    db,
    sql`select p.id as product_id, v.id as variant_id, p.name as product_name, p.variations, v.options, v.sku,
          v.stock_quantity, v.low_stock_threshold
        from product_variants as v join products as p on p.id = v.product_id
        where v.is_active and p.is_active and v.stock_quantity > 0 and v.stock_quantity <= v.low_stock_threshold
        order by v.stock_quantity, p.name, v.sort_order
        limit ${TOP_LIMIT}`,
  );
  return rows.map(({ variations, options, ...row }) => ({
    ...row,
    variant_label: optionValues(options, variations).join(' / '),
  }));
}
