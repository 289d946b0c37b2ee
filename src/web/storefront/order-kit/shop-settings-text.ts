import type { PublicSettings } from '#shared/contracts/settings.ts';
import {
  GOVERNORATE_NAMES,
  type Governorate,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
} from '#shared/shop-settings.ts';

// How the storefront words the shop's public settings (the query is `#web/lib/shop-settings.ts`):
// a governorate's name, delivery days, a payment method's label and instructions. Checkout, the
// confirmation and the order history read them here.

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
