import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';
import { users } from '#server/users/users.table.ts';

/** What a one-time code or link proves (docs/product.md#shopper-accounts). */
export type VerificationPurpose = 'verify_email' | 'verify_phone' | 'sign_in' | 'recovery';
export type VerificationChannel = 'email' | 'sms';

/**
 * One-time codes (6 digits, sent by message) and links (32 random bytes, sent by email). Only the
 * sha256 of the secret is kept. A code expires after 10 minutes, is used once (`consumed_at`,
 * set by a conditional update) and dies after 5 wrong tries (`attempts`).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    channel: text('channel').$type<VerificationChannel>().notNull(),
    /** The email (lowercase) or phone (E.164) it was sent to: proving it verifies exactly this. */
    destination: text('destination').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('verification_codes_user_idx').on(table.userId, table.purpose, table.createdAt),
    index('verification_codes_secret_idx').on(table.secretHash),
  ],
);

/**
 * A shopper's address book, in checkout's Lebanese shape (city/area, street, building, floor,
 * directions as `notes`). At most one default per account (partial unique index).
 */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    building: text('building'),
    floor: text('floor'),
    notes: text('notes'),
    /** The delivery zone (a GOVERNORATES key); null for addresses saved before zones. */
    governorate: text('governorate'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('account_addresses_user_idx').on(table.userId),
    uniqueIndex('account_addresses_one_default').on(table.userId).where(sql`${table.isDefault}`),
    check('account_addresses_label_length', sql`length(${table.label}) <= 60`),
  ],
);
