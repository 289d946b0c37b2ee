import type { FastifyInstance } from 'fastify';
import { linkBase, type RequestOrigin } from '#server/seo/link-base.ts';
import type { Order } from '#shared/contracts/orders.ts';
import type { PlacedOrderMessage } from './place-order.ts';
import { placedOrderMessages } from './placed-order-messages.ts';

/**
 * The messages of an order about to be placed, from checkout or entered by an admin
 * (placed-order-messages.ts), for place-order.ts `messagesFor`: cedar_place_order queues them in
 * the order's transaction, so an order never exists without them, and neither ever delays or
 * fails the order (the sender delivers them after the commit, with retries).
 *
 * The mails link to the order's page (the confirmation, opened with the order's access token, as
 * for a guest; a signed-in shopper sees the same) and to its admin screen, at the address of
 * linkBase: PUBLIC_URL, else the request's host when ALLOWED_HOSTS names it. Never a Host header
 * alone: anyone may send one, and a checkout naming someone else's email would mail them a
 * genuine receipt pointing at another site. Without either, the mails carry no link.
 */
export function newOrderMessagesFor(
  app: FastifyInstance,
  origin?: RequestOrigin,
): (order: Order) => readonly PlacedOrderMessage[] {
  return placedOrderMessages({
    // The shop's name, address, VAT number and switches as the settings stand now; the tax's name
    // and payment instructions are the order's own.
    settings: app.settings.values,
    currency: app.config.CURRENCY,
    linkBase: linkBase({ publicUrl: app.config.PUBLIC_URL, allowedHosts: app.config.ALLOWED_HOSTS }, origin),
    catalogue: app.catalogue.current,
  });
}

/**
 * What follows a new order once it committed: the admins' live alert, and a pass of the message
 * sender for the messages queued with it. Never awaited; a replayed order calls nothing.
 */
export function announceNewOrder(app: FastifyInstance, order: Order): void {
  app.realtime.announceOrder(order.id, 'new_order');
  app.messageSender.kick();
}
