import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { users } from '#server/users/users.table.ts';

/**
 * A signed-in shopper's cart, synced with the browser's (docs/product.md#cart-sync). One row per
 * product and selected variations (`variations_key`: optionsKey of the choices, #shared/product-variants.ts), so
 * the same product with identical choices is one line, as in the browser.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    selectedVariations: jsonb('selected_variations').$type<Record<string, string>>().notNull().default({}),
    variationsKey: text('variations_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('cart_items_user_idx').on(table.userId),
    uniqueIndex('cart_items_line_unique').on(table.userId, table.productId, table.variationsKey),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
