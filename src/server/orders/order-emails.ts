import type { Mail } from '#server/mail/mailer.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type { PaymentSettings, TaxSettings } from '#shared/contracts/settings.ts';
import { round2 } from '#shared/money.ts';
import { formatPhone } from '#shared/phone.ts';
import {
  GOVERNORATE_NAMES,
  orderPaymentTerms,
  orderTaxTerms,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  taxLineLabel,
} from '#shared/shop-settings.ts';

/**
 * `$1,234.50`, as formatMoney (shared/money.ts) writes it, with one NumberFormat per currency:
 * building one costs ~0.1 ms and every order's mails format a dozen amounts. (The shared helper
 * stays minimal: it is part of the storefront's first load.)
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function formatAmount(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(round2(amount));
}

/**
 * Plain-text mails for a new order: one to the shop, one to the customer when they gave an email.
 * The tax's name and the payment instructions are the order's own (as the shopper was told at
 * placement); `payment` and `tax`, the shop's settings now, stand in for orders that kept none,
 * and give the shop's VAT number (on the receipt when set). `links` (absolute, announce-new-order.ts)
 * put the order's page in the customer's mail and the admin's order screen in the shop's.
 */
export function newOrderMails(
  order: Order,
  shop: { name: string; email: string; currency: string },
  payment?: Pick<PaymentSettings, PaymentMethod>,
  tax?: TaxSettings,
  links?: { order: string; admin: string },
): Mail[] {
  const money = (amount: number) => formatAmount(amount, shop.currency);
  const method = orderPaymentTerms(
    order,
    payment?.[order.payment_method] ?? { label: PAYMENT_METHOD_NAMES[order.payment_method], instructions: '' },
  );
  const vatNumber = tax?.vat_number ?? '';
  const governorate = order.shipping_address.governorate;
  const zone = governorate ? GOVERNORATE_NAMES[governorate] : undefined;
  const address = order.shipping_address;
  const lines = order.items.map((item) => {
    const options = Object.entries(item.selectedVariations)
      .map(([name, value]) => `${name}: ${value}`)
      .join(', ');
    return `- ${item.quantity} × ${item.name}${options ? ` (${options})` : ''} — ${money(item.line_total)}`;
  });
  const summary = [
    ...lines,
    '',
    `Subtotal: ${money(order.subtotal)}`,
    // Before the tax, which is charged on what is left (docs/product.md#money-and-totals).
    ...(order.discount > 0
      ? [`Discount${order.promo_code ? ` (${order.promo_code})` : ''}: -${money(order.discount)}`]
      : []),
    `${taxLineLabel(orderTaxTerms(order, tax))}: ${money(order.tax)}`,
    `Shipping${zone ? ` (${zone})` : ''}: ${order.shipping === 0 ? 'Free' : money(order.shipping)}`,
    `Total: ${money(order.total)}`,
    // The method the order records, and how to pay with it (the shop's instructions at placement).
    `Payment: ${method.label.toLowerCase()}`,
    ...(method.instructions && order.payment_method !== 'cash_on_delivery' ? [method.instructions] : []),
    ...(vatNumber ? ['', `${shop.name}, ${tax?.label ?? 'VAT'} number ${vatNumber}`] : []),
  ];
  const delivery = [
    `${order.customer.name}, ${formatPhone(order.customer.phone)}${order.customer.email ? `, ${order.customer.email}` : ''}`,
    [
      address.street,
      address.building && `Building ${address.building}`,
      address.floor && `Floor ${address.floor}`,
      address.city,
    ]
      .filter(Boolean)
      .join(', '),
    ...(address.notes ? [`Delivery notes: ${address.notes}`] : []),
    ...(order.notes ? [`Order notes: ${order.notes}`] : []),
  ];

  const mails: Mail[] = [
    {
      to: shop.email,
      subject: `New order ${order.order_number} — ${money(order.total)}`,
      text: [
        `New order ${order.order_number}`,
        ...(links ? [`Open it in the admin: ${links.admin}`] : []),
        '',
        ...summary,
        '',
        'Deliver to:',
        ...delivery,
        '',
      ].join('\n'),
    },
  ];
  if (order.customer.email) {
    mails.push({
      to: order.customer.email,
      subject: `Your ${shop.name} order ${order.order_number}`,
      text: [
        `Thank you, ${order.customer.name}. We received your order ${order.order_number} and will call you to confirm delivery.`,
        ...(links ? ['', `See your order at any time: ${links.order}`] : []),
        '',
        ...summary,
        '',
        'Deliver to:',
        ...delivery,
        '',
      ].join('\n'),
    });
  }
  return mails;
}
