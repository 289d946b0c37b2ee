import type { AuthUser } from '#shared/contracts/auth.ts';
import type { users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;

/** A user row as the API shows it (docs/product.md#users-and-roles); the password hash never leaves. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    // Staff always have an email (users_staff_have_email); a phone-only shopper shows none.
    email: row.email ?? '',
    name: row.name,
    role: row.role,
    avatar_url: row.avatarUrl,
    is_active: row.isActive,
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
