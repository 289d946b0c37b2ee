/**
 * The words of the order mails (docs/product.md#order-mails-to-the-shopper), one object per event:
 * every piece of text the HTML and plain-text templates show is here, and nowhere in the templates
 * (src/server/mail/templates/). A translation is another object with the same keys: `lang` and
 * `dir` drive the `<html lang dir>` of the mail and which side text starts on, so a right-to-left
 * language needs no template change. Only English exists today.
 *
 * `{name}` placeholders are filled per mail (order-mail-view.ts `fillPlaceholders`); the merchant's
 * own subject and introduction (settings: email `templates`) may use the MERCHANT_PLACEHOLDERS.
 */

/** The order mails, each with its own template strings and editable wording. */
export const ORDER_MAIL_EVENTS = [
  'order_placed',
  'new_order',
  'confirmed',
  'processing',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderMailEvent = (typeof ORDER_MAIL_EVENTS)[number];

/** The events as the admin names them (Settings → Email). */
export const ORDER_MAIL_EVENT_LABELS: Record<OrderMailEvent, string> = {
  order_placed: 'Order received (to the customer)',
  new_order: 'New order (to the shop)',
  confirmed: 'Order confirmed',
  processing: 'Order being prepared',
  shipped: 'Order shipped',
  out_for_delivery: 'Order out for delivery',
  delivered: 'Order delivered',
  cancelled: 'Order cancelled',
  refunded: 'Money refunded',
};

/** What a merchant's subject or introduction may hold, replaced in every mail. */
export const MERCHANT_PLACEHOLDERS = ['order_number', 'shop_name', 'customer_name', 'order_total'] as const;
/** Only in the refund mail's wording. */
export const REFUND_PLACEHOLDER = 'refund_amount';

/** The words every order mail shares (labels of the summary, the footer). */
export interface OrderMailCommonStrings {
  /** BCP 47 language of the mail (`<html lang>`). */
  lang: string;
  /** Text direction (`<html dir>`): 'rtl' for Arabic. */
  dir: 'ltr' | 'rtl';
  greeting: string;
  summaryHeading: string;
  quantity: string;
  subtotal: string;
  discount: string;
  shipping: string;
  free: string;
  total: string;
  payment: string;
  deliverTo: string;
  building: string;
  floor: string;
  deliveryNotes: string;
  orderNotes: string;
  /** The shop's tax number line under the totals. */
  vatLine: string;
  contactHeading: string;
}

/** One event's words, over the shared ones. */
export interface OrderMailStrings extends OrderMailCommonStrings {
  /** The default subject (the merchant's, when set, replaces it). */
  subject: string;
  /** The default introduction (likewise). */
  intro: string;
  /** The big line at the top of the HTML mail. */
  heading: string;
  /** The button to the order page (HTML) and the words before the link (text). */
  linkButton: string;
  linkText: string;
  /** Whether the mail greets the customer by name ("Hello Rami,"). */
  greets: boolean;
  /** Whether the mail shows the payment and delivery details (receipts, the shop's new order). */
  showsDelivery: boolean;
  /** Whether the mail ends with the shop's name and contact details (not the shop's own mail). */
  signs: boolean;
  // Event details (used by the events that show them).
  shippedWith?: string;
  trackingNumber?: string;
  trackButton?: string;
  trackText?: string;
  reason?: string;
  refundedWhole?: string;
}

export const ORDER_MAIL_COMMON_EN: OrderMailCommonStrings = {
  lang: 'en',
  dir: 'ltr',
  greeting: 'Hello {customer_name},',
  summaryHeading: 'Order summary',
  quantity: 'Qty',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  free: 'Free',
  total: 'Total',
  payment: 'Payment',
  deliverTo: 'Deliver to',
  building: 'Building',
  floor: 'Floor',
  deliveryNotes: 'Delivery notes',
  orderNotes: 'Order notes',
  vatLine: '{shop_name}, {tax_label} number {vat_number}',
  contactHeading: 'Questions? Write to us or call us.',
};

const customerMail = {
  ...ORDER_MAIL_COMMON_EN,
  linkButton: 'View your order',
  linkText: 'See your order:',
  greets: true,
  showsDelivery: false,
  signs: true,
};

export const ORDER_MAIL_STRINGS_EN: Record<OrderMailEvent, OrderMailStrings> = {
  order_placed: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number}',
    heading: 'Thank you for your order',
    intro: 'Thank you, {customer_name}. We received your order {order_number} and will call you to confirm delivery.',
    linkText: 'See your order at any time:',
    greets: false,
    showsDelivery: true,
  },
  new_order: {
    ...ORDER_MAIL_COMMON_EN,
    subject: 'New order {order_number} — {order_total}',
    heading: 'You have a new order',
    intro: 'New order {order_number} from {customer_name}.',
    linkButton: 'Open it in the admin',
    linkText: 'Open it in the admin:',
    greets: false,
    showsDelivery: true,
    signs: false,
  },
  confirmed: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number} is confirmed',
    heading: 'Your order is confirmed',
    intro: 'We confirmed your order {order_number}. We will let you know when it is on its way.',
  },
  processing: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number} is being prepared',
    heading: 'We are preparing your order',
    intro: 'We are preparing your order {order_number}.',
  },
  shipped: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number} is on its way',
    heading: 'Your order is on its way',
    intro: 'Your order {order_number} is on its way.',
    shippedWith: 'It travels with {carrier}.',
    trackingNumber: 'Tracking number: {tracking_number}',
    trackButton: 'Track your parcel',
    trackText: 'Track it:',
  },
  // A step of a shipped order, not a status (docs/product.md#out-for-delivery); the shipment's
  // carrier and tracking again, for the shopper who waits at the door.
  out_for_delivery: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number} is out for delivery',
    heading: 'Your order is out for delivery',
    intro:
      'Your order {order_number} is out for delivery and should reach you today. Keep your phone close: the driver may call you.',
    shippedWith: 'It comes with {carrier}.',
    trackingNumber: 'Tracking number: {tracking_number}',
    trackButton: 'Track your parcel',
    trackText: 'Track it:',
  },
  delivered: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number} was delivered',
    heading: 'Your order was delivered',
    intro: 'Your order {order_number} was delivered. Thank you for shopping with us.',
  },
  cancelled: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number} was cancelled',
    heading: 'Your order was cancelled',
    intro: 'Your order {order_number} was cancelled.',
    reason: 'Reason: {reason}',
  },
  refunded: {
    ...customerMail,
    subject: 'Your {shop_name} order {order_number}: {refund_amount} refunded',
    heading: 'We sent you a refund',
    intro: 'We refunded {refund_amount} of your order {order_number}.',
    refundedWhole: 'That is the whole order.',
    reason: 'Reason: {reason}',
  },
};
