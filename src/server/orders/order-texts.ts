import type { OrderStatus } from '#shared/contracts/orders.ts';
import type { EmailSettings } from '#shared/contracts/settings.ts';

/**
 * The short texts an order sends to the customer's phone (docs/product.md#order-mails-to-the-shopper):
 * one line of what happened, the link to the order's page when the shop has a link base. Sent
 * through the shop's message channel (messages/create-channel.ts: the outbox folder, SMS or
 * WhatsApp), queued in the message outbox like the mails, each behind its switch in
 * `email.messages.texts`.
 *
 * Every English string is here, in one table: a second language (Arabic) adds its own table of
 * the same keys, and nothing else changes.
 */
export type TextedEvent = keyof EmailSettings['messages']['texts'];

export interface OrderTextValues {
  shop: string;
  number: string;
  /** The order's total, or the refund's amount, formatted. */
  amount?: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  reason?: string | null;
  /** The order's page, absolute; '' when the shop has no link base. */
  link: string;
}

const ENGLISH: Record<TextedEvent, (values: OrderTextValues) => string> = {
  order_placed: (v) =>
    `${v.shop}: we received your order ${v.number}${v.amount ? ` (${v.amount})` : ''}. We will call you to confirm delivery.`,
  confirmed: (v) => `${v.shop}: your order ${v.number} is confirmed.`,
  processing: (v) => `${v.shop}: we are preparing your order ${v.number}.`,
  shipped: (v) =>
    `${v.shop}: your order ${v.number} is on its way${v.carrier ? ` with ${v.carrier}` : ''}${v.trackingNumber ? `, tracking ${v.trackingNumber}` : ''}.`,
  out_for_delivery: (v) =>
    `${v.shop}: your order ${v.number} is out for delivery and should reach you today${v.carrier ? ` with ${v.carrier}` : ''}.`,
  delivered: (v) => `${v.shop}: your order ${v.number} was delivered. Thank you!`,
  cancelled: (v) => `${v.shop}: your order ${v.number} was cancelled.${v.reason ? ` Reason: ${v.reason}` : ''}`,
  refunded: (v) => `${v.shop}: we refunded ${v.amount ?? ''} of your order ${v.number}.`,
};

/** A reason given by the shop, cut so the text stays a text (the mail carries it whole). */
const REASON_LENGTH = 120;

export function orderText(event: TextedEvent, values: OrderTextValues): string {
  const reason =
    values.reason && values.reason.length > REASON_LENGTH
      ? `${values.reason.slice(0, REASON_LENGTH - 1)}…`
      : values.reason;
  const line = ENGLISH[event]({ ...values, reason });
  return values.link ? `${line} ${values.link}` : line;
}

/** Whether the shop texts its customers about `event` (settings: email `messages.texts`). */
export function textWanted(
  event: TextedEvent | OrderStatus,
  switches: EmailSettings['messages']['texts'] | undefined,
): event is TextedEvent {
  return switches !== undefined && event !== 'pending' && switches[event as TextedEvent] === true;
}

/** The outbox key of an order's text: one per event, a refund's per refund. */
export const orderTextKey = (orderId: string, what: string) => `order:${orderId}:text:${what}`;
