import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { growthPercent, lastDays, previousPeriod } from '#shared/analytics-periods.ts';
import type { ProductAnalytics } from '#shared/contracts/analytics.ts';
import { optionValues } from '#shared/product-variants.ts';
import {
  type AnalyticsCalendar,
  DELETED_ID,
  DELETED_PRODUCT_NAME,
  money,
  productSalesRows,
  rowsOf,
  SLOW_LIMIT,
  TOP_LIMIT,
} from './analytics-queries.ts';
import { type SoldCategoryRow, type SoldProductRow, toTopCategory, toTopProduct } from './analytics-top-sellers.ts';

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
 * stock's value. One statement: the period's sales grouped per variant once (product roll-ups,
 * whole months from the monthly one) and read by every list; the previous period summed straight
 * into categories for their growth (grouped per product first, it cost ~10 % more). The products' names, categories and stock are read once, in one pass
 * over the table (`catalogue`), and joined by hash: looked up one by one through the key, the ~10,000
 * products a year sells cost ~100 ms at 100,000 orders, and the slow movers and the stock value
 * each read the whole table again.
 */
export async function productAnalytics(db: Db, calendar: AnalyticsCalendar, days: number): Promise<ProductAnalytics> {
  const range = lastDays(calendar.today, days);
  const previous = previousPeriod(range);
  const [row] = await rowsOf<ProductFiguresRow>(
    db,
    sql`with sold_variants as materialized (
          select product_id, variant_id, sum(quantity) as quantity, sum(revenue_cents) as revenue, sum(lines) as lines
          from (${productSalesRows(range)}) as rows group by product_id, variant_id
        ),
        sold as materialized (
          select product_id, sum(quantity) as quantity, sum(revenue) as revenue, sum(lines) as lines
          from sold_variants group by product_id
        ),
        catalogue as materialized (
          select id, name, category_id, is_active, stock_quantity from products
        ),
        named as materialized (
          select sold.product_id, sold.quantity, sold.revenue, sold.lines, p.name, p.category_id
          from sold left join catalogue as p on p.id = sold.product_id
        ),
        by_category as materialized (
          select named.category_id, sum(named.revenue) as revenue, sum(named.quantity) as quantity,
            sum(named.lines) as lines
          from named group by named.category_id
        ),
        before_by_category as materialized (
          select p.category_id, sum(rows.revenue_cents) as previous_revenue
          from (${productSalesRows(previous)}) as rows left join catalogue as p on p.id = rows.product_id
          group by p.category_id
        )
        select
          (select coalesce(json_agg(top), '[]') from (
            select product_id, name, revenue, quantity from named
            order by revenue desc, quantity desc, name nulls last limit ${TOP_LIMIT}) as top) as by_revenue,
          (select coalesce(json_agg(top), '[]') from (
            select product_id, name, revenue, quantity from named
            order by quantity desc, revenue desc, name nulls last limit ${TOP_LIMIT}) as top) as by_units,
          (select coalesce(json_agg(top), '[]') from (
            select s.product_id, s.variant_id, p.name, p.variations, v.options, v.sku, s.revenue, s.quantity
            from (select * from sold_variants order by revenue desc, quantity desc limit ${TOP_LIMIT}) as s
              left join products as p on p.id = s.product_id
              left join product_variants as v on v.id = s.variant_id
            order by s.revenue desc, s.quantity desc, p.name nulls last) as top) as variants,
          (select coalesce(json_agg(slow), '[]') from (
            select p.id as product_id, p.name as product_name, p.stock_quantity,
              (select max(d.day)::text from analytics_product_days as d where d.product_id = p.id) as last_sold
            from (select id, name, stock_quantity from catalogue as p
                  where p.is_active and p.stock_quantity > 0
                    and not exists (select 1 from sold where sold.product_id = p.id)
                  order by p.stock_quantity desc, p.name limit ${SLOW_LIMIT}) as p
            order by p.stock_quantity desc, p.name) as slow) as slow,
          (select coalesce(json_agg(cat order by cat.revenue desc, cat.previous_revenue desc, cat.name nulls last), '[]') from (
            select c.id as category_id, c.name, coalesce(sum(cur.revenue), 0) as revenue,
              coalesce(sum(cur.quantity), 0) as quantity, coalesce(sum(cur.lines), 0) as lines,
              coalesce(sum(before.previous_revenue), 0) as previous_revenue
            from (select category_id from by_category union select category_id from before_by_category) as ids
              left join by_category as cur on cur.category_id is not distinct from ids.category_id
              left join before_by_category as before on before.category_id is not distinct from ids.category_id
              left join categories as c on c.id = ids.category_id
            group by c.id, c.name) as cat) as categories,
          (select json_build_object(
              'value', coalesce(sum(cost_price * stock_quantity * 100) filter (where cost_price is not null), 0),
              'retail', coalesce(sum(price * stock_quantity * 100), 0),
              'with_cost', count(*) filter (where cost_price is not null),
              'without_cost', count(*) filter (where cost_price is null))
            from product_variants as v
            where v.is_active and exists (select 1 from catalogue as p where p.id = v.product_id and p.is_active)) as stock`,
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
