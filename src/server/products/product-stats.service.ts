import { asc, eq, sql } from 'drizzle-orm';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import type { AdminProductStats } from '#shared/contracts/admin-products.ts';
import { round2 } from '#shared/money.ts';
import { toNumber } from './products.mapper.ts';
import { products } from './products.table.ts';

export const UNCATEGORISED_NAME = 'Uncategorised';

// Postgres returns count/sum as bigint or numeric text; these columns keep the casts in one place.
const int = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)::bigint`.mapWith(Number);
const money = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)`.mapWith(toNumber);

const stockUnits = int(sql`sum(${products.stockQuantity})`);
const valueAtPrice = money(sql`sum(${products.stockQuantity} * ${products.price})`);

/**
 * `GET /admin/products/stats`: two aggregate statements over every product (inactive too).
 * Inventory values count stock on hand; at cost only where a cost price is known. Sums are exact
 * numeric in SQL and rounded to the cent once, here.
 */
export async function productStats(db: Db): Promise<AdminProductStats> {
  const [totalsRows, categoryRows] = await Promise.all([
    db
      .select({
        total: int(sql`count(*)`),
        active: int(sql`count(*) filter (where ${products.isActive})`),
        featured: int(sql`count(*) filter (where ${products.featured})`),
        outOfStock: int(sql`count(*) filter (where ${products.stockQuantity} <= 0)`),
        lowStock: int(
          sql`count(*) filter (where ${products.stockQuantity} > 0 and ${products.stockQuantity} <= ${products.lowStockThreshold})`,
        ),
        stockUnits,
        valueAtCost: money(
          sql`sum(${products.stockQuantity} * ${products.costPrice}) filter (where ${products.costPrice} is not null)`,
        ),
        valueAtPrice,
      })
      .from(products),
    db
      .select({
        categoryId: products.categoryId,
        name: categories.name,
        products: int(sql`count(*)`),
        active: int(sql`count(*) filter (where ${products.isActive})`),
        stockUnits,
        valueAtPrice,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .groupBy(products.categoryId, categories.name)
      // Named categories alphabetically, the uncategorised row (if any) last.
      .orderBy(sql`${categories.name} is null`, asc(categories.name)),
  ]);
  const totals = totalsRows[0];
  return {
    total: totals?.total ?? 0,
    active: totals?.active ?? 0,
    inactive: (totals?.total ?? 0) - (totals?.active ?? 0),
    featured: totals?.featured ?? 0,
    out_of_stock: totals?.outOfStock ?? 0,
    low_stock: totals?.lowStock ?? 0,
    stock_units: totals?.stockUnits ?? 0,
    inventory_value_cost: round2(totals?.valueAtCost ?? 0),
    inventory_value_price: round2(totals?.valueAtPrice ?? 0),
    by_category: categoryRows.map((row) => ({
      category_id: row.categoryId,
      name: row.categoryId === null ? UNCATEGORISED_NAME : (row.name ?? UNCATEGORISED_NAME),
      products: row.products,
      active: row.active,
      stock_units: row.stockUnits,
      inventory_value_price: round2(row.valueAtPrice),
    })),
  };
}
