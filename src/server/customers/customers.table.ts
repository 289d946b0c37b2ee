import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { addressColumn } from '#server/db/address-column.ts';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';

/**
 * Customers (docs/product.md#admin-endpoints). Checkout finds one by normalised phone (E.164), then by email,
 * or creates one (cedar_place_order, migration 0006). Order counts and totals are computed from
 * `orders.customer_id`, so they cannot drift. Deleting a customer who has orders anonymises the
 * row (name "Deleted customer", no phone, email, address or notes) and the orders' copies.
 */
export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** E.164 (`+9613123456`); null once anonymised. One customer per number. */
    phone: text('phone'),
    /** Lowercase; not unique (a family may share one address). */
    email: text('email'),
    address: addressColumn('address'),
    notes: text('notes'),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** A shopper of the demo's order history: removed with it, unless a real order joined them since. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    uniqueIndex('customers_phone_unique').on(table.phone),
    index('customers_email_idx').on(table.email),
    index('customers_name_lower_idx').on(sql`lower(${table.name})`),
    /** The analytics' newest customers (decision 036). */
    index('customers_created_idx').on(table.createdAt),
  ],
);
