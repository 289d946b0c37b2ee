import { z } from 'zod';
import { PageQuerySchema, paginatedEnvelope, SortOrderSchema } from './common.ts';
import { calendarDate } from './dates.ts';
import {
  ORDER_STATUSES,
  OrderSchema,
  type OrderStatus,
  PAYMENT_STATUSES,
  ShippingAddressInputSchema,
  StaffOrderRequestSchema,
} from './orders.ts';
import { safeText } from './text.ts';

/**
 * Admin orders (docs/product.md#admin-endpoints): the list, one order with its history and refunds, status
 * changes along the allowed transitions, refunds, the WhatsApp message and the stats. The
 * transition table below is the one rule both the server (which enforces it) and the admin
 * screens (which offer only these actions) read.
 */

/**
 * Where an order may go from each status. Cancelling is possible until the parcel leaves
 * (shipped); delivered and cancelled are final. Refunds are on the payment side
 * (`payment_status`), not order statuses.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The 409 for a refused transition names both states. */
export function transitionRefusedMessage(from: OrderStatus, to: OrderStatus): string {
  return `Cannot change an order from ${from} to ${to}`;
}

/** Labels the admin screens show for each status. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<(typeof PAYMENT_STATUSES)[number], string>> = {
  pending: 'Unpaid',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/** The address can be corrected only while the parcel has not left. */
export const ADDRESS_EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'processing'];
export const ADDRESS_LOCKED_MESSAGE = 'The address cannot change once the order has shipped';

// ---------------------------------------------------------------------------------------------
// List

export const ADMIN_ORDER_SORT_FIELDS = ['created_at', 'total', 'order_number', 'customer_name', 'status'] as const;

const DateQuerySchema = calendarDate('Use a date like 2026-11-23');

export const AdminOrdersQuerySchema = PageQuerySchema.extend({
  /** Order number, customer name, phone (any typed form) or email. */
  search: safeText().trim().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  customer_id: z.uuid().optional(),
  /** Orders shipped with this carrier (as "Mark shipped" recorded it; any case). */
  carrier: safeText().trim().min(1).max(40).optional(),
  /** Inclusive calendar days (UTC). */
  date_from: DateQuerySchema.optional(),
  date_to: DateQuerySchema.optional(),
  sort_by: z.enum(ADMIN_ORDER_SORT_FIELDS).default('created_at'),
  sort_order: SortOrderSchema.default('desc'),
}).superRefine((value, ctx) => {
  if (value.date_from && value.date_to && value.date_from > value.date_to) {
    ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'date_from must not be after date_to' });
  }
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrderCustomerSchema = z.object({
  /** The customer record (null once the customer was deleted and the order anonymised). */
  id: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
});

export const AdminOrderListItemSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  customer: AdminOrderCustomerSchema,
  /** Sum of the lines' quantities. */
  item_count: z.number().int(),
  total: z.number(),
  refunded_amount: z.number(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /** An order of the demo's made-up history (docs/product.md#demo-data): "Remove demo data" deletes it. */
  is_demo: z.boolean().optional(),
});
export type AdminOrderListItem = z.infer<typeof AdminOrderListItemSchema>;

// ---------------------------------------------------------------------------------------------
// One order

/**
 * One entry of the order's timeline: a status change, a refund, a WhatsApp message, an edit, or the
 * shipped order going out for delivery (from and to `shipped`: a step, not a status).
 */
export const ORDER_EVENT_KINDS = ['status', 'refund', 'whatsapp', 'update', 'out_for_delivery'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const OrderHistoryEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ORDER_EVENT_KINDS),
  from_status: z.enum(ORDER_STATUSES).nullable(),
  to_status: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  /** Who did it; null for the shopper's checkout (or a deleted admin). */
  changed_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const OrderRefundSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  reason: z.string().nullable(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export const AdminOrderSchema = OrderSchema.omit({ access_token: true, customer: true }).extend({
  customer: AdminOrderCustomerSchema,
  internal_notes: z.string().nullable(),
  refunded_amount: z.number(),
  /** What may still be refunded: total minus refunds (0 while nothing was paid). */
  refundable_amount: z.number(),
  /** The statuses this order may move to now (ORDER_TRANSITIONS). */
  allowed_transitions: z.array(z.enum(ORDER_STATUSES)),
  history: z.array(OrderHistoryEntrySchema),
  refunds: z.array(OrderRefundSchema),
  /** 'checkout' for the storefront, 'admin' for an order an admin entered. */
  source: z.enum(['checkout', 'admin']),
  whatsapp_sent_at: z.iso.datetime({ offset: true }).nullable(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** How the parcel travels, given with "Mark shipped" (docs/product.md#tracking). */
export const ShipmentInputSchema = z
  .object({
    /** One of the shop's carriers (settings: shipping) or "Own driver". */
    carrier: safeText().trim().min(1, 'Choose the carrier').max(40, 'Carrier must be at most 40 characters'),
    tracking_number: safeText().trim().max(100, 'Tracking number must be at most 100 characters').optional(),
    /** The carrier's page for this parcel: an https address (it is a link in the shopper's order page). */
    tracking_url: safeText()
      .trim()
      .max(500, 'Tracking link must be at most 500 characters')
      .refine((value) => value === '' || /^https:\/\/[^\s"'<>]+$/.test(value), 'Tracking link must start with https://')
      .optional(),
  })
  .strict();
export type ShipmentInput = z.infer<typeof ShipmentInputSchema>;
export const SHIPMENT_ONLY_WHEN_SHIPPING_MESSAGE = 'A carrier and tracking go with marking the order shipped';

/**
 * `PUT /admin/orders/{id}`: any of a status change (with an optional note for the timeline),
 * internal notes, an address correction (before shipping) or marking a cash payment received.
 */
export const AdminOrderUpdateSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    note: safeText().trim().max(500, 'Note must be at most 500 characters').optional(),
    internal_notes: safeText().trim().max(2000, 'Internal notes must be at most 2000 characters').nullable().optional(),
    shipping_address: ShippingAddressInputSchema.optional(),
    payment_status: z.literal('paid', { error: 'Only "paid" can be set by hand' }).optional(),
    /** With `status: 'shipped'` only: the carrier, and optionally the tracking number and link. */
    shipment: ShipmentInputSchema.optional(),
  })
  .strict()
  .refine((value) => value.shipment === undefined || value.status === 'shipped', {
    path: ['shipment'],
    message: SHIPMENT_ONLY_WHEN_SHIPPING_MESSAGE,
  })
  .refine(
    (value) =>
      value.status !== undefined ||
      value.internal_notes !== undefined ||
      value.shipping_address !== undefined ||
      value.payment_status !== undefined,
    { message: 'Nothing to change' },
  );
export type AdminOrderUpdate = z.infer<typeof AdminOrderUpdateSchema>;

/**
 * `POST /admin/orders/{id}/out-for-delivery` (docs/product.md#out-for-delivery): the shipped order's
 * parcel is with the driver today. The body is optional: a note for the timeline.
 */
export const OutForDeliveryRequestSchema = z
  .object({ note: safeText().trim().max(500, 'Note must be at most 500 characters').optional() })
  .strict()
  .nullish();
export type OutForDeliveryRequest = z.infer<typeof OutForDeliveryRequestSchema>;
/** The 409s: only a shipped order goes out for delivery, and only once. */
export const outForDeliveryRefusedMessage = (status: OrderStatus) =>
  `Only a shipped order can go out for delivery; this one is ${status}`;
export const ALREADY_OUT_FOR_DELIVERY_MESSAGE = 'This order is already out for delivery';

/** A cash-on-delivery order counts as paid once delivered; refunds need a paid order. */
export const REFUND_NOT_PAID_MESSAGE = 'Only a paid order can be refunded';
export function refundTooLargeMessage(remaining: number): string {
  return `Refund cannot exceed the remaining $${remaining.toFixed(2)}`;
}

export const RefundRequestSchema = z
  .object({
    refund_amount: z
      .number({ error: 'Refund amount must be a number' })
      .positive('Refund amount must be greater than 0')
      .max(1_000_000, 'Refund amount is too large')
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most 2 decimals'),
    reason: safeText().trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .strict();
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** `POST /admin/orders`: the checkout's body (same pricing, tax and stock rules) for a phone or counter sale. */
export const AdminOrderCreateSchema = StaffOrderRequestSchema;
export type AdminOrderCreate = z.output<typeof AdminOrderCreateSchema>;

/** `POST /admin/orders/{id}/whatsapp`: the wa.me link to open and the message it carries. */
export const WhatsAppMessageSchema = z.object({
  /** https://wa.me/<digits>?text=<message> */
  url: z.string(),
  /** The customer's number in E.164. */
  phone: z.string(),
  message: z.string(),
  sent_at: z.iso.datetime({ offset: true }),
});
export type WhatsAppMessage = z.infer<typeof WhatsAppMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Stats

export const AdminOrderStatsSchema = z.object({
  total_orders: z.number().int(),
  by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  /** Order totals minus refunds, cancelled orders left out; days end now (UTC). */
  revenue: z.object({ today: z.number(), last_7_days: z.number(), last_30_days: z.number() }),
  /** Over the orders of the last 30 days that were not cancelled. */
  average_order_value: z.number(),
  refunds: z.object({ count: z.number().int(), amount: z.number() }),
});
export type AdminOrderStats = z.infer<typeof AdminOrderStatsSchema>;

export const OrderIdParamsSchema = z.object({ id: z.uuid('Order not found') });

// ---------------------------------------------------------------------------------------------
// List answer

/**
 * `GET /admin/orders` answers the usual `{ data, pagination }` plus `meta.status_counts`: how many
 * orders each status tab holds under the same filters except `status`, so the tabs' counts come
 * with the page in one request.
 */
export const AdminOrdersListSchema = paginatedEnvelope(AdminOrderListItemSchema).extend({
  meta: z.object({ status_counts: z.record(z.enum(ORDER_STATUSES), z.number().int()) }),
});
export type AdminOrdersList = z.infer<typeof AdminOrdersListSchema>;
