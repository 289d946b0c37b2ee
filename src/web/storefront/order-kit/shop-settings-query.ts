import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '#shared/contracts/settings.ts';
import {
  GOVERNORATE_NAMES,
  type Governorate,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  taxLineLabel,
} from '#shared/shop-settings.ts';
import { apiGet } from '#web/lib/api-client.ts';

/**
 * The shop's public settings (`GET /site/settings`, served from the server's memory): the enabled
 * payment methods with their instructions, the delivery zones with rate and days, the tax label
 * and rate, guest checkout. Checkout, the confirmation and the order history read them here.
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

/** "VAT (11%)", or "Includes VAT (11%)" when prices hold the tax: as the summary and receipts label it. */
export const taxLabelOf = taxLineLabel;

/** The governorate's name ("Mount Lebanon"), or undefined for an address without one. */
export function governorateName(zone: Governorate | undefined): string | undefined {
  return zone ? GOVERNORATE_NAMES[zone] : undefined;
}

/** "1–3 working days" (or "1 working day"). */
export function deliveryDaysText(min: number, max: number): string {
  if (max === 0) return 'same day';
  const days = min === max ? `${max}` : `${min}–${max}`;
  return `${days} working day${max === 1 ? '' : 's'}`;
}

/** How the shop names a payment method and tells shoppers to pay with it (the settings', else a plain name). */
export function paymentMethodOf(
  settings: PublicSettings | undefined,
  method: PaymentMethod,
): { label: string; instructions: string } {
  const configured = settings?.payment_methods.find((entry) => entry.method === method);
  return configured ?? { label: PAYMENT_METHOD_NAMES[method], instructions: '' };
}
