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
  for (const mail of newOrderMails(order, app.config, app.settings.values.payment))
    app.mailer.sendLater(mail, { order: order.order_number });
}
