import { isStaffRole, type UserRole } from '#shared/contracts/auth.ts';

/**
 * "An active admin" in TypeScript: a staff role (src/shared/contracts/auth.ts STAFF_ROLES) on an
 * account that is not switched off. The database's side of the same rule is the SQL function
 * cedar_active_admin_ids (src/server/db/sql/active-admins.sql), which admin notifications select
 * from; tests/api/sql-sources.test.ts proves both pick the same users, so a rule change made in
 * one place and not the other fails there.
 */
export function isActiveAdmin(user: { role: UserRole; isActive: boolean }): boolean {
  return user.isActive && isStaffRole(user.role);
}
