import type { FastifyInstance } from 'fastify';
import { linkBase, type RequestOrigin } from '#server/seo/link-base.ts';
import type { Order } from '#shared/contracts/orders.ts';
import { ORDER_ID_SLOT, ORDER_NUMBER_SLOT, type PlacedOrderMessage } from './placed-order-message.ts';
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
export interface NewOrderMessages {
  /** place-order.ts `messagesFor`: the messages to queue with the order, their HTML parts left out. */
  messagesFor: (order: Order) => readonly PlacedOrderMessage[];
  /** After the commit: hands the way to draw the mails' HTML parts, with the order's id and number, to this process's sender. */
  remember: (order: Order) => void;
}

/**
 * The mails' HTML parts do not go into the order's statement: two ~13 KB parts per order, parsed
 * as JSON, compressed and read back by the embedded database's one thread, took the order p95
 * from ~47 to ~71 ms at 10 connections (decision 032, "As built"). The text parts are queued with
 * the order (durable); the HTML parts are not even drawn with it: the way to draw each (its view,
 * a small object) waits in this process's sender (`rememberHtml`), which draws it and adds it to
 * its mail when it sends it, almost always within a tenth of a second. A mail sent by another
 * process, or after a restart, goes as its text part alone.
 */
export function newOrderMessages(app: FastifyInstance, origin?: RequestOrigin): NewOrderMessages {
  const build = placedOrderMessages({
    // The shop's name, address, VAT number and switches as the settings stand now; the tax's name
    // and payment instructions are the order's own.
    settings: app.settings.values,
    currency: app.config.CURRENCY,
    linkBase: linkBase({ publicUrl: app.config.PUBLIC_URL, allowedHosts: app.config.ALLOWED_HOSTS }, origin),
    catalogue: app.catalogue.current,
  });
  // The last build wins: placement may build again (a promo code read afresh, the careful path).
  let drawers: { key: string; drawHtml: () => string }[] = [];
  return {
    messagesFor: (order) => {
      const messages = build(order);
      drawers = messages.flatMap(({ dedupe_key, drawHtml }) => (drawHtml ? [{ key: dedupe_key, drawHtml }] : []));
      return messages.map(({ drawHtml: _, ...message }): PlacedOrderMessage => message);
    },
    remember: (order) => {
      const fill = (text: string) =>
        text.replaceAll(ORDER_ID_SLOT, order.id).replaceAll(ORDER_NUMBER_SLOT, order.order_number);
      for (const { key, drawHtml } of drawers) app.messageSender.rememberHtml(fill(key), () => fill(drawHtml()));
    },
  };
}

/**
 * What follows a new order once it committed: the admins' live alert, and a pass of the message
 * sender for the messages queued with it. Never awaited; a replayed order calls nothing.
 */
export function announceNewOrder(app: FastifyInstance, order: Order): void {
  app.realtime.announceOrder(order.id, 'new_order');
  app.messageSender.kick();
}
