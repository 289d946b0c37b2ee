import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { linkTo } from '#server/seo/link-base.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type { SettingsValues } from '#shared/contracts/settings.ts';
import { formatMoney } from '#shared/money.ts';
import { newOrderMails } from './order-emails.ts';
import { orderMailSettingsOf } from './order-mail-view.ts';
import { orderPageLink } from './order-status-mail.ts';
import { orderText, orderTextKey, textWanted } from './order-texts.ts';
import type { PlacedOrderMessage } from './place-order.ts';

export interface PlacedOrderMessageContext {
  /** The shop's settings now (`app.settings.values`). */
  settings: Pick<SettingsValues, 'site' | 'payment' | 'tax' | 'email'>;
  currency: string;
  /** Where absolute links start (seo/link-base.ts `linkBase`), '' for none: then no links. */
  linkBase: string;
  /** The in-memory catalogue, for the stock each line's product had before this order. */
  catalogue?: CatalogueIndex;
}

/**
 * The messages a new order sends (docs/product.md#order-mails-to-the-shopper), each behind its
 * switch in the email settings: the shop's new-order mail (`messages.shop.new_order`), the
 * customer's receipt when they gave an email (`customer.order_placed`), the order-placed text to
 * their phone (`texts.order_placed`), and a low-stock mail to the shop for each product this
 * order takes from above its low-stock threshold to at or below it (`shop.low_stock`).
 *
 * Built from the order as it will be (place-order.ts `messagesFor`), before it has its id and
 * number, and queued by cedar_place_order in the order's own transaction: an order exists with
 * its messages or not at all, and a replayed order (same Idempotency-Key) queues nothing again.
 * The low-stock check reads the in-memory catalogue's stock before the order (it may lag a
 * concurrent order by a moment: then the crossing is announced by that order instead, or twice).
 */
export function placedOrderMessages(context: PlacedOrderMessageContext): (order: Order) => PlacedOrderMessage[] {
  return (order) => {
    const { site, payment, tax, email } = context.settings;
    const switches = email.messages;
    const base = context.linkBase;
    const orderLink = base ? orderPageLink(base, { id: order.id, accessToken: order.access_token }) : '';
    const links = base ? { order: orderLink, admin: linkTo(base, `/admin/orders/${order.id}`) } : undefined;
    const shop = { name: site.shop_name, email: site.email, currency: context.currency };
    // The shop's mail first, then the customer's (when they gave an email).
    // HTML with its text part; logo, contact details and the merchant's wording from the settings.
    const mailSettings = orderMailSettingsOf(context.settings, base, context.currency);
    const [shopMail, customerMail] = newOrderMails(order, shop, payment, tax, links, mailSettings);
    const messages: PlacedOrderMessage[] = [];
    if (shopMail && site.email && switches.shop.new_order) {
      messages.push(mailMessage('order.new', shopMail, `order:${order.id}:new`));
    }
    if (customerMail && switches.customer.order_placed) {
      messages.push(mailMessage('order.placed', customerMail, `order:${order.id}:placed`));
    }
    if (textWanted('order_placed', switches.texts)) {
      messages.push({
        event: 'order.placed',
        channel: 'text',
        recipient: order.customer.phone,
        subject: '',
        body_text: orderText('order_placed', {
          shop: site.shop_name,
          number: order.order_number,
          amount: formatMoney(order.total, context.currency),
          link: orderLink,
        }),
        body_html: null,
        dedupe_key: orderTextKey(order.id, 'placed'),
      });
    }
    if (site.email && switches.shop.low_stock && context.catalogue) {
      messages.push(...lowStockMails(order, context.catalogue, site, base));
    }
    return messages;
  };
}

function mailMessage(event: string, mail: Mail, dedupeKey: string): PlacedOrderMessage {
  return {
    event,
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    body_text: mail.text,
    body_html: mail.html ?? null,
    dedupe_key: dedupeKey,
  };
}

function lowStockMails(
  order: Order,
  catalogue: CatalogueIndex,
  site: SettingsValues['site'],
  base: string,
): PlacedOrderMessage[] {
  const taken = new Map<string, number>();
  for (const item of order.items) {
    if (item.product_id) taken.set(item.product_id, (taken.get(item.product_id) ?? 0) + item.quantity);
  }
  const mails: PlacedOrderMessage[] = [];
  for (const [productId, quantity] of taken) {
    const product = catalogue.getProduct(productId);
    if (!product) continue;
    const before = product.stock_quantity;
    const after = before - quantity;
    const threshold = product.low_stock_threshold;
    if (!(before > threshold && after <= threshold)) continue;
    const link = base ? linkTo(base, `/admin/products/${product.id}`) : '';
    mails.push({
      event: 'product.low_stock',
      channel: 'email',
      recipient: site.email,
      subject: after <= 0 ? `Sold out: ${product.name}` : `Low stock: ${product.name} (${after} left)`,
      body_text: [
        after <= 0
          ? `${product.name} (SKU ${product.sku}) sold out with order ${order.order_number}.`
          : `${product.name} (SKU ${product.sku}) has ${after} left after order ${order.order_number}; its low-stock threshold is ${threshold}.`,
        ...(link ? ['', `Restock it in the admin: ${link}`] : []),
        '',
        site.shop_name,
        '',
      ].join('\n'),
      body_html: null,
      dedupe_key: `product:${product.id}:low:${order.id}`,
    });
  }
  return mails;
}
