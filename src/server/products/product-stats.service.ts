import { asc, eq, sql } from 'drizzle-orm';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import type { AdminProductStats } from '#shared/contracts/admin-products.ts';
import { round2 } from '#shared/money.ts';
import { productVariants } from './product-variants.table.ts';
import { toNumber } from './products.mapper.ts';
import { products } from './products.table.ts';

export const UNCATEGORISED_NAME = 'Uncategorised';

// Postgres returns count/sum as bigint or numeric text; these columns keep the casts in one place.
const int = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)::bigint`.mapWith(Number);
const money = (expression: ReturnType<typeof sql>) => sql`coalesce(${expression}, 0)`.mapWith(toNumber);

/**
 * Per product, over its ACTIVE variants (decision 012: stock and prices are the variants'; the
 * product's stock_quantity is the same sum): units, values, and how many are out or low. One
 * grouped subquery joined to products, so each statement stays one statement.
 */
const variantTotals = (db: Db) =>
  db
    .select({
      productId: productVariants.productId,
      units: sql`sum(${productVariants.stockQuantity})`.as('units'),
      atPrice: sql`sum(${productVariants.stockQuantity} * ${productVariants.price})`.as('at_price'),
      atCost: sql`sum(${productVariants.stockQuantity} * ${productVariants.costPrice})
        filter (where ${productVariants.costPrice} is not null)`.as('at_cost'),
      out: sql`count(*) filter (where ${productVariants.stockQuantity} <= 0)`.as('out'),
      low: sql`count(*) filter (where ${productVariants.stockQuantity} > 0
        and ${productVariants.stockQuantity} <= ${productVariants.lowStockThreshold})`.as('low'),
    })
    .from(productVariants)
    .where(eq(productVariants.isActive, true))
    .groupBy(productVariants.productId)
    .as('variant_totals');

/**
 * `GET /admin/products/stats`: two aggregate statements over every product (inactive too).
 * Inventory values count stock on hand; at cost only where a cost price is known. Sums are exact
 * numeric in SQL and rounded to the cent once, here.
 */
export async function productStats(db: Db): Promise<AdminProductStats> {
  const totals = variantTotals(db);
  const stockUnits = int(sql`sum(${totals.units})`);
  const valueAtPrice = money(sql`sum(${totals.atPrice})`);
  const [totalsRows, categoryRows] = await Promise.all([
    db
      .select({
        total: int(sql`count(*)`),
        active: int(sql`count(*) filter (where ${products.isActive})`),
        featured: int(sql`count(*) filter (where ${products.featured})`),
        // Active variants of active products (decision 012 §7), as the dashboard counts them.
        outOfStock: int(sql`sum(${totals.out}) filter (where ${products.isActive})`),
        lowStock: int(sql`sum(${totals.low}) filter (where ${products.isActive})`),
        stockUnits,
        valueAtCost: money(sql`sum(${totals.atCost})`),
        valueAtPrice,
      })
      .from(products)
      .leftJoin(totals, eq(totals.productId, products.id)),
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
      .leftJoin(totals, eq(totals.productId, products.id))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .groupBy(products.categoryId, categories.name)
      // Named categories alphabetically, the uncategorised row (if any) last.
      .orderBy(sql`${categories.name} is null`, asc(categories.name)),
  ]);
  const sums = totalsRows[0];
  return {
    total: sums?.total ?? 0,
    active: sums?.active ?? 0,
    inactive: (sums?.total ?? 0) - (sums?.active ?? 0),
    featured: sums?.featured ?? 0,
    out_of_stock: sums?.outOfStock ?? 0,
    low_stock: sums?.lowStock ?? 0,
    stock_units: sums?.stockUnits ?? 0,
    inventory_value_cost: round2(sums?.valueAtCost ?? 0),
    inventory_value_price: round2(sums?.valueAtPrice ?? 0),
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
