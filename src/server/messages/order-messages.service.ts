import { and, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { conflict, notFound } from '#server/errors.ts';
import { orders } from '#server/orders/orders.table.ts';
import {
  ORDER_MESSAGE_CHANNELS,
  type OrderMessage,
  type OrderMessageChannel,
  type OrderMessageState,
  RETRY_NOT_FAILED_MESSAGES,
} from '#shared/contracts/order-messages.ts';
import { maskPhone } from './message-channel.ts';
import { messageOutbox } from './message-outbox.table.ts';

/**
 * An order's delivery log (docs/product.md#delivery-log): the outbox rows of one order as staff
 * see them (recipient masked), and the retry of a failed one. Reads and writes the outbox table
 * only; sending stays with message-sender.ts, which the route kicks after a retry's commit.
 */

type OutboxRow = typeof messageOutbox.$inferSelect;

/** `rami@example.com` → `r…@example.com`: enough to tell addresses apart, not enough to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/** A mail's address or a text's phone number, masked the way the logs mask them. */
export function maskRecipient(channel: string, recipient: string): string {
  return channel === 'email' || recipient.includes('@') ? maskEmail(recipient) : maskPhone(recipient);
}

/** `pending` after a failed attempt is `retrying`. */
export function messageState(row: Pick<OutboxRow, 'status' | 'attempts'>): OrderMessageState {
  if (row.status === 'sent' || row.status === 'failed') return row.status;
  return row.attempts > 0 ? 'retrying' : 'pending';
}

const isChannel = (value: string): value is OrderMessageChannel =>
  (ORDER_MESSAGE_CHANNELS as readonly string[]).includes(value);

export function toOrderMessage(row: OutboxRow): OrderMessage {
  const status = messageState(row);
  return {
    id: row.id,
    event: row.event,
    // Anything that is not a mail is a text to a phone.
    channel: isChannel(row.channel) ? row.channel : 'text',
    recipient: maskRecipient(row.channel, row.recipient),
    subject: row.subject,
    status,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: status === 'pending' || status === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function assertOrderExists(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('Order');
}

/** `GET /admin/orders/{id}/messages`: the order's messages, newest first; 404 for an unknown order. */
export async function listOrderMessages(db: Db, orderId: string): Promise<OrderMessage[]> {
  await assertOrderExists(db, orderId);
  const rows = await db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.orderId, orderId))
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id));
  return rows.map(toOrderMessage);
}

/**
 * `POST /admin/orders/{id}/messages/{messageId}/retry`: a failed message goes back to pending,
 * due now, its attempts kept (so a message that failed its last attempt gets one more, and fails
 * again at once if that one fails too). One conditional UPDATE (`where status = 'failed'`), so of
 * many retries at once exactly one resets it and the sender sends it once; the others, and a retry
 * of a message that is not failed (a sent one is never sent again), get the 409. Audited
 * (`order.message_retry` on the order; the message's id, event and last reason, never its address).
 */
export async function retryOrderMessage(
  db: Db,
  orderId: string,
  messageId: string,
  context: AuditContext,
): Promise<OrderMessage> {
  return inTransaction(db, async (tx) => {
    await assertOrderExists(tx, orderId);
    const [row] = await tx
      .update(messageOutbox)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, claimedUntil: null, claimToken: null })
      .where(
        and(eq(messageOutbox.id, messageId), eq(messageOutbox.orderId, orderId), eq(messageOutbox.status, 'failed')),
      )
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: messageOutbox.status, attempts: messageOutbox.attempts })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.id, messageId), eq(messageOutbox.orderId, orderId)));
      if (!current) throw notFound('Message');
      const state = messageState(current);
      throw conflict(state === 'failed' ? RETRY_NOT_FAILED_MESSAGES.retrying : RETRY_NOT_FAILED_MESSAGES[state]);
    }
    await recordAudit(tx, {
      context,
      action: 'order.message_retry',
      entityType: 'order',
      entityId: orderId,
      before: {
        message_id: row.id,
        event: row.event,
        status: 'failed',
        attempts: row.attempts,
        last_error: row.lastError,
      },
      after: { message_id: row.id, event: row.event, status: 'pending' },
    });
    return toOrderMessage(row);
  });
}
