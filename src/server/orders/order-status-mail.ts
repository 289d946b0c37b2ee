import type { Mail } from '#server/mail/mailer.ts';
import { linkTo } from '#server/seo/link-base.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import type { EmailSettings } from '#shared/contracts/settings.ts';
import { formatMoney } from '#shared/money.ts';
import type { OrderRow } from './orders.mapper.ts';

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
}

export interface StatusMailOrder {
  id: string;
  orderNumber: string;
  customerName: string;
  accessToken: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/**
 * The order as its mails read it, from its row; `shipment` (just given with "Mark shipped") stands
 * in for the row's, which the same transaction has only now written.
 */
export function statusMailOrderOf(
  row: Pick<
    OrderRow,
    'id' | 'orderNumber' | 'customerName' | 'accessToken' | 'carrier' | 'trackingNumber' | 'trackingUrl'
  >,
  shipment?: { carrier: string; tracking_number: string | null; tracking_url: string | null } | null,
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

/** The order's page (the confirmation, opened with its access token) at `base`, as every order mail links it. */
export function orderPageLink(base: string, order: { id: string; accessToken: string }): string {
  return linkTo(base, `/checkout?order=${order.id}&token=${encodeURIComponent(order.accessToken)}`);
}

/** Whether the shop mails its shoppers about an order reaching `to`. */
export function statusMailWanted(to: OrderStatus, switches: StatusMailSettings['switches']): to is MailedStatus {
  return to !== 'pending' && switches[to] === true;
}

/**
 * The short plain-text mail telling a shopper their order moved to `to`
 * (docs/product.md#order-mails-to-the-shopper): the shop's name, the order number, what happened (for a
 * shipment the carrier, tracking number and link; for a cancellation the note the shop gave),
 * and the order's page when the shop has a link base.
 */
export function orderStatusMail(
  order: StatusMailOrder,
  to: MailedStatus,
  settings: StatusMailSettings,
  note?: string | null,
): Omit<Mail, 'to'> {
  const number = order.orderNumber;
  const what: Record<MailedStatus, { subject: string; lines: string[] }> = {
    confirmed: {
      subject: `Your ${settings.shopName} order ${number} is confirmed`,
      lines: [`We confirmed your order ${number}. We will let you know when it is on its way.`],
    },
    processing: {
      subject: `Your ${settings.shopName} order ${number} is being prepared`,
      lines: [`We are preparing your order ${number}.`],
    },
    shipped: {
      subject: `Your ${settings.shopName} order ${number} is on its way`,
      lines: [
        `Your order ${number} is on its way${order.carrier ? ` with ${order.carrier}` : ''}.`,
        ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
        ...(order.trackingUrl ? [`Track it: ${order.trackingUrl}`] : []),
      ],
    },
    delivered: {
      subject: `Your ${settings.shopName} order ${number} was delivered`,
      lines: [`Your order ${number} was delivered. Thank you for shopping with us.`],
    },
    cancelled: {
      subject: `Your ${settings.shopName} order ${number} was cancelled`,
      lines: [`Your order ${number} was cancelled.`, ...(note ? [`Reason: ${note}`] : [])],
    },
  };
  const { subject, lines } = what[to];
  return { subject, text: mailText(order, lines, settings) };
}

/** The frame of every order mail to the shopper: greeting, what happened, the order's page, the shop. */
function mailText(order: StatusMailOrder, lines: readonly string[], settings: StatusMailSettings): string {
  const link = settings.linkBase ? orderPageLink(settings.linkBase, order) : '';
  return [
    `Hello ${order.customerName},`,
    '',
    ...lines,
    ...(link ? ['', `See your order: ${link}`] : []),
    '',
    settings.shopName,
    '',
  ].join('\n');
}

/**
 * The mail telling a shopper money went back to them (docs/product.md#order-mails-to-the-shopper):
 * the amount of this refund, the reason the shop gave, and whether the order is now refunded in full.
 */
export function orderRefundMail(
  order: StatusMailOrder,
  refund: { amount: number; reason: string | null; whole: boolean; currency: string },
  settings: StatusMailSettings,
): Omit<Mail, 'to'> {
  const amount = formatMoney(refund.amount, refund.currency);
  return {
    subject: `Your ${settings.shopName} order ${order.orderNumber}: ${amount} refunded`,
    text: mailText(
      order,
      [
        `We refunded ${amount} of your order ${order.orderNumber}${refund.whole ? ', the whole order' : ''}.`,
        ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
      ],
      settings,
    ),
  };
}

/** The outbox key of a refund mail: one per refund. */
export const refundMailKey = (orderId: string, refundId: string) => `order:${orderId}:refund:${refundId}`;

/** The outbox key of a status mail: one per order and status (a status is reached once). */
export const statusMailKey = (orderId: string, to: OrderStatus) => `order:${orderId}:status:${to}`;

/** Label for logs and the outbox's `event` column. */
export const statusMailEvent = (to: MailedStatus) => `order.${to}` as const;
