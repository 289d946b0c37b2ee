import { useQuery } from '@tanstack/react-query';
import type { AccountAddress, AccountAddressInput } from '#shared/contracts/accounts.ts';
import { shopperRequest } from './shopper-api.ts';

/** The address book calls (docs/product.md#account-area); the checkout's picker reads the same query. */
export const ADDRESSES_KEY = ['account', 'addresses'] as const;

export function useAddresses(enabled = true) {
  return useQuery({
    queryKey: ADDRESSES_KEY,
    queryFn: () => shopperRequest<AccountAddress[]>('/account/addresses'),
    enabled,
  });
}

export const saveAddress = (input: AccountAddressInput, id?: string) =>
  shopperRequest<AccountAddress>(id ? `/account/addresses/${id}` : '/account/addresses', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export const deleteAddress = (id: string) => shopperRequest<null>(`/account/addresses/${id}`, { method: 'DELETE' });

/** An address as the PUT body wants it (the stored one has ids and dates). */
export function inputOf(address: AccountAddress, changes: Partial<AccountAddressInput> = {}): AccountAddressInput {
  const { label, city, street, building, floor, notes, governorate, is_default } = address;
  return { label, city, street, building, floor, notes, governorate, is_default, ...changes };
}
