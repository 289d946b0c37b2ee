import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '#shared/contracts/settings.ts';
import { apiGet } from '#web/lib/api-client.ts';

/**
 * The shop's public settings (`GET /site/settings`, served from the server's memory, no staff
 * token): the enabled payment methods with their instructions, the delivery zones with rate and
 * days, the tax label and rate with the shop's VAT number, guest checkout. One query for both
 * sides: checkout, the confirmation and the order history read it; so do the admin's order
 * screens, for the new-order form's zones, the VAT number on the packing slip, and to name the tax
 * and payment of orders placed before orders kept their own (docs/product.md#order-fields).
 * Kept out of the storefront's first load (`NOT_IN_SHELL` in vite.config.ts): no first page reads it.
 */
export const shopSettingsQuery = queryOptions({
  queryKey: ['site', 'settings'],
  queryFn: ({ signal }) => apiGet<PublicSettings>('/site/settings', { signal }),
  // The merchant changes these rarely; a minute old is fine, and the server prices every order anyway.
  staleTime: 60_000,
});

export function useShopSettings() {
  return useQuery(shopSettingsQuery);
}
