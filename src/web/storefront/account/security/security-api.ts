import type { AccountDevice, ShopperUser, TotpEnrolment } from '#shared/contracts/accounts.ts';
import { shopperRequest } from '#web/storefront/shopper-kit/shopper-api.ts';

/** The calls of the Security section (docs/product.md#two-step-sign-in, docs/product.md#account-area). */
export type Reauth = { password: string } | { code: string };

export const securityApi = {
  user: () => shopperRequest<ShopperUser>('/account/user'),
  startEnrolment: () => shopperRequest<TotpEnrolment>('/account/factors', { method: 'POST' }),
  confirmEnrolment: (code: string) =>
    shopperRequest<{ backup_codes: string[] }>('/account/factors/verify', { method: 'POST', body: { code } }),
  newBackupCodes: (proof: Reauth) =>
    shopperRequest<{ backup_codes: string[] }>('/account/factors/backup-codes', { method: 'POST', body: proof }),
  turnOff: (proof: Reauth) => shopperRequest<null>('/account/factors', { method: 'DELETE', body: proof }),
  changePassword: (currentPassword: string, newPassword: string) =>
    shopperRequest<null>('/account/change-password', { method: 'POST', body: { currentPassword, newPassword } }),
  devices: () => shopperRequest<AccountDevice[]>('/account/sessions'),
  signOutDevice: (id: string) => shopperRequest<null>(`/account/sessions/${id}`, { method: 'DELETE' }),
  signOutEverywhere: () => shopperRequest<null>('/account/logout', { method: 'POST', body: { scope: 'global' } }),
  deleteAccount: (proof: Reauth) => shopperRequest<null>('/account', { method: 'DELETE', body: proof }),
};

/** The message to show for a failed call: the server's words, else a network hint. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && 'status' in error) return error.message;
  return 'Something went wrong. Check your connection and try again.';
}
