import type { QueryClient } from '@tanstack/react-query';
import type { InviteStaffRequest, StaffInvitation, StaffMember, UpdateStaffRequest } from '#shared/contracts/staff.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

/**
 * The Staff page's calls (docs/product.md#staff-accounts). Every staff query starts with this key,
 * so one invalidation refreshes the members and the pending invitations.
 */
export const ADMIN_STAFF_KEY = ['admin', 'users'] as const;
export const INVITATIONS_KEY = [...ADMIN_STAFF_KEY, 'invitations'] as const;

const memberPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
const invitationPath = (id: string) => `/admin/users/invitations/${encodeURIComponent(id)}`;

export const listStaff = (query: QueryParams, signal?: AbortSignal) =>
  adminList<StaffMember>('/admin/users', { query, signal });
export const listInvitations = (signal?: AbortSignal) =>
  adminGet<StaffInvitation[]>('/admin/users/invitations', { signal });

export const inviteStaff = (body: InviteStaffRequest) => adminPost<StaffInvitation>('/admin/users', body);
export const resendInvitation = (id: string) => adminPost<StaffInvitation>(`${invitationPath(id)}/resend`);
export const cancelInvitation = (id: string) => adminDelete(invitationPath(id));

export const updateStaff = (id: string, body: UpdateStaffRequest) => adminPut<StaffMember>(memberPath(id), body);
export const setStaffStatus = (id: string, isActive: boolean) =>
  adminPut<StaffMember>(`${memberPath(id)}/status`, { is_active: isActive });
export const removeStaff = (id: string) => adminDelete(memberPath(id));

export function invalidateStaff(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_STAFF_KEY });
}
