import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Ten single-use backup codes per enrolment of two-step sign-in, shoppers' and staff's alike
 * (docs/product.md#two-step-sign-in, docs/product.md#staff-two-step-sign-in); only their sha256 is kept.
 */
export const twoFactorBackupCodes = pgTable(
  'two_factor_backup_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('two_factor_backup_codes_user_idx').on(table.userId)],
);
