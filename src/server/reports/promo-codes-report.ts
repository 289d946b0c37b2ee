import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { orders } from '#server/orders/orders.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
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
 * `promo_codes`: each code used by orders not cancelled in the period, the most used first: uses,
 * customers, the discount given and the revenue of those orders (totals less refunds), with the
 * code's offer as it stands now ("deleted" for a code removed since; the orders keep its text).
 * A period uses few codes: the rows are read in one statement.
 */

interface CodeRow {
  code: string;
  uses: unknown;
  customers: unknown;
  discount: unknown;
  revenue: unknown;
  discount_type: string | null;
  discount_value: unknown;
  description: string | null;
}

function offerOf(row: CodeRow): string {
  if (row.discount_type === null) return 'deleted';
  const value = num(row.discount_value);
  return row.discount_type === 'percentage' ? `${value}% off` : `$${value.toFixed(2)} off`;
}

async function allRows(db: Db, period: ReportPeriod): Promise<ReportRecord[]> {
  const rows = await rowsOf<CodeRow>(
    db,
    sql`with agg as (
          select ${orders.promoCode} as code, count(*)::float8 as uses,
            count(distinct ${orders.customerId})::float8 as customers,
            sum((${orders.discount} * 100)::bigint)::float8 as discount,
            sum(((${orders.total} - ${orders.refundedAmount}) * 100)::bigint)::float8 as revenue
          from ${orders}
          where ${orders.createdAt} >= ${period.start} and ${orders.createdAt} < ${period.end}
            and ${orders.status} <> 'cancelled' and ${orders.promoCode} is not null
          group by ${orders.promoCode}
        )
        select agg.*, p.discount_type, p.discount_value, p.description
        from agg left join ${promoCodes} p on p.code = agg.code
        order by agg.uses desc, agg.code`,
  );
  return rows.map((row) => ({
    code: row.code,
    offer: offerOf(row),
    description: row.description,
    uses: num(row.uses),
    customers: num(row.customers),
    discount_given: dollars(row.discount),
    revenue: dollars(row.revenue),
  }));
}

export const promoCodesReport: ReportDefinition = {
  type: 'promo_codes',
  columns: [
    { key: 'code', label: 'Code', kind: 'text', pdf: 1.5 },
    { key: 'offer', label: 'Offer', kind: 'text', pdf: 1.2 },
    { key: 'description', label: 'Description', kind: 'text', pdf: 3 },
    { key: 'uses', label: 'Uses', kind: 'number', pdf: 0.7, sums: true },
    { key: 'customers', label: 'Customers', kind: 'number', pdf: 0.9 },
    { key: 'discount_given', label: 'Discount given', kind: 'money', pdf: 1.2, sums: true },
    { key: 'revenue', label: 'Revenue', kind: 'money', pdf: 1.2, sums: true },
  ],
  async preview(db, period, limit) {
    const rows = await allRows(db, period);
    return { rows: rows.slice(0, limit), totalRows: rows.length, totals: columnTotals(this.columns, rows), note: null };
  },
  async *pages(db, period) {
    yield await allRows(db, period);
  },
};
