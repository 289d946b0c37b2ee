import { type OrderMailView, type RenderedMail, renderOrderMail } from '#server/mail/order-mail-render.ts';
import { linkTo } from '#server/seo/link-base.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type {
  EmailTemplates,
  MailWording,
  PaymentSettings,
  SettingsValues,
  TaxSettings,
} from '#shared/contracts/settings.ts';
import { formatMoney } from '#shared/money.ts';
import { ORDER_MAIL_STRINGS_EN, type OrderMailEvent, type OrderMailStrings } from '#shared/order-mail-strings.ts';
import { formatPhone, normalizePhone } from '#shared/phone.ts';
import {
  GOVERNORATE_NAMES,
  orderPaymentTerms,
  orderTaxTerms,
  orderVatNumber,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  taxLineLabel,
} from '#shared/shop-settings.ts';

/**
 * Every order mail, in words (docs/product.md#order-mails-to-the-shopper; decision 032): the
 * order and the shop's settings become the view the templates fill (mail/order-mail-render.ts).
 * Pure and cheap: formatting a dozen amounts and a few strings, no I/O.
 */

/** Who the mail is from, as the settings say now (settings: site). */
export interface OrderMailShop {
  name: string;
  email: string;
  /** As typed in the settings ('' for none); shown as +961 3 555 111. */
  phone: string;
  address: string;
  /** `site.logo_url` (`/uploads/…`), shown only with a link base (an image needs an absolute address). */
  logoUrl: string | null;
  currency: string;
}

/** What the order mails are written with beyond the order: the settings at the time. */
export interface OrderMailSettings {
  shop: OrderMailShop;
  /** Where absolute links start (seo/link-base.ts), '' for none: then the mail carries no link and no logo. */
  linkBase: string;
  /** The merchant's wording per event (settings: email `templates`); blank or absent: the defaults. */
  templates?: Partial<EmailTemplates>;
  /** The payment methods and tax now: for orders placed before orders kept their own, and the VAT number. */
  payment?: Pick<PaymentSettings, PaymentMethod>;
  tax?: TaxSettings;
  /** The language's words; English unless given. */
  strings?: Record<OrderMailEvent, OrderMailStrings>;
}

/** What only some mails say. */
export interface OrderMailExtras {
  /** The link the mail carries, made by the caller; else the order page (or the admin's screen) at `linkBase`. */
  link?: string;
  /** Why the order was cancelled, or refunded. */
  reason?: string | null;
  refund?: { amount: number; whole: boolean };
}

/** The settings the order mails read, from the shop's settings. */
export function orderMailSettingsOf(
  values: Pick<SettingsValues, 'site' | 'email' | 'payment' | 'tax'>,
  linkBase: string,
  currency: string,
): OrderMailSettings {
  const { site, email, payment, tax } = values;
  return {
    shop: {
      name: site.shop_name,
      email: site.email,
      phone: site.phone,
      address: site.address,
      logoUrl: site.logo_url,
      currency,
    },
    linkBase,
    templates: email.templates,
    payment,
    tax,
  };
}

/** The order's page (the confirmation, opened with its access token) at `base`, as every order mail links it. */
export function orderPageLink(base: string, order: { id: string; accessToken: string }): string {
  return linkTo(base, `/checkout?order=${order.id}&token=${encodeURIComponent(order.accessToken)}`);
}

/** `{name}` replaced by its value; a name it does not know stays as written. One pass: values are never read as placeholders. */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The merchant's words for the event when set, else the default. */
function wordingOf(templates: Partial<EmailTemplates> | undefined, event: OrderMailEvent): MailWording {
  return templates?.[event] ?? { subject: '', intro: '' };
}

/** The phone as people read it and dial it, or blanks. */
function phoneOf(typed: string): { phone: string; phoneHref: string } {
  if (!typed.trim()) return { phone: '', phoneHref: '' };
  const e164 = normalizePhone(typed);
  return e164
    ? { phone: formatPhone(e164), phoneHref: e164 }
    : { phone: typed.trim(), phoneHref: typed.replace(/[^\d+]/g, '') };
}

/** One order mail, both parts. */
export function buildOrderMail(
  event: OrderMailEvent,
  order: Order,
  settings: OrderMailSettings,
  extras: OrderMailExtras = {},
): RenderedMail {
  return renderOrderMail(orderMailView(event, order, settings, extras));
}

/** The view of one order mail (what the templates show). */
export function orderMailView(
  event: OrderMailEvent,
  order: Order,
  settings: OrderMailSettings,
  extras: OrderMailExtras = {},
): OrderMailView {
  const s = (settings.strings ?? ORDER_MAIL_STRINGS_EN)[event];
  const { shop, linkBase } = settings;
  const money = (amount: number) => formatMoney(amount, shop.currency);
  const values: Record<string, string> = {
    order_number: order.order_number,
    shop_name: shop.name,
    customer_name: order.customer.name,
    order_total: money(order.total),
    refund_amount: extras.refund ? money(extras.refund.amount) : '',
  };
  const fill = (template: string, more?: Record<string, string>) =>
    fillPlaceholders(template, more ? { ...values, ...more } : values);

  const wording = wordingOf(settings.templates, event);
  const subject = fill(wording.subject || s.subject)
    .replace(/\s+/g, ' ')
    .trim();
  const intro = fill(wording.intro || s.intro)
    .replace(/\r\n?/g, '\n')
    .trim();
  const paragraphs = intro
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  const details: string[] = [];
  let track: OrderMailView['track'];
  // Shipped and out for delivery say how the parcel travels (the carrier, its tracking).
  if ((event === 'shipped' || event === 'out_for_delivery') && order.shipment) {
    const { carrier, tracking_number, tracking_url } = order.shipment;
    if (carrier && s.shippedWith) details.push(fill(s.shippedWith, { carrier }));
    if (tracking_number && s.trackingNumber) details.push(fill(s.trackingNumber, { tracking_number }));
    if (tracking_url && s.trackButton && s.trackText) {
      track = { href: tracking_url, button: s.trackButton, text: s.trackText };
    }
  }
  if (event === 'refunded' && extras.refund?.whole && s.refundedWhole) details.push(fill(s.refundedWhole));
  if ((event === 'cancelled' || event === 'refunded') && extras.reason && s.reason) {
    details.push(fill(s.reason, { reason: extras.reason }));
  }

  const toShop = event === 'new_order';
  const href =
    extras.link ??
    (linkBase
      ? toShop
        ? linkTo(linkBase, `/admin/orders/${order.id}`)
        : orderPageLink(linkBase, { id: order.id, accessToken: order.access_token })
      : undefined);

  const zone = order.shipping_address.governorate ? GOVERNORATE_NAMES[order.shipping_address.governorate] : undefined;
  const totals = [
    { label: s.subtotal, value: money(order.subtotal) },
    // Before the tax, which is charged on what is left (docs/product.md#money-and-totals).
    ...(order.discount > 0
      ? [
          {
            label: `${s.discount}${order.promo_code ? ` (${order.promo_code})` : ''}`,
            value: `-${money(order.discount)}`,
          },
        ]
      : []),
    { label: taxLineLabel(orderTaxTerms(order, settings.tax)), value: money(order.tax) },
    { label: `${s.shipping}${zone ? ` (${zone})` : ''}`, value: order.shipping === 0 ? s.free : money(order.shipping) },
  ];

  let payment: OrderMailView['payment'];
  let vatLine: string | undefined;
  let delivery: string[] | undefined;
  if (s.showsDelivery) {
    // The method the order records, and how to pay with it (the shop's instructions at placement).
    const method = orderPaymentTerms(
      order,
      settings.payment?.[order.payment_method] ?? {
        label: PAYMENT_METHOD_NAMES[order.payment_method],
        instructions: '',
      },
    );
    payment = {
      label: method.label,
      line: `${s.payment}: ${method.label.toLowerCase()}`,
      instructions: order.payment_method === 'cash_on_delivery' ? '' : method.instructions,
    };
    const vatNumber = orderVatNumber(order, settings.tax?.vat_number);
    const taxLabel = order.tax_label ?? settings.tax?.label ?? 'VAT';
    if (vatNumber) vatLine = fill(s.vatLine, { tax_label: taxLabel, vat_number: vatNumber });
    const address = order.shipping_address;
    const customer = order.customer;
    delivery = [
      `${customer.name}, ${formatPhone(customer.phone)}${customer.email ? `, ${customer.email}` : ''}`,
      [
        address.street,
        address.building && `${s.building} ${address.building}`,
        address.floor && `${s.floor} ${address.floor}`,
        address.city,
      ]
        .filter(Boolean)
        .join(', '),
      ...(address.notes ? [`${s.deliveryNotes}: ${address.notes}`] : []),
      ...(order.notes ? [`${s.orderNotes}: ${order.notes}`] : []),
    ];
  }

  const { phone, phoneHref } = phoneOf(shop.phone);
  const rtl = s.dir === 'rtl';
  return {
    s: {
      lang: s.lang,
      dir: s.dir,
      start: rtl ? 'right' : 'left',
      end: rtl ? 'left' : 'right',
      summaryHeading: s.summaryHeading,
      quantity: s.quantity,
      payment: s.payment,
      deliverTo: s.deliverTo,
      contactHeading: s.contactHeading,
    },
    subject,
    preheader: paragraphs[0] ?? '',
    heading: fill(s.heading),
    ...(s.greets ? { greeting: fill(s.greeting) } : {}),
    intro,
    paragraphs,
    details,
    ...(track ? { track } : {}),
    ...(href ? { link: { href, button: s.linkButton, text: s.linkText } } : {}),
    lines: order.items.map((item) => ({
      quantity: item.quantity,
      name: item.name,
      options: Object.entries(item.selectedVariations)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', '),
      total: money(item.line_total),
    })),
    totals,
    total: { label: s.total, value: money(order.total) },
    ...(payment ? { payment } : {}),
    ...(vatLine ? { vatLine } : {}),
    ...(delivery ? { delivery } : {}),
    signs: s.signs,
    contactLine: [shop.email, phone].filter(Boolean).join(' · '),
    shop: {
      name: shop.name,
      email: shop.email,
      phone,
      phoneHref,
      address: shop.address,
      logo: shop.logoUrl && linkBase ? linkTo(linkBase, shop.logoUrl) : null,
    },
  };
}
