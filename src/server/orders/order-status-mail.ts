import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { enqueueMessage } from '#server/messages/message-outbox.ts';
import type { Order, OrderStatus } from '#shared/contracts/orders.ts';
import type { EmailSettings } from '#shared/contracts/settings.ts';
import { buildOrderMail, type OrderMailSettings, orderPageLink } from './order-mail-view.ts';
import { type OrderTextValues, orderText, type TextedEvent } from './order-texts.ts';
import { type OrderRow, toOrder } from './orders.mapper.ts';
import { orderItems } from './orders.table.ts';

export { orderPageLink };

/** The statuses a shopper is mailed about, each behind its own switch in `email.messages.customer`. */
export type MailedStatus = Exclude<OrderStatus, 'pending'>;

/** What a status-change mail needs beyond the order: the settings at the time of the change. */
export interface StatusMailSettings {
  shopName: string;
  /** `email.messages.customer`: which events are mailed. */
  switches: EmailSettings['messages']['customer'];
  /** Where absolute links start (seo/link-base.ts), '' for none: then the mail carries no link. */
  linkBase: string;
  /** `email.messages.texts`: which events are texted to the customer's phone (order-texts.ts); none without. */
  texts?: EmailSettings['messages']['texts'];
  /**
   * The rest of what the mails show (`orderMailSettingsOf`: logo, contact details, the merchant's
   * wording, the currency); without it, the shop's name alone and the default wording.
   */
  mail?: OrderMailSettings;
}

/** What an order's texts need of it (order-texts.ts), from its row. */
export interface StatusMailOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  accessToken: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

type Shipment = { carrier: string; tracking_number: string | null; tracking_url: string | null } | null;

/**
 * The order as its texts read it, from its row; `shipment` (just given with "Mark shipped") stands
 * in for the row's, which the same transaction has only now written.
 */
export function statusMailOrderOf(
  row: Pick<
    OrderRow,
    'id' | 'orderNumber' | 'customerName' | 'accessToken' | 'carrier' | 'trackingNumber' | 'trackingUrl'
  >,
  shipment?: Shipment,
): StatusMailOrder {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerName: row.customerName,
    accessToken: row.accessToken,
    carrier: shipment ? shipment.carrier : row.carrier,
    trackingNumber: shipment ? shipment.tracking_number : row.trackingNumber,
    trackingUrl: shipment ? shipment.tracking_url : row.trackingUrl,
  };
}

/**
 * The order as its mails read it (the `Order` contract: lines and totals too), from its row and
 * lines; `shipment` as for `statusMailOrderOf`. Reads the lines in the caller's transaction (one
 * query, only when a mail is queued).
 */
export async function mailOrderOf(tx: Db, row: OrderRow, shipment?: Shipment): Promise<Order> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position));
  const current = shipment
    ? {
        ...row,
        carrier: shipment.carrier,
        trackingNumber: shipment.tracking_number,
        trackingUrl: shipment.tracking_url,
      }
    : row;
  return toOrder(current, items);
}

/** Whether the shop mails its shoppers about an order reaching `to`. */
export function statusMailWanted(to: OrderStatus, switches: StatusMailSettings['switches']): to is MailedStatus {
  return to !== 'pending' && switches[to] === true;
}

/** The order mails' settings of a status mail: its own link base over the shop's settings. */
function mailSettingsOf(settings: StatusMailSettings, currency?: string): OrderMailSettings {
  const base: OrderMailSettings = settings.mail ?? {
    shop: { name: settings.shopName, email: '', phone: '', address: '', logoUrl: null, currency: 'USD' },
    linkBase: settings.linkBase,
  };
  return {
    ...base,
    linkBase: settings.linkBase,
    shop: { ...base.shop, name: settings.shopName, currency: currency ?? base.shop.currency },
  };
}

/**
 * The mail telling a shopper their order moved to `to` (docs/product.md#order-mails-to-the-shopper),
 * HTML with a plain-text part: the shop, the order number, what happened (for a shipment the
 * carrier, tracking number and link; for a cancellation the note the shop gave), the order's
 * lines and totals, and the order's page when the shop has a link base.
 */
export function orderStatusMail(
  order: Order,
  to: MailedStatus,
  settings: StatusMailSettings,
  note?: string | null,
): Omit<Mail, 'to'> {
  return buildOrderMail(to, order, mailSettingsOf(settings), { reason: note });
}

/**
 * The mail telling a shopper their shipped order is out for delivery (docs/product.md#out-for-delivery):
 * like the shipped mail, the carrier, tracking number and link, then the lines and totals.
 */
export function outForDeliveryMail(order: Order, settings: StatusMailSettings): Omit<Mail, 'to'> {
  return buildOrderMail('out_for_delivery', order, mailSettingsOf(settings));
}

/**
 * The mail telling a shopper money went back to them (docs/product.md#order-mails-to-the-shopper):
 * the amount of this refund, the reason the shop gave, and whether the order is now refunded in full.
 */
export function orderRefundMail(
  order: Order,
  refund: { amount: number; reason: string | null; whole: boolean; currency: string },
  settings: StatusMailSettings,
): Omit<Mail, 'to'> {
  return buildOrderMail('refunded', order, mailSettingsOf(settings, refund.currency), {
    reason: refund.reason,
    refund: { amount: refund.amount, whole: refund.whole },
  });
}

/** The outbox key of a refund mail: one per refund. */
export const refundMailKey = (orderId: string, refundId: string) => `order:${orderId}:refund:${refundId}`;

/** The outbox key of a status mail: one per order and status (a status is reached once). */
export const statusMailKey = (orderId: string, to: OrderStatus) => `order:${orderId}:status:${to}`;

/** Label for logs and the outbox's `event` column. */
export const statusMailEvent = (to: MailedStatus) => `order.${to}` as const;

/** A text of an order event for the shopper: the shop, the order's number and its page, and what the event adds. */
export function shopperText(
  event: TextedEvent,
  mail: Pick<StatusMailSettings, 'shopName' | 'linkBase'>,
  order: StatusMailOrder,
  more: Partial<OrderTextValues> = {},
): string {
  return orderText(event, {
    shop: mail.shopName,
    number: order.orderNumber,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    link: mail.linkBase ? orderPageLink(mail.linkBase, order) : '',
    ...more,
  });
}

/**
 * An order event's messages to the shopper, queued in the caller's transaction (the message
 * outbox), so a rolled-back change queues nothing: the mail and the text the caller built (it
 * decides from the switches and whether the order has an email). True when either was queued: the
 * caller wakes the sender after the commit.
 */
export async function queueShopperMessages(
  tx: Db,
  orderId: string,
  messages: {
    mail?: { event: string; to: string; content: Pick<Mail, 'subject' | 'text' | 'html'>; dedupeKey: string };
    text?: { event: string; to: string; body: string; dedupeKey: string };
  },
): Promise<boolean> {
  let queued = false;
  if (messages.mail) {
    const { event, to, content, dedupeKey } = messages.mail;
    queued = await enqueueMessage(tx, {
      event,
      orderId,
      recipient: to,
      subject: content.subject,
      bodyText: content.text,
      bodyHtml: content.html ?? null,
      dedupeKey,
    });
  }
  if (messages.text) {
    const { event, to, body, dedupeKey } = messages.text;
    const texted = await enqueueMessage(tx, {
      event,
      orderId,
      channel: 'text',
      recipient: to,
      subject: '',
      bodyText: body,
      dedupeKey,
    });
    queued ||= texted;
  }
  return queued;
}
