import { z } from 'zod';

/**
 * An order's delivery log (issue 34, docs/product.md#delivery-log): the messages the
 * shop queued for the shopper about one order (rows of the message outbox), as the admin's order
 * screen lists them, and the retry of a failed one.
 *
 * `GET /admin/orders/{id}/messages` → `{ data: OrderMessage[] }`, newest first;
 * `POST /admin/orders/{id}/messages/{messageId}/retry` → `{ data: OrderMessage }`.
 */

/** How a message travels: a mail, or a short text to a phone (SMS or WhatsApp). */
export const ORDER_MESSAGE_CHANNELS = ['email', 'text'] as const;
export type OrderMessageChannel = (typeof ORDER_MESSAGE_CHANNELS)[number];

/**
 * Where a message stands: `sent`; `failed` (given up, `last_error` says why; staff may retry it);
 * `retrying` (an attempt failed, the next one is at `next_attempt_at`); `pending` (not tried yet).
 */
export const ORDER_MESSAGE_STATES = ['sent', 'failed', 'retrying', 'pending'] as const;
export type OrderMessageState = (typeof ORDER_MESSAGE_STATES)[number];

export const OrderMessageSchema = z.object({
  id: z.uuid(),
  /** What it tells, e.g. `order.shipped` (`orderMessageEventLabel` words it). */
  event: z.string(),
  channel: z.enum(ORDER_MESSAGE_CHANNELS),
  /** Masked: `r…@example.com`, `+961…87`. The full address never leaves the server here. */
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(ORDER_MESSAGE_STATES),
  /** Attempts made so far (sent or failed). */
  attempts: z.number().int(),
  /** The last failure in the merchant's words ("Could not reach smtp.example.com:587 …"), or null. */
  last_error: z.string().nullable(),
  /** When the sender tries next (pending and retrying); null for sent and failed messages. */
  next_attempt_at: z.iso.datetime({ offset: true }).nullable(),
  sent_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderMessage = z.infer<typeof OrderMessageSchema>;

export const OrderMessagesSchema = z.array(OrderMessageSchema);

export const OrderMessageParamsSchema = z.object({
  id: z.uuid('Order not found'),
  messageId: z.uuid('Message not found'),
});

/** The 409 of a retry of a message that has not failed (a sent one is never sent again). */
export const RETRY_NOT_FAILED_MESSAGES: Readonly<Record<Exclude<OrderMessageState, 'failed'>, string>> = {
  sent: 'This message was already sent: only a failed message can be sent again',
  retrying: 'This message is still being retried: only a failed message can be sent again',
  pending: 'This message is waiting to be sent: only a failed message can be sent again',
};

/** The words for each event the shop queues; anything else reads as its name. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  'order.placed': 'Order received',
  'order.confirmed': 'Order confirmed',
  'order.processing': 'Order being prepared',
  'order.shipped': 'Order shipped',
  'order.out_for_delivery': 'Order out for delivery',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Money refunded',
  'order.new': 'New order (to the shop)',
  'product.low_stock': 'Low stock (to the shop)',
};

/** "Order shipped" for `order.shipped`; an unknown `order.some_thing` reads "Order some thing". */
export function orderMessageEventLabel(event: string): string {
  const known = EVENT_LABELS[event];
  if (known) return known;
  const words = event.replace(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Message';
}
