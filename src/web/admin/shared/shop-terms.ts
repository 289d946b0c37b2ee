import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '#shared/contracts/settings.ts';
import { apiGet } from '#web/lib/api-client.ts';

/**
 * What the shop tells its customers, as the storefront reads it (`GET /site/settings`, served from
 * the server's memory, open to every staff role): the delivery zones with their rates, the payment
 * methods, the tax and the shop's VAT number. The order screens read it for the new-order form's
 * zones, for the VAT number on the packing slip, and to name the tax and payment of orders placed
 * before orders kept their own (docs/product.md#order-fields). Same key as the storefront's.
 */
export const shopTermsQuery = queryOptions({
  queryKey: ['site', 'settings'],
  queryFn: ({ signal }) => apiGet<PublicSettings>('/site/settings', { signal }),
  staleTime: 60_000,
});

export function useShopTerms() {
  return useQuery(shopTermsQuery);
}
