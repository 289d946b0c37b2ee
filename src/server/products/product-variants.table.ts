import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn, updatedAtColumn } from '#server/db/columns.ts';
import { products } from './products.table.ts';

/**
 * What is sold and counted (decision 012, docs/product.md#product): each product has one default
 * variant (`options` `{}`) or one variant per combination of its variations. Price and stock live
 * here; the product's price, price_max and stock_quantity are rolled up from these rows by the
 * `cedar_roll_up_variants` trigger (migration 0009), and stock is taken per variant.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: idColumn(),
    /** A product orders refer to is archived, never deleted, so the cascade only removes unsold ones. */
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** The variant's value for each variation ({Memory: "8 GB"}); `{}` is the default variant. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    price: moneyColumn('price').notNull(),
    compareAtPrice: moneyColumn('compare_at_price'),
    costPrice: moneyColumn('cost_price'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** Derived by the database so it can never disagree with stock_quantity. */
    inStock: boolean('in_stock').notNull().generatedAlwaysAs(sql`stock_quantity > 0`),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** One of the product's images (a service rule); null shows the product's first. */
    image: text('image'),
    /** A variant order lines refer to is deactivated, never deleted. */
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    check('product_variants_options_object', sql`jsonb_typeof(${table.options}) = 'object'`),
    check('product_variants_price_positive', sql`${table.price} > 0`),
    check(
      'product_variants_compare_at_above_price',
      sql`${table.compareAtPrice} is null or ${table.compareAtPrice} > ${table.price}`,
    ),
    check('product_variants_stock_non_negative', sql`${table.stockQuantity} >= 0`),
    // jsonb equality ignores key order: one row per combination, at most one default per product.
    uniqueIndex('product_variants_product_options_unique').on(table.productId, table.options),
    index('product_variants_product_sort_idx').on(table.productId, table.sortOrder),
    /** The analytics' low-stock list (decision 036): few rows, found without walking every variant. */
    index('product_variants_low_stock_idx')
      .on(table.stockQuantity)
      .where(
        sql`${table.isActive} and ${table.stockQuantity} > 0 and ${table.stockQuantity} <= ${table.lowStockThreshold}`,
      ),
    // Case-insensitive like products' SKUs; product-identity.ts checks across both tables.
    uniqueIndex('product_variants_sku_lower_unique').on(sql`lower(${table.sku})`),
  ],
);
