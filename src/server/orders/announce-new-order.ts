import type { FastifyInstance } from 'fastify';
import { linkBase, linkTo, type RequestOrigin } from '#server/seo/link-base.ts';
import type { Order } from '#shared/contracts/orders.ts';
import { newOrderMails } from './order-emails.ts';
import { orderPageLink } from './order-status-mail.ts';

/**
 * What follows a new order, from checkout or entered by an admin: the admins' live alert and the
 * shop's and customer's mails. Called after commit and never awaited, so neither ever delays or
 * fails an order (a replayed order calls nothing: it was announced the first time).
 *
 * The mails link to the order's page (the confirmation, opened with the order's access token, as
 * for a guest; a signed-in shopper sees the same) and to its admin screen, at the address of
 * linkBase: PUBLIC_URL, else the request's host when ALLOWED_HOSTS names it. Never a Host header
 * alone: anyone may send one, and a checkout naming someone else's email would mail them a
 * genuine receipt pointing at another site. Without either, the mails carry no link.
 */
export function announceNewOrder(app: FastifyInstance, order: Order, origin?: RequestOrigin): void {
  app.realtime.announceOrder(order.id, 'new_order');
  // The shop's name and address as the settings stand now (settings: site) and its VAT number
  // (settings: tax); the tax's name and payment instructions are the order's own.
  const { site, payment, tax } = app.settings.values;
  const shop = { name: site.shop_name, email: site.email, currency: app.config.CURRENCY };
  const base = linkBase({ publicUrl: app.config.PUBLIC_URL, allowedHosts: app.config.ALLOWED_HOSTS }, origin);
  const links = base
    ? {
        order: orderPageLink(base, { id: order.id, accessToken: order.access_token }),
        admin: linkTo(base, `/admin/orders/${order.id}`),
      }
    : undefined;
  for (const mail of newOrderMails(order, shop, payment, tax, links)) {
    app.mailer.sendLater(mail, { order: order.order_number });
  }
}
