import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';
import type { UserRole } from '#shared/contracts/auth.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<UserRole>().notNull().default('customer'),
    avatarUrl: text('avatar_url'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [check('users_role_known', sql`${table.role} in ('customer', 'admin', 'super_admin')`)],
);
