import type { Mail } from '#server/mail/mailer.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type { PaymentSettings, TaxSettings } from '#shared/contracts/settings.ts';
import type { PaymentMethod } from '#shared/shop-settings.ts';
import { buildOrderMail, type OrderMailSettings } from './order-mail-view.ts';

/**
 * The mails of a new order (HTML with a plain-text part, decision 032): one to the shop, one to
 * the customer when they gave an email. The tax's name and the payment instructions are the
 * order's own (as the shopper was told at placement); `payment` and `tax`, the shop's settings
 * now, stand in for orders that kept none, and give the shop's VAT number (on the receipt when
 * set). `links` (absolute, announce-new-order.ts) put the order's page in the customer's mail and
 * the admin's order screen in the shop's.
 *
 * `settings` (`orderMailSettingsOf(app.settings.values, base, currency)`) brings the rest of what
 * the mails show: the shop's logo, phone and address, and the merchant's wording. Without it the
 * mails carry the shop's name and email, the default wording, and no logo unless `links` give a
 * link base.
 */
export function newOrderMails(
  order: Order,
  shop: { name: string; email: string; currency: string },
  payment?: Pick<PaymentSettings, PaymentMethod>,
  tax?: TaxSettings,
  links?: { order: string; admin: string },
  settings?: OrderMailSettings,
): Mail[] {
  const base: OrderMailSettings = settings ?? {
    shop: { name: shop.name, email: shop.email, phone: '', address: '', logoUrl: null, currency: shop.currency },
    // The links are made at the link base (orderPageLink): their origin is it.
    linkBase: links ? new URL(links.order).origin : '',
  };
  const mailSettings: OrderMailSettings = {
    ...base,
    payment: payment ?? base.payment,
    tax: tax ?? base.tax,
  };
  const mails: Mail[] = [
    { to: shop.email, ...buildOrderMail('new_order', order, mailSettings, { link: links?.admin }) },
  ];
  if (order.customer.email) {
    mails.push({
      to: order.customer.email,
      ...buildOrderMail('order_placed', order, mailSettings, { link: links?.order }),
    });
  }
  return mails;
}
