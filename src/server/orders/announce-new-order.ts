import type { FastifyInstance } from 'fastify';
import type { Order } from '#shared/contracts/orders.ts';
import { newOrderMails } from './order-emails.ts';

/**
 * What follows a new order, from checkout or entered by an admin: the admins' live alert and the
 * shop's and customer's mails. Called after commit and never awaited, so neither ever delays or
 * fails an order (a replayed order calls nothing: it was announced the first time).
 */
export function announceNewOrder(app: FastifyInstance, order: Order): void {
  app.realtime.announceOrder(order.id, 'new_order');
  // The shop's name and address as the settings stand now (settings: site) and its VAT number
  // (settings: tax); the tax's name and payment instructions are the order's own.
  const { site, payment, tax } = app.settings.values;
  const shop = { name: site.shop_name, email: site.email, currency: app.config.CURRENCY };
  for (const mail of newOrderMails(order, shop, payment, tax)) {
    app.mailer.sendLater(mail, { order: order.order_number });
  }
}
