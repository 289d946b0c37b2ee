import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories } from '#server/categories/categories.table.ts';
import { createdAtColumn, idColumn, moneyColumn, updatedAtColumn } from '#server/db/columns.ts';

export interface ProductSpecRow {
  key: string;
  value: string;
}
export interface ProductVariationRow {
  name: string;
  options: string[];
}

export const products = pgTable(
  'products',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    description: text('description').notNull().default(''),
    brand: text('brand'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * price, compare_at_price, price_max and stock_quantity are derived from the variants by the
     * `cedar_roll_up_variants` trigger (decision 012): the headline variant's price, the highest
     * active price, the sum of the active variants' stock. Write the variants, never these.
     */
    price: moneyColumn('price').notNull(),
    compareAtPrice: moneyColumn('compare_at_price'),
    priceMax: moneyColumn('price_max'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** Derived by the database so it can never disagree with stock_quantity. */
    inStock: boolean('in_stock').notNull().generatedAlwaysAs(sql`stock_quantity > 0`),
    /** The most one order may take of this product (issue 18: one guest cannot empty the shelf). */
    maxPerOrder: integer('max_per_order').notNull().default(10),
    featured: boolean('featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    specs: jsonb('specs').$type<ProductSpecRow[]>().notNull().default([]),
    variations: jsonb('variations').$type<ProductVariationRow[]>().notNull().default([]),
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The content's fingerprint as the demo seed wrote it (src/server/db/demo-marks.ts); null for the merchant's own rows. */
    demoHash: text('demo_hash'),
  },
  (table) => [
    check('products_stock_non_negative', sql`${table.stockQuantity} >= 0`),
    check('products_price_positive', sql`${table.price} > 0`),
    check('products_max_per_order_positive', sql`${table.maxPerOrder} > 0`),
    index('products_category_idx').on(table.categoryId),
    // SKUs are unique ignoring case ("ab-1" and "AB-1" are one shelf label); the admin check reads it too.
    uniqueIndex('products_sku_lower_unique').on(sql`lower(${table.sku})`),
    index('products_active_featured_created_idx').on(table.isActive, table.featured, table.createdAt),
  ],
);
