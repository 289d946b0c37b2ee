import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

export type SessionAudience = 'staff' | 'shopper';

/**
 * One row per refresh token. A sign-in starts a family; each refresh revokes its row and adds the
 * next one to the same family, so a token presented twice (stolen and replayed) is recognised and
 * the whole family is revoked (decision 008). Only the sha256 of the opaque token is stored.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /**
     * Who the family was started for: `staff` (/auth/*, the admin panel) or `shopper`
     * (/account/*). A refresh token only refreshes at its own audience's endpoint and access tokens
     * carry it as `aud`, so the two kinds of session are never interchangeable (decision 013).
     */
    audience: text('audience').$type<SessionAudience>().notNull().default('staff'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // No foreign key: the row it points to is inserted after this one is revoked.
    replacedBy: uuid('replaced_by'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('auth_sessions_family_idx').on(table.familyId), index('auth_sessions_user_idx').on(table.userId)],
);
