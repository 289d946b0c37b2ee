import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The analytics roll-ups (docs/decisions/036-analytics-rollups.md, docs/product.md#analytics-and-reports):
 * daily sums kept in step with the orders by triggers (src/server/db/sql/analytics-rollups.sql) in
 * the same transaction as every order write — placement, status changes, refunds, admin line
 * edits, deletions — and rebuilt from scratch by `cedar_analytics_rebuild()`
 * (`npm run analytics:rebuild`, and whenever the shop's time zone changes). Days are calendar days
 * in `analytics_state.time_zone`. Money is integer cents. The analytics read these instead of
 * adding up 100,000 orders per request.
 */

/** One row: the time zone the roll-ups' days are in, and when they were last rebuilt. */
export const analyticsState = pgTable(
  'analytics_state',
  {
    id: boolean('id').primaryKey().default(true),
    timeZone: text('time_zone').notNull().default('Asia/Beirut'),
    rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }),
    /**
     * The day analytics_product_windows hold the last N days to (null: not built, or a recount
     * since). Only the windows' refresh (analytics-windows.ts) writes it; a recount clears it.
     */
    windowsDay: date('windows_day'),
  },
  (table) => [check('analytics_state_one_row', sql`${table.id}`)],
);

/**
 * Orders placed per day, by source, status and payment status (every order, cancelled ones too:
 * the status counts and the cancellation rate need them). Revenue = total − refunded over the
 * rows whose status is not `cancelled`.
 */
export const analyticsOrderDays = pgTable(
  'analytics_order_days',
  {
    day: date('day').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    orders: integer('orders').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** Orders with any refund. */
    refundedOrders: integer('refunded_orders').notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** The orders' tax less each order's refunded share of it (round(tax × (total − refunded) / total)). */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    /** Orders that used a promo code, and their total − refunded. */
    promoOrders: integer('promo_orders').notNull().default(0),
    promoRevenueCents: bigint('promo_revenue_cents', { mode: 'number' }).notNull().default(0),
    /** Delivered orders with a delivery time, and the sum of their seconds from placed to delivered. */
    deliveredOrders: integer('delivered_orders').notNull().default(0),
    deliverySeconds: bigint('delivery_seconds', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.source, table.status, table.paymentStatus] })],
);

/**
 * Units and line totals sold per day (and per month, for long periods) by product and variant, over
 * orders not cancelled. A line whose product or variant was deleted counts under the nil UUID.
 */
export const analyticsProductDays = pgTable(
  'analytics_product_days',
  {
    day: date('day').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    /** Order lines (an order lists a variant once). */
    lines: integer('lines').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.productId, table.variantId] }),
    index('analytics_product_days_product_idx').on(table.productId, table.day),
  ],
);

export const analyticsProductMonths = pgTable(
  'analytics_product_months',
  {
    /** The month's first day. */
    month: date('month').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    lines: integer('lines').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.productId, table.variantId] })],
);

/**
 * Each customer with an order not cancelled: the days of their first and latest such orders and
 * how many they have. New customers of a period = first_day inside it; the repeat rate reads `orders > 1`.
 */
export const analyticsCustomers = pgTable(
  'analytics_customers',
  {
    customerId: uuid('customer_id').primaryKey(),
    firstDay: date('first_day').notNull(),
    /**
     * The day of their latest order not cancelled: the customers of a period that ends today are
     * those whose last day is in it, an index count instead of a distinct count of the orders.
     */
    lastDay: date('last_day').notNull(),
    orders: integer('orders').notNull(),
  },
  (table) => [
    index('analytics_customers_first_day_idx').on(table.firstDay),
    index('analytics_customers_last_day_idx').on(table.lastDay),
  ],
);

/**
 * Each variant's sales in the last 7, 30, 90 and 365 days (`days`) up to
 * analytics_state.windows_day, and in the N days before those (the previous period a category's
 * growth compares with): the products answer and the dashboard's top performers at the period
 * choices read ~1 row per variant sold instead of adding up a year of monthly rows (decision
 * 036). Derived from analytics_product_days and brought up to date when read
 * (analytics-windows.ts): the changes logged since, then the days the windows move by. A variant
 * is in a window while it has lines in either period.
 */
const windowFigures = {
  quantity: integer('quantity').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  lines: integer('lines').notNull().default(0),
  previousRevenueCents: bigint('previous_revenue_cents', { mode: 'number' }).notNull().default(0),
  previousLines: integer('previous_lines').notNull().default(0),
};

export const analyticsVariantWindows = pgTable(
  'analytics_variant_windows',
  {
    days: integer('days').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    ...windowFigures,
  },
  (table) => [
    primaryKey({ columns: [table.days, table.productId, table.variantId] }),
    // The top variants: the first rows of the index, not a sort of every variant sold.
    index('analytics_variant_windows_revenue_idx')
      .on(table.days, table.revenueCents.desc().nullsFirst(), table.quantity.desc().nullsFirst())
      .where(sql`${table.lines} > 0`),
  ],
);

/** The same windows per product (its variants added up), read in order by the top sellers. */
export const analyticsProductWindows = pgTable(
  'analytics_product_windows',
  {
    days: integer('days').notNull(),
    productId: uuid('product_id').notNull(),
    ...windowFigures,
  },
  (table) => [
    primaryKey({ columns: [table.days, table.productId] }),
    index('analytics_product_windows_revenue_idx')
      .on(table.days, table.revenueCents.desc().nullsFirst(), table.quantity.desc().nullsFirst())
      .where(sql`${table.lines} > 0`),
    index('analytics_product_windows_units_idx')
      .on(table.days, table.quantity.desc().nullsFirst(), table.revenueCents.desc().nullsFirst())
      .where(sql`${table.lines} > 0`),
  ],
);

/**
 * Every change the triggers made to analytics_product_days since the windows were last brought up
 * to date, appended as it happens (no key: concurrent writers never wait on each other here) and
 * taken away by the next refresh, which adds it to the windows it falls in.
 */
export const analyticsProductChanges = pgTable('analytics_product_changes', {
  day: date('day').notNull(),
  productId: uuid('product_id').notNull(),
  variantId: uuid('variant_id').notNull(),
  quantity: integer('quantity').notNull(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  lines: integer('lines').notNull(),
});

/**
 * Each customer's orders not cancelled per month (the shop's months): how many, their total less
 * refunds in cents, and when the latest was placed. The customers report adds up a period's whole
 * months from here (a row per customer and month instead of every order) and its edge days from
 * the orders. Placement adds to its row; a cancel, revival, re-dating, reassignment or deletion
 * recounts the rows it moved from the customer's orders of that month (orders_customer_idx), so
 * `last_at` stays the exact latest.
 */
export const analyticsCustomerMonths = pgTable(
  'analytics_customer_months',
  {
    /** The month's first day. */
    month: date('month').notNull(),
    customerId: uuid('customer_id').notNull(),
    orders: integer('orders').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.month, table.customerId] })],
);
