import { sql } from 'drizzle-orm';
import { analyticsOrderDays } from '#server/analytics/analytics.tables.ts';
import type { Db } from '#server/db/client.ts';
import {
  average,
  columnTotals,
  daysOf,
  dollars,
  num,
  type ReportDefinition,
  type ReportPeriod,
  type ReportRecord,
  rowsOf,
} from './report-kit.ts';

/**
 * `sales`: one row per day of the period (days without orders too), read from the daily roll-up
 * (analytics_order_days: a few rows per day, whatever the number of orders). Revenue is the
 * totals of orders not cancelled less their refunds (docs/product.md#analytics-and-reports); VAT
 * is the roll-up's: each order's tax less its refunded share. Paid revenue counts the orders whose
 * payment was received (paid, or refunded since), as the analytics do.
 */

interface DayRow {
  day: string;
  orders: unknown;
  cancelled: unknown;
  total: unknown;
  discount: unknown;
  shipping: unknown;
  tax: unknown;
  refunded: unknown;
  paid: unknown;
}

/** The roll-up's figures per day over `period`, and the sums they add up to (in cents). */
async function dailyFigures(db: Db, period: ReportPeriod): Promise<Map<string, DayRow>> {
  const r = analyticsOrderDays;
  const kept = sql`${r.status} <> 'cancelled'`;
  const rows = await rowsOf<DayRow>(
    db,
    sql`select ${r.day}::text as day,
          coalesce(sum(${r.orders}) filter (where ${kept}), 0)::float8 as orders,
          coalesce(sum(${r.orders}) filter (where not ${kept}), 0)::float8 as cancelled,
          coalesce(sum(${r.totalCents}) filter (where ${kept}), 0)::float8 as total,
          coalesce(sum(${r.discountCents}) filter (where ${kept}), 0)::float8 as discount,
          coalesce(sum(${r.shippingCents}) filter (where ${kept}), 0)::float8 as shipping,
          coalesce(sum(${r.taxCents}) filter (where ${kept}), 0)::float8 as tax,
          coalesce(sum(${r.refundedCents}) filter (where ${kept}), 0)::float8 as refunded,
          coalesce(sum(${r.totalCents} - ${r.refundedCents}) filter (where ${kept} and ${r.paymentStatus} <> 'pending'), 0)::float8 as paid
        from ${r}
        where ${r.day} between ${period.from}::date and ${period.to}::date
        group by ${r.day}`,
  );
  return new Map(rows.map((row) => [row.day, row]));
}

function recordOf(day: string, row: DayRow | undefined): ReportRecord {
  const orders = num(row?.orders);
  const revenue = num(row?.total) - num(row?.refunded);
  return {
    date: day,
    orders,
    cancelled: num(row?.cancelled),
    order_totals: dollars(row?.total),
    discounts: dollars(row?.discount),
    shipping: dollars(row?.shipping),
    tax: dollars(row?.tax),
    refunds: dollars(row?.refunded),
    revenue: dollars(revenue),
    paid_revenue: dollars(row?.paid),
    average_order_value: average(revenue, orders),
  };
}

async function allRows(db: Db, period: ReportPeriod): Promise<ReportRecord[]> {
  const figures = await dailyFigures(db, period);
  return daysOf(period.from, period.to).map((day) => recordOf(day, figures.get(day)));
}

export const salesReport: ReportDefinition = {
  type: 'sales',
  columns: [
    { key: 'date', label: 'Day', kind: 'date', pdf: 1.3 },
    { key: 'orders', label: 'Orders', kind: 'number', pdf: 0.8, sums: true },
    { key: 'cancelled', label: 'Cancelled', kind: 'number', pdf: 0.9, sums: true },
    { key: 'order_totals', label: 'Order totals', kind: 'money', pdf: 1.2, sums: true },
    { key: 'discounts', label: 'Discounts', kind: 'money', pdf: 1, sums: true },
    { key: 'shipping', label: 'Shipping', kind: 'money', pdf: 1, sums: true },
    { key: 'tax', label: 'VAT', kind: 'money', pdf: 1, sums: true },
    { key: 'refunds', label: 'Refunds', kind: 'money', pdf: 1, sums: true },
    { key: 'revenue', label: 'Revenue', kind: 'money', pdf: 1.2, sums: true },
    { key: 'paid_revenue', label: 'Paid revenue', kind: 'money', pdf: 1.2, sums: true },
    { key: 'average_order_value', label: 'Avg. order', kind: 'money', pdf: 1 },
  ],
  async preview(db, period, limit) {
    // At most ANALYTICS_MAX_DAYS rows, from a table of a few rows per day: read whole.
    const rows = await allRows(db, period);
    const totals = columnTotals(this.columns, rows);
    const orders = totals.orders ?? 0;
    totals.average_order_value = orders > 0 ? average(Math.round((totals.revenue ?? 0) * 100), orders) : 0;
    return { rows: rows.slice(0, limit), totalRows: rows.length, totals, note: null };
  },
  async *pages(db, period) {
    yield await allRows(db, period);
  },
};
