import { type SQL, sql } from 'drizzle-orm';
import { analyticsProductDays, analyticsProductMonths } from '#server/analytics/analytics.tables.ts';
import type { Db } from '#server/db/client.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { lastDayOfMonth } from '#shared/contracts/analytics.ts';
import {
  average,
  dollars,
  num,
  type ReportDefinition,
  type ReportPeriod,
  type ReportRecord,
  rowsOf,
  variantLabel,
} from './report-kit.ts';

/**
 * `products`: units and revenue per product and variant sold in the period (orders not
 * cancelled), the best sellers first, from the roll-ups: whole months of the period from
 * analytics_product_months, the days before and after them from analytics_product_days, so a year
 * adds up 12 rows per variant instead of 365. Lines of deleted products count under the nil UUID
 * and show as one "Deleted products" row.
 */

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const DELETED_PRODUCTS = 'Deleted products';
const STEP_ROWS = 2_000;

/** The period as whole months and the stray days around them. */
export function periodSegments(from: string, to: string): { days: [string, string][]; months: string[] } {
  const days: [string, string][] = [];
  const months: string[] = [];
  let cursor = from;
  while (cursor <= to) {
    const monthEnd = lastDayOfMonth(cursor);
    const end = monthEnd < to ? monthEnd : to;
    if (cursor.endsWith('-01') && end === monthEnd) months.push(cursor);
    else days.push([cursor, end]);
    const next = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000);
    cursor = next.toISOString().slice(0, 10);
  }
  return { days, months };
}

/** The period's sales per product and variant, summed (a subquery: product_id, variant_id, units, revenue, lines). */
function salesOf(period: ReportPeriod): SQL {
  const { days, months } = periodSegments(period.from, period.to);
  const d = analyticsProductDays;
  const m = analyticsProductMonths;
  const parts: SQL[] = [];
  if (days.length > 0) {
    parts.push(
      sql`select ${d.productId} as product_id, ${d.variantId} as variant_id, ${d.quantity} as quantity, ${d.revenueCents} as revenue_cents, ${d.lines} as lines
          from ${d} where ${sql.join(
            days.map(([a, b]) => sql`${d.day} between ${a}::date and ${b}::date`),
            sql` or `,
          )}`,
    );
  }
  if (months.length > 0) {
    parts.push(
      sql`select ${m.productId}, ${m.variantId}, ${m.quantity}, ${m.revenueCents}, ${m.lines}
          from ${m} where ${m.month} between ${months[0]}::date and ${months.at(-1)}::date`,
    );
  }
  return sql`select product_id, variant_id, sum(quantity)::float8 as units, sum(revenue_cents)::float8 as revenue,
      sum(lines)::float8 as lines
    from (${sql.join(parts, sql` union all `)}) as s group by product_id, variant_id`;
}

interface SalesRow {
  product_id: string;
  variant_id: string;
  units: unknown;
  revenue: unknown;
  lines: unknown;
  name: string | null;
  product_sku: string | null;
  sku: string | null;
  options: Record<string, string> | null;
  variations: { name: string }[] | null;
}

const ORDER = sql`revenue desc, product_id desc, variant_id desc`;

/**
 * The names and SKUs the page's rows have now, looked up by key row by row (`limit 1` keeps the
 * planner from turning the lookups into a join that reads the whole catalogue).
 */
const withNames = (rows: SQL) =>
  sql`select r.*, p.name, p.sku as product_sku, p.variations, v.sku, v.options
    from (${rows}) as r
      left join lateral (select name, sku, variations from ${products} where id = r.product_id limit 1) as p on true
      left join lateral (select sku, options from ${productVariants} where id = r.variant_id limit 1) as v on true`;

/** A page of the ranked sales after `after`. */
function pageQuery(period: ReportPeriod, limit: number, after?: SalesRow): SQL {
  const keyset = after
    ? sql`where (revenue, product_id, variant_id) < (${num(after.revenue)}::float8, ${after.product_id}::uuid, ${after.variant_id}::uuid)`
    : sql``;
  return sql`with agg as (${salesOf(period)})
    ${withNames(sql`select * from agg ${keyset} order by ${ORDER} limit ${limit}`)}
    order by ${ORDER}`;
}

/**
 * The first `limit` rows and, over the whole, the count and sums: one aggregation, kept
 * (materialized) and read twice. Always one row: the totals, with the first sale's columns (null
 * when nothing sold).
 */
function previewQuery(period: ReportPeriod, limit: number): SQL {
  return sql`with agg as materialized (${salesOf(period)}),
      totals as (select count(*)::float8 as n, coalesce(sum(units), 0) as t_units,
        coalesce(sum(revenue), 0) as t_revenue, coalesce(sum(lines), 0) as t_lines from agg),
      named as (${withNames(sql`select * from agg order by ${ORDER} limit ${limit}`)})
    select totals.*, named.* from totals left join named on true
    order by ${ORDER}`;
}

function recordOf(row: SalesRow): ReportRecord {
  const deleted = row.product_id === NIL_UUID || row.name === null;
  const units = num(row.units);
  return {
    product: deleted ? DELETED_PRODUCTS : row.name,
    variant: deleted ? '' : variantLabel(row.options, row.variations),
    sku: deleted ? null : (row.sku ?? row.product_sku),
    units,
    orders: num(row.lines),
    revenue: dollars(row.revenue),
    average_price: average(num(row.revenue), units),
  };
}

export const productsReport: ReportDefinition = {
  type: 'products',
  columns: [
    { key: 'product', label: 'Product', kind: 'text', pdf: 3.2 },
    { key: 'variant', label: 'Variant', kind: 'text', pdf: 1.8 },
    { key: 'sku', label: 'SKU', kind: 'text', pdf: 1.5 },
    { key: 'units', label: 'Units', kind: 'number', pdf: 0.8, sums: true },
    { key: 'orders', label: 'Orders', kind: 'number', pdf: 0.8, sums: true },
    { key: 'revenue', label: 'Revenue', kind: 'money', pdf: 1.2, sums: true },
    { key: 'average_price', label: 'Avg. price', kind: 'money', pdf: 1 },
  ],
  async preview(db: Db, period, limit) {
    const rows = await rowsOf<
      Partial<SalesRow> & { n: unknown; t_units: unknown; t_revenue: unknown; t_lines: unknown }
    >(db, previewQuery(period, Math.max(limit, 1)));
    const first = rows[0];
    return {
      rows: rows
        .filter((row): row is SalesRow & typeof row => typeof row.product_id === 'string')
        .slice(0, limit)
        .map(recordOf),
      totalRows: num(first?.n),
      totals: { units: num(first?.t_units), orders: num(first?.t_lines), revenue: dollars(first?.t_revenue) },
      note: null,
    };
  },
  async *pages(db, period) {
    let after: SalesRow | undefined;
    for (;;) {
      const rows = await rowsOf<SalesRow>(db, pageQuery(period, STEP_ROWS, after));
      if (rows.length > 0) yield rows.map(recordOf);
      if (rows.length < STEP_ROWS) return;
      after = rows.at(-1);
    }
  },
};
