import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DELETED_ID, DELETED_PRODUCT_NAME, money, rowsOf, TOP_LIMIT, UNCATEGORISED } from './analytics-queries.ts';
import { periodSalesTables } from './analytics-windows.ts';

/**
 * The dashboard's top performers (docs/product.md#analytics): the products and categories that
 * brought the most revenue in a period, from the product roll-ups in one statement (the sales are
 * grouped once, then ranked twice; at the period choices from the product windows, analytics-windows.ts). A category is the product's category now. The products' names
 * and categories are read in one pass and joined by hash (analytics-products.service.ts says why).
 */

export interface SoldProductRow {
  product_id: string;
  name: string | null;
  revenue: number;
  quantity: number;
}

export interface SoldCategoryRow {
  category_id: string | null;
  name: string | null;
  revenue: number;
  quantity: number;
  lines: number;
}

export function toTopProduct(row: SoldProductRow) {
  const deleted = row.product_id === DELETED_ID || row.name === null;
  return {
    product_id: row.product_id === DELETED_ID ? null : row.product_id,
    product_name: deleted ? DELETED_PRODUCT_NAME : (row.name as string),
    revenue: money(row.revenue),
    quantity_sold: row.quantity,
  };
}

export function toTopCategory(row: SoldCategoryRow) {
  return {
    category_id: row.category_id,
    category: row.name ?? UNCATEGORISED,
    revenue: money(row.revenue),
    order_count: row.lines,
  };
}

export async function topPerformers(db: Db, today: string, days: number) {
  const sales = await periodSalesTables(db, today, days);
  const [row] = await rowsOf<{ products: SoldProductRow[]; categories: SoldCategoryRow[] }>(
    db,
    sql`with ${sales},
        catalogue as materialized (select id, category_id from products)
        select
          (select coalesce(json_agg(top order by top.revenue desc, top.quantity desc, top.name nulls last), '[]') from (
            select s.product_id, p.name, s.revenue_cents::float8 as revenue, s.quantity::float8 as quantity
            from (select * from product_sales where lines > 0
                  order by revenue_cents desc, quantity desc fetch first ${TOP_LIMIT} rows with ties) as s
              left join products as p on p.id = s.product_id
            order by s.revenue_cents desc, s.quantity desc, p.name nulls last limit ${TOP_LIMIT}) as top) as products,
          (select coalesce(json_agg(top), '[]') from (
            select c.id as category_id, c.name, sum(s.revenue_cents::float8) as revenue, sum(s.quantity::float8) as quantity,
              sum(s.lines::float8) as lines
            from product_sales as s
              left join catalogue as p on p.id = s.product_id
              left join categories as c on c.id = p.category_id
            where s.lines > 0
            group by c.id, c.name
            order by 3 desc, 2 nulls last
            limit ${TOP_LIMIT}) as top) as categories`,
  );
  return {
    top_products: (row?.products ?? []).map(toTopProduct),
    top_categories: (row?.categories ?? []).map(toTopCategory),
  };
}
