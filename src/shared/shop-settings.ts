/**
 * Words and plain rules of the shop's settings (docs/product.md#shop-settings) that the storefront
 * needs without the schema library: the delivery zones (Lebanon's governorates), the payment
 * methods and the Lebanese-pound price shown beside a dollar price. The contract
 * (contracts/settings.ts) builds on these.
 */
import type { Cents } from './money.ts';

/** The settings sections, in the order the admin shows them. */
export const SETTINGS_SECTIONS = ['site', 'payment', 'shipping', 'tax', 'email', 'system'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Lebanon's eight governorates: the delivery zones, keyed as stored and sent. */
export const GOVERNORATES = [
  'beirut',
  'mount_lebanon',
  'north',
  'akkar',
  'bekaa',
  'baalbek_hermel',
  'south',
  'nabatieh',
] as const;
export type Governorate = (typeof GOVERNORATES)[number];

export const GOVERNORATE_NAMES: Record<Governorate, string> = {
  beirut: 'Beirut',
  mount_lebanon: 'Mount Lebanon',
  north: 'North',
  akkar: 'Akkar',
  bekaa: 'Bekaa',
  baalbek_hermel: 'Baalbek-Hermel',
  south: 'South',
  nabatieh: 'Nabatieh',
};

/** The payment methods a Lebanese shop offers; card waits for a payment adapter. */
export const PAYMENT_METHODS = ['cash_on_delivery', 'bank_transfer', 'money_transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Plain names of the methods, where the shop's own labels are not at hand (the admin's order screen). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  cash_on_delivery: 'Cash on delivery',
  bank_transfer: 'Bank transfer',
  money_transfer: 'Money transfer (Whish, OMT)',
  card: 'Card',
};

/** Lebanese-pound prices are shown rounded to the nearest 1,000 LBP (smaller notes are not in use). */
export const LBP_ROUNDING = 1000;
/** Highest LBP-per-dollar rate accepted: keeps `cents × rate` an exact integer in a double. */
export const LBP_RATE_MAX = 1_000_000;

/**
 * The Lebanese-pound price of `cents` dollars at `rate` LBP per dollar, rounded half up to the
 * nearest 1,000 LBP. Integer arithmetic only (docs/product.md#money-and-totals): cents × rate is
 * exact for any price the shop accepts at a rate up to LBP_RATE_MAX.
 */
export function lbpPrice(cents: Cents, rate: number): number {
  if (!Number.isInteger(cents) || !Number.isInteger(rate)) throw new RangeError('cents and rate must be integers');
  // LBP = cents × rate / 100; in thousands of LBP: cents × rate / 100,000.
  const scaled = cents * rate;
  const thousands = Math.sign(scaled) * Math.floor((Math.abs(scaled) + 50_000) / 100_000);
  return thousands * LBP_ROUNDING;
}

/** `1,235,000 LBP`: thousands separated by commas, as Lebanese prices are written. */
export function formatLbp(amount: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(amount)} LBP`;
}
