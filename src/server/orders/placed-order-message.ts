import type { MessageChannelKind } from '#server/messages/message-outbox.table.ts';

/**
 * A message of a new order for the outbox (cedar_place_order's `head.messages`, place-order.sql):
 * built before the order has its id and number, which stand in as ORDER_ID_SLOT and
 * ORDER_NUMBER_SLOT and are replaced by the database in the order's own statement.
 */
export interface PlacedOrderMessage {
  event: string;
  channel: MessageChannelKind;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  dedupe_key: string;
}

/** Stand-ins for the order's id and number in its messages, replaced by cedar_place_order. */
export const ORDER_ID_SLOT = '__ORDER_ID__';
export const ORDER_NUMBER_SLOT = '__ORDER_NUMBER__';
