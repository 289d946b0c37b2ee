import { toAuthUser, type UserRow } from '#server/users/users.mapper.ts';
import type { StaffMember } from '#shared/contracts/staff.ts';

/** A staff account as the staff list shows it (docs/product.md#staff-accounts); never a hash or a secret. */
export function toStaffMember(row: UserRow): StaffMember {
  return {
    ...toAuthUser(row),
    status: row.isActive ? 'active' : 'disabled',
    two_factor_enabled: row.twoFactorEnabledAt !== null,
    last_login_ip: row.lastLoginIp,
  };
}
