import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { growthPercent, lastDays } from '#shared/analytics-periods.ts';
import type { ProductAnalytics } from '#shared/contracts/analytics.ts';
import { optionValues } from '#shared/product-variants.ts';
import {
  type AnalyticsCalendar,
  DELETED_ID,
  DELETED_PRODUCT_NAME,
  money,
  rowsOf,
  SLOW_LIMIT,
  TOP_LIMIT,
} from './analytics-queries.ts';
import { type SoldCategoryRow, type SoldProductRow, toTopCategory, toTopProduct } from './analytics-top-sellers.ts';
import { periodSalesTables } from './analytics-windows.ts';

interface SoldVariantRow {
  product_id: string;
  variant_id: string;
  name: string | null;
  variations: { name: string }[] | null;
  options: Record<string, string> | null;
  sku: string | null;
  revenue: number;
  quantity: number;
}

interface ProductFiguresRow {
  by_revenue: SoldProductRow[];
  by_units: SoldProductRow[];
  variants: SoldVariantRow[];
  slow: { product_id: string; product_name: string; stock_quantity: number; last_sold: string | null }[];
  categories: (SoldCategoryRow & { previous_revenue: number })[];
  stock: { value: number; retail: number; with_cost: number; without_cost: number };
}

/**
 * `GET /admin/analytics/products?days` (docs/product.md#analytics): the top sellers by revenue,
 * by units and per variant, the slow movers, each category against the previous period, and the
 * stock's value. One statement over the period's sales per product and per variant
 * (`periodSalesTables`: at the period choices the product windows, whose top rows an index
 * gives, else the roll-ups added up), which carry the previous period for the categories'
 * growth. The products' categories and stock are read once, in one pass over the table
 * (`catalogue`), and joined by hash: looked up one by one through the key, the ~10,000 products a
 * year sells cost ~100 ms at 100,000 orders, and the slow movers and the stock value each read
 * the whole table again. A top list takes its first rows with ties on its order, then the names
 * break the ties.
 */
export async function productAnalytics(db: Db, calendar: AnalyticsCalendar, days: number): Promise<ProductAnalytics> {
  const range = lastDays(calendar.today, days);
  const sales = await periodSalesTables(db, calendar.today, days);
  const top = (inner: string, outer: string) =>
    sql`(select coalesce(json_agg(top order by ${sql.raw(outer)}, top.name nulls last), '[]') from (
          select s.product_id, p.name, s.revenue_cents::float8 as revenue, s.quantity::float8 as quantity
          from (select * from product_sales where lines > 0
                order by ${sql.raw(inner)} fetch first ${TOP_LIMIT} rows with ties) as s
            left join products as p on p.id = s.product_id
          order by ${sql.raw(inner.replaceAll(/(\w+) desc/g, 's.$1 desc'))}, p.name nulls last limit ${TOP_LIMIT}) as top)`;
  const [row] = await rowsOf<ProductFiguresRow>(
    db,
    sql`with ${sales},
        catalogue as materialized (
          select id, category_id, is_active, stock_quantity, name from products
        )
        select
          ${top('revenue_cents desc, quantity desc', 'top.revenue desc, top.quantity desc')} as by_revenue,
          ${top('quantity desc, revenue_cents desc', 'top.quantity desc, top.revenue desc')} as by_units,
          (select coalesce(json_agg(top order by top.revenue desc, top.quantity desc, top.name nulls last), '[]') from (
            select s.product_id, s.variant_id, p.name, p.variations, v.options, v.sku, s.revenue_cents::float8 as revenue,
              s.quantity::float8 as quantity
            from (select * from variant_sales where lines > 0
                  order by revenue_cents desc, quantity desc fetch first ${TOP_LIMIT} rows with ties) as s
              left join products as p on p.id = s.product_id
              left join product_variants as v on v.id = s.variant_id
            order by s.revenue_cents desc, s.quantity desc, p.name nulls last limit ${TOP_LIMIT}) as top) as variants,
          (select coalesce(json_agg(slow), '[]') from (
            select p.id as product_id, p.name as product_name, p.stock_quantity,
              (select max(d.day)::text from analytics_product_days as d where d.product_id = p.id) as last_sold
            from (select id, name, stock_quantity from catalogue as p
                  where p.is_active and p.stock_quantity > 0
                    and not exists (select 1 from product_sales as s where s.product_id = p.id and s.lines > 0)
                  order by p.stock_quantity desc, p.name limit ${SLOW_LIMIT}) as p
            order by p.stock_quantity desc, p.name) as slow) as slow,
          (select coalesce(json_agg(cat order by cat.revenue desc, cat.previous_revenue desc, cat.name nulls last), '[]') from (
            select c.id as category_id, c.name, sum(s.revenue_cents::float8) as revenue, sum(s.quantity::float8) as quantity,
              sum(s.lines::float8) as lines, sum(s.previous_revenue_cents::float8) as previous_revenue
            from product_sales as s
              left join catalogue as p on p.id = s.product_id
              left join categories as c on c.id = p.category_id
            group by c.id, c.name) as cat) as categories,
          (select json_build_object(
              'value', coalesce(sum(cost_price * stock_quantity * 100) filter (where cost_price is not null), 0),
              'retail', coalesce(sum(price * stock_quantity * 100), 0),
              'with_cost', count(*) filter (where cost_price is not null),
              'without_cost', count(*) filter (where cost_price is null))
            from product_variants as v
            -- The few inactive products hashed, not every product: a variant counts unless its product is off.
            where v.is_active and not exists (select 1 from catalogue as p where p.id = v.product_id and not p.is_active)) as stock`,
  );
  if (!row) throw new Error('product analytics answered nothing');
  return {
    days,
    date_from: range.from,
    date_to: range.to,
    top_by_revenue: row.by_revenue.map(toTopProduct),
    top_by_units: row.by_units.map(toTopProduct),
    top_variants: row.variants.map((variant) => {
      const deleted = variant.product_id === DELETED_ID || variant.name === null;
      return {
        product_id: variant.product_id === DELETED_ID ? null : variant.product_id,
        variant_id: variant.variant_id === DELETED_ID ? null : variant.variant_id,
        product_name: deleted ? DELETED_PRODUCT_NAME : (variant.name as string),
        variant_label: variant.options ? optionValues(variant.options, variant.variations ?? []).join(' / ') : '',
        sku: variant.sku,
        revenue: money(variant.revenue),
        quantity_sold: variant.quantity,
      };
    }),
    slow_movers: row.slow,
    categories: row.categories.map((category) => ({
      ...toTopCategory(category),
      quantity_sold: category.quantity,
      previous_revenue: money(category.previous_revenue),
      revenue_growth: growthPercent(category.revenue, category.previous_revenue),
    })),
    stock_value: {
      value: money(Number(row.stock.value)),
      variants_with_cost: row.stock.with_cost,
      variants_without_cost: row.stock.without_cost,
      retail_value: money(Number(row.stock.retail)),
    },
  };
}
