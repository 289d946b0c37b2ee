import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { orders } from '#server/orders/orders.table.ts';

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;
export const MESSAGE_CHANNELS = ['email', 'text'] as const;
export type MessageChannelKind = (typeof MESSAGE_CHANNELS)[number];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The durable message outbox (issue 34, docs/architecture.md#the-message-outbox): a message to a
 * shopper is a row written in the transaction of what it tells (a status change), so it exists
 * exactly when that committed, and `message-sender.ts` delivers it later. `dedupe_key` (e.g.
 * `order:<id>:status:shipped`) makes the same event for the same order one row. `claimed_until`
 * and `claim_token` are a sender's lease on the row; `last_error` is a short reason in the
 * merchant's words (never a stack trace or a secret).
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: idColumn(),
    event: text('event').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    channel: text('channel').notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    /** The mail's HTML part (null: plain text only; always null for a text message). */
    bodyHtml: text('body_html'),
    dedupeKey: text('dedupe_key').notNull().unique(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    check('message_outbox_status', sql`${table.status} in ('pending', 'sent', 'failed')`),
    // 'email' goes through the mailer; 'text' to the phone through the shop's message channel
    // (the outbox folder, SMS or WhatsApp: messages/create-channel.ts), `subject` then unused.
    check('message_outbox_channel', sql`${table.channel} in ('email', 'text')`),
    // The sender's claim reads only pending rows, by due time.
    index('message_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('message_outbox_order_idx').on(table.orderId),
  ],
);
