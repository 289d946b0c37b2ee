import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from '#server/customers/customers.table.ts';
import { addressColumn } from '#server/db/address-column.ts';
import { createdAtColumn, idColumn, moneyColumn, updatedAtColumn } from '#server/db/columns.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Human order numbers (CS-100001, CS-100002, …). A sequence never hands out one number twice, even
 * to concurrent transactions on several server processes; gaps (rolled-back orders) are harmless.
 */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001, minValue: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    orderNumber: text('order_number').notNull().unique(),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull().default('cash_on_delivery'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email'),
    shippingAddress: addressColumn('shipping_address').notNull(),
    notes: text('notes'),
    internalNotes: text('internal_notes'),
    /** The promo code snapshot (docs/product.md#promo-codes): code, type, value; the amount is `discount`. */
    promoCode: text('promo_code'),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoDiscountType: text('promo_discount_type'),
    promoDiscountValue: moneyColumn('promo_discount_value'),
    /** True while the order holds one of its code's `current_uses`; a cancel gives it back once. */
    promoUseCounted: boolean('promo_use_counted').notNull().default(false),
    subtotal: moneyColumn('subtotal').notNull(),
    tax: moneyColumn('tax').notNull(),
    shipping: moneyColumn('shipping').notNull().default(0),
    discount: moneyColumn('discount').notNull().default(0),
    total: moneyColumn('total').notNull(),
    refundedAmount: moneyColumn('refunded_amount').notNull().default(0),
    /**
     * What the shopper was told at placement (docs/product.md#order-fields), so a later settings
     * change never rewrites the order: the tax's name, rate (percent) and whether the prices held
     * it, and the payment method's name and instructions. Null on orders placed before they were
     * kept (migration 0019): those are shown with the shop's current settings.
     */
    taxLabel: text('tax_label'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }),
    pricesIncludeTax: boolean('prices_include_tax'),
    paymentLabel: text('payment_label'),
    paymentInstructions: text('payment_instructions'),
    /** The shop's VAT number at placement ('' when it had none; null on orders from before it was kept). */
    taxNumber: text('tax_number'),
    /**
     * How the parcel travels, given with "Mark shipped" (docs/product.md#tracking): the carrier's
     * name (one of settings: shipping `carriers`, or "Own driver"), an optional tracking number and
     * an optional https link to the carrier's tracking page. Null until shipped, or when an order
     * was shipped without them (through the API).
     */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /**
     * When the parcel went out for delivery (docs/product.md#out-for-delivery): a step of a shipped
     * order, not a status. Set once, by "Out for delivery" (conditional on `status = 'shipped'` and
     * this being null, so concurrent requests record it once); null before, and on orders delivered
     * without that step.
     */
    outForDeliveryAt: timestamp('out_for_delivery_at', { withTimezone: true }),
    /**
     * When the order became `delivered` (set by the database, trigger cedar_orders_delivered_at,
     * analytics-rollups.sql), for the average time from placed to delivered.
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Unguessable token that lets the shopper's confirmation link read the order. */
    accessToken: text('access_token').notNull().unique(),
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Found or created by normalised phone, then email, when the order is placed. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The shopper account that placed it while signed in (docs/product.md#shopper-accounts); null for guests. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'checkout' (the storefront) or 'admin' (entered by an admin for a phone or counter sale). */
    source: text('source').notNull().default('checkout'),
    whatsappSentAt: timestamp('whatsapp_sent_at', { withTimezone: true }),
    /**
     * An order of the demo's made-up history (#server/db/seed/demo-orders.ts): counted by the
     * analytics like any other, badged "Demo" in the admin, deleted by "Remove demo data".
     */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    check('orders_total_non_negative', sql`${table.total} >= 0`),
    check(
      'orders_refund_within_total',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.total}`,
    ),
    index('orders_customer_idx').on(table.customerId, table.createdAt),
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_created_idx').on(table.createdAt),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    index('orders_phone_idx').on(table.customerPhone),
    index('orders_promo_code_idx').on(table.promoCodeId, table.createdAt),
  ],
);

/** A snapshot of each line at order time: deleting or repricing a product never changes an order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The variant sold (decision 012); null once its product is deleted. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    sku: text('sku'),
    image: text('image'),
    unitPrice: moneyColumn('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    selectedVariations: jsonb('selected_variations').$type<Record<string, string>>().notNull().default({}),
    lineTotal: moneyColumn('line_total').notNull(),
    /** The line's place in the order as the shopper listed it (all lines share one created_at). */
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    index('order_items_variant_idx').on(table.variantId),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'status' (a status change), 'refund', 'whatsapp' or 'update' (notes, address, payment). */
    kind: text('kind').notNull().default('status'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('order_status_history_order_idx').on(table.orderId, table.createdAt)],
);

/** Each refund of an order; `orders.refunded_amount` is their sum (kept in the same transaction). */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: idColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: moneyColumn('amount').notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    check('order_refunds_amount_positive', sql`${table.amount} > 0`),
    index('order_refunds_order_idx').on(table.orderId, table.createdAt),
  ],
);
