import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { renderOrderMailHtml, renderOrderMailText } from '#server/mail/order-mail-render.ts';
import { linkTo } from '#server/seo/link-base.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type { SettingsValues } from '#shared/contracts/settings.ts';
import { formatMoney } from '#shared/money.ts';
import type { OrderMailEvent } from '#shared/order-mail-strings.ts';
import { orderMailSettingsOf, orderMailView } from './order-mail-view.ts';
import { orderPageLink } from './order-status-mail.ts';
import { orderText, orderTextKey, textWanted } from './order-texts.ts';
import type { PlacedOrderMessage } from './placed-order-message.ts';

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
 * A message of a new order, and for a mail the way to draw its HTML part: not drawn here, and not
 * queued with the order (announce-new-order.ts), so an order pays for its mails' text parts only.
 */
export interface PlacedOrderMail extends PlacedOrderMessage {
  drawHtml?: () => string;
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
export function placedOrderMessages(context: PlacedOrderMessageContext): (order: Order) => PlacedOrderMail[] {
  return (order) => {
    const { site, email } = context.settings;
    const switches = email.messages;
    const base = context.linkBase;
    const orderLink = base ? orderPageLink(base, { id: order.id, accessToken: order.access_token }) : '';
    // Logo, contact details, the merchant's wording, the shop's payment and tax settings (for the
    // VAT number; the tax's name and payment instructions are the order's own).
    const mailSettings = orderMailSettingsOf(context.settings, base, context.currency);
    // Only the mails whose switch is on are built. The shop's mail first, then the customer's
    // (when they gave an email); the shop's links to the admin's order screen, the customer's to
    // the order's page.
    const mail = (event: OrderMailEvent, to: string, link: string | undefined, kind: string): PlacedOrderMail => {
      const view = orderMailView(event, order, mailSettings, { link: link || undefined });
      return {
        event: event === 'new_order' ? 'order.new' : 'order.placed',
        channel: 'email',
        recipient: to,
        subject: view.subject,
        body_text: renderOrderMailText(view),
        body_html: null,
        dedupe_key: `order:${order.id}:${kind}`,
        drawHtml: () => renderOrderMailHtml(view),
      };
    };
    const messages: PlacedOrderMail[] = [];
    if (site.email && switches.shop.new_order) {
      messages.push(mail('new_order', site.email, base && linkTo(base, `/admin/orders/${order.id}`), 'new'));
    }
    if (order.customer.email && switches.customer.order_placed) {
      messages.push(mail('order_placed', order.customer.email, orderLink, 'placed'));
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
