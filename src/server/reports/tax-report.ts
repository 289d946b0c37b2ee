import { sql } from 'drizzle-orm';
import { analyticsOrderDays } from '#server/analytics/analytics.tables.ts';
import type { Db } from '#server/db/client.ts';
import {
  columnTotals,
  dollars,
  num,
  type ReportDefinition,
  type ReportPeriod,
  type ReportRecord,
  rowsOf,
} from './report-kit.ts';

/**
 * `tax`: VAT collected per calendar month of the period (the figure a Lebanese merchant declares),
 * from the daily roll-up: the tax of orders not cancelled, less each order's refunded share of it
 * (ANALYTICS_DEFINITIONS.tax), by the month the order was placed. A period that starts or ends
 * inside a month counts only its own days of that month.
 */

interface MonthRow {
  month: string;
  orders: unknown;
  total: unknown;
  refunded: unknown;
  tax: unknown;
}

/** The months `from`..`to` touch, as YYYY-MM. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

async function allRows(db: Db, period: ReportPeriod): Promise<ReportRecord[]> {
  const r = analyticsOrderDays;
  const rows = await rowsOf<MonthRow>(
    db,
    sql`select to_char(${r.day}, 'YYYY-MM') as month,
          coalesce(sum(${r.orders}), 0)::float8 as orders,
          coalesce(sum(${r.totalCents}), 0)::float8 as total,
          coalesce(sum(${r.refundedCents}), 0)::float8 as refunded,
          coalesce(sum(${r.taxCents}), 0)::float8 as tax
        from ${r}
        where ${r.day} between ${period.from}::date and ${period.to}::date and ${r.status} <> 'cancelled'
        group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return monthsOf(period.from, period.to).map((month) => {
    const row = byMonth.get(month);
    const sales = num(row?.total) - num(row?.refunded);
    const tax = num(row?.tax);
    return {
      month,
      orders: num(row?.orders),
      sales: dollars(sales),
      refunds: dollars(row?.refunded),
      net_of_vat: dollars(sales - tax),
      vat: dollars(tax),
    };
  });
}

export const taxReport: ReportDefinition = {
  type: 'tax',
  columns: [
    { key: 'month', label: 'Month', kind: 'text', pdf: 1 },
    { key: 'orders', label: 'Orders', kind: 'number', pdf: 0.8, sums: true },
    { key: 'sales', label: 'Sales incl. VAT', kind: 'money', pdf: 1.3, sums: true },
    { key: 'refunds', label: 'Refunds', kind: 'money', pdf: 1.1, sums: true },
    { key: 'net_of_vat', label: 'Sales excl. VAT', kind: 'money', pdf: 1.3, sums: true },
    { key: 'vat', label: 'VAT collected', kind: 'money', pdf: 1.3, sums: true },
  ],
  async preview(db, period, limit) {
    const rows = await allRows(db, period);
    return { rows: rows.slice(0, limit), totalRows: rows.length, totals: columnTotals(this.columns, rows), note: null };
  },
  async *pages(db, period) {
    yield await allRows(db, period);
  },
};
