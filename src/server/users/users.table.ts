import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from '#server/customers/customers.table.ts';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';
import type { UserRole } from '#shared/contracts/auth.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    /** Lowercase. Staff always have one; a shopper has an email, a phone or both (decision 013). */
    email: text('email').unique(),
    /** E.164 (`+9613123456`), shoppers only; one account per number. */
    phone: text('phone').unique(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /**
     * The shop's customer record this shopper account is (docs/product.md#shopper-accounts): set when
     * a phone is verified or the first signed-in order is placed. One account per customer.
     */
    customerId: uuid('customer_id')
      .unique()
      .references(() => customers.id, { onDelete: 'set null' }),
    /** Base32 TOTP secret; set while enrolling, live once `two_factor_enabled_at` is set. Never sent back. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so one code cannot be used twice. */
    twoFactorLastStep: integer('two_factor_last_step'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<UserRole>().notNull().default('customer'),
    avatarUrl: text('avatar_url'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The address of the last sign-in (staff list: "last sign-in and address"). */
    lastLoginIp: text('last_login_ip'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The content's fingerprint as the demo seed wrote it (src/server/db/demo-marks.ts); null for the merchant's own rows. */
    demoHash: text('demo_hash'),
  },
  (table) => [
    check('users_role_known', sql`${table.role} in ('customer', 'admin', 'super_admin')`),
    check('users_has_contact', sql`${table.email} is not null or ${table.phone} is not null`),
    check('users_staff_have_email', sql`${table.role} = 'customer' or ${table.email} is not null`),
  ],
);
