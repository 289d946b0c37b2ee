/**
 * Words and plain rules of the shop's settings (docs/product.md#shop-settings) that the storefront
 * needs without the schema library: the delivery zones (Lebanon's governorates), the payment
 * methods and the Lebanese-pound price shown beside a dollar price. The contract
 * (contracts/settings.ts) builds on these.
 */

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

// The Lebanese-pound helpers live in lbp.ts: the storefront's first load draws LBP prices and
// must not carry this file's governorate and payment tables with them.
export { formatLbp, LBP_RATE_MAX, LBP_ROUNDING, lbpPrice } from './lbp.ts';
