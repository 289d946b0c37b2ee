import type { QueryClient } from '@tanstack/react-query';
import type { CustomerAccount } from '#shared/contracts/accounts.ts';
import type { AdminOrderListItem } from '#shared/contracts/admin-orders.ts';
import type { Customer, CustomerCreate, CustomerUpdate } from '#shared/contracts/customers.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

/** Every customer query starts with this key, so one invalidation refreshes the list and the detail. */
export const ADMIN_CUSTOMERS_KEY = ['admin', 'customers'] as const;

const path = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;

export const listCustomers = (query: QueryParams, signal?: AbortSignal) =>
  adminList<Customer>('/admin/customers', { query, signal });
export const getCustomer = (id: string, signal?: AbortSignal) => adminGet<Customer>(path(id), { signal });
export const listCustomerOrders = (id: string, query: QueryParams, signal?: AbortSignal) =>
  adminList<AdminOrderListItem>(`${path(id)}/orders`, { query, signal });
export const createCustomer = (body: CustomerCreate) => adminPost<Customer>('/admin/customers', body);
export const updateCustomer = (id: string, body: CustomerUpdate) => adminPut<Customer>(path(id), body);

/** Disables (every session ends at once) or enables the customer's shopper account. */
export const setCustomerAccountStatus = (id: string, isActive: boolean) =>
  adminPut<CustomerAccount>(`${path(id)}/account`, { is_active: isActive });

export type VerificationType = 'verify_email' | 'verify_phone';

/** Sends the account a new email link or phone code, as the shopper's own "resend" would. */
export const resendCustomerVerification = (id: string, type: VerificationType) =>
  adminPost<unknown>(`${path(id)}/account/resend-verification`, { type });

/**
 * DELETE answers 204 (gone) or 200 `{ anonymised: true, message }` when the customer has orders:
 * the orders must keep pointing at someone, so the person's details are wiped instead.
 */
export async function deleteCustomer(id: string): Promise<{ anonymised: boolean; message: string | null }> {
  const result = await adminDelete<{ anonymised?: boolean; message?: string }>(path(id));
  return { anonymised: result.anonymised === true, message: result.message ?? null };
}

export function invalidateCustomers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_CUSTOMERS_KEY });
}
