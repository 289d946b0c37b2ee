import type { Db } from '#server/db/client.ts';
import { type MessageChannelKind, messageOutbox } from './message-outbox.table.ts';

/** A message to put in the outbox (message-outbox.table.ts). */
export interface OutboxMessage {
  /** What it tells, e.g. `order.shipped`. */
  event: string;
  orderId?: string | null;
  /** 'email' (the default) to an address; 'text' to a phone, `subject` then ''. */
  channel?: MessageChannelKind;
  recipient: string;
  subject: string;
  bodyText: string;
  bodyHtml?: string | null;
  /** The same key is queued once, e.g. `order:<id>:status:shipped`. */
  dedupeKey: string;
}

/**
 * Queues a message in the caller's transaction: it exists exactly when that transaction commits.
 * A second message with the same `dedupeKey` is dropped (`on conflict do nothing`). Returns
 * whether a row was made. Never sends: the sender (message-sender.ts) does, after the commit.
 */
export async function enqueueMessage(tx: Db, message: OutboxMessage): Promise<boolean> {
  const made = await tx
    .insert(messageOutbox)
    .values({
      event: message.event,
      orderId: message.orderId ?? null,
      channel: message.channel ?? 'email',
      recipient: message.recipient,
      subject: message.subject,
      bodyText: message.bodyText,
      bodyHtml: message.bodyHtml ?? null,
      dedupeKey: message.dedupeKey,
    })
    .onConflictDoNothing({ target: messageOutbox.dedupeKey })
    .returning({ id: messageOutbox.id });
  return made.length > 0;
}
