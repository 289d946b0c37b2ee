import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';

/** Messages from the storefront's contact form; `handled_at` is set when the shop has answered. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    /** Kept for abuse handling (who flooded the form), never shown on the storefront. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
