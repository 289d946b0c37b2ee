import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table.ts';

/**
 * Every address a staff member has signed in from (docs/product.md#security-alerts): a sign-in
 * from an address not listed here raises a "new address" alert (when the monitoring setting is on)
 * and is then added. Kept apart from auth_sessions, whose expired rows are deleted.
 */
export const staffKnownAddresses = pgTable(
  'staff_known_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ip] })],
);
