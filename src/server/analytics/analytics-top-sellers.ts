import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { DayRange } from '#shared/analytics-periods.ts';
import {
  DELETED_ID,
  DELETED_PRODUCT_NAME,
  money,
  productSalesRows,
  rowsOf,
  TOP_LIMIT,
  UNCATEGORISED,
} from './analytics-queries.ts';

/**
 * The dashboard's top performers (docs/product.md#analytics): the products and categories that
 * brought the most revenue in a period, from the product roll-ups in one statement (the sales are
 * grouped once, then ranked twice). A category is the product's category now. The products' names
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

export async function topPerformers(db: Db, range: DayRange) {
  const [row] = await rowsOf<{ products: SoldProductRow[]; categories: SoldCategoryRow[] }>(
    db,
    sql`with grouped as materialized (
          select product_id, sum(quantity) as quantity, sum(revenue_cents) as revenue, sum(lines) as lines
          from (${productSalesRows(range)}) as rows group by product_id
        ),
        catalogue as materialized (select id, name, category_id from products),
        sold as materialized (
          select grouped.*, p.name, p.category_id from grouped left join catalogue as p on p.id = grouped.product_id
        )
        select
          (select coalesce(json_agg(top), '[]') from (
            select product_id, name, revenue, quantity from sold
            order by revenue desc, quantity desc, name nulls last
            limit ${TOP_LIMIT}) as top) as products,
          (select coalesce(json_agg(top), '[]') from (
            select c.id as category_id, c.name, sum(sold.revenue) as revenue, sum(sold.quantity) as quantity,
              sum(sold.lines) as lines
            from sold left join categories as c on c.id = sold.category_id
            group by c.id, c.name
            order by 3 desc, 2 nulls last
            limit ${TOP_LIMIT}) as top) as categories`,
  );
  return {
    top_products: (row?.products ?? []).map(toTopProduct),
    top_categories: (row?.categories ?? []).map(toTopCategory),
  };
}
