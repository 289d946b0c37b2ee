import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import type { UserRole } from '#shared/contracts/auth.ts';
import { users } from './users.table.ts';

/**
 * Pending staff invitations (docs/product.md#staff-accounts). The staff account is created only
 * when the invitation is accepted (password set), so an unaccepted invitation is never an account
 * that could sign in or count as an active admin. Only the sha256 of the link's token is kept;
 * a link is valid 72 hours and used once (`accepted_at`, set by a conditional update).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: idColumn(),
    /** Lowercase. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The account the acceptance created. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('staff_invitations_email_idx').on(table.email)],
);
