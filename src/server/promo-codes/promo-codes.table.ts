import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn, updatedAtColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Promo codes (docs/product.md#promo-codes). `code` is stored upper-case, so the unique index is
 * case-insensitive in effect. `current_uses` counts orders placed with the code and not cancelled:
 * cedar_place_order adds one with a conditional update (never past `max_uses`) in the order's
 * transaction, and cancelling an order gives its use back once (`orders.promo_use_counted`).
 * Dates are shop-time calendar days, both inclusive.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    description: text('description'),
    /** 'percentage' | 'fixed' (#shared/promo-codes.ts DISCOUNT_TYPES). */
    discountType: text('discount_type').notNull(),
    /** Percent for 'percentage', dollars for 'fixed'. */
    discountValue: moneyColumn('discount_value').notNull(),
    /** 'order' | 'product'. */
    appliesTo: text('applies_to').notNull().default('order'),
    /** Upper-case product or variant SKUs. */
    productSkus: text('product_skus').array().notNull().default(sql`'{}'::text[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    minimumOrderAmount: moneyColumn('minimum_order_amount'),
    maximumDiscountAmount: moneyColumn('maximum_discount_amount'),
    /** 0 = unlimited. */
    maxUses: integer('max_uses').notNull().default(0),
    maxUsesPerCustomer: integer('max_uses_per_customer').notNull().default(0),
    currentUses: integer('current_uses').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    /** The demo's launch offer (docs/product.md#demo-data): "Remove demo data" deletes it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_unique').on(table.code),
    index('promo_codes_created_idx').on(table.createdAt),
    check('promo_codes_code_upper', sql`${table.code} = upper(${table.code})`),
    check('promo_codes_discount_type', sql`${table.discountType} in ('percentage', 'fixed')`),
    check('promo_codes_applies_to', sql`${table.appliesTo} in ('order', 'product')`),
    check(
      'promo_codes_discount_value',
      sql`${table.discountValue} > 0 and (${table.discountType} = 'fixed' or ${table.discountValue} <= 100)`,
    ),
    check(
      'promo_codes_uses_non_negative',
      sql`${table.maxUses} >= 0 and ${table.maxUsesPerCustomer} >= 0 and ${table.currentUses} >= 0`,
    ),
    check(
      'promo_codes_dates_ordered',
      sql`${table.startDate} is null or ${table.endDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);
