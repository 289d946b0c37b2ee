/**
 * Words and plain rules of the shop's settings (docs/product.md#shop-settings) that the storefront
 * needs without the schema library: the delivery zones (Lebanon's governorates), the payment
 * methods and the Lebanese-pound price shown beside a dollar price. The contract
 * (contracts/settings.ts) builds on these.
 */

/** The settings sections, in the order the admin shows them. */
export const SETTINGS_SECTIONS = ['site', 'payment', 'shipping', 'tax', 'email', 'system'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
/**
 * Every section kept in the settings storage: the six above (GET/PUT /admin/settings) and the
 * staff security configuration, which has its own route (GET/PUT /admin/security/config) and
 * its own checks (an allowlist that shuts out its author is refused), so /admin/settings neither
 * shows nor changes it.
 */
export const STORED_SETTINGS_SECTIONS = [...SETTINGS_SECTIONS, 'security'] as const;
export type StoredSettingsSection = (typeof STORED_SETTINGS_SECTIONS)[number];

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

// ---------------------------------------------------------------------------------------------
// What an order tells the shopper about its tax and payment.

/**
 * What an order tells the shopper about its tax and payment (docs/product.md#order-fields): kept
 * on the order as it was at placement, so a later settings change never rewrites it. Orders placed
 * before these were kept have nulls and are shown with the shop's current settings. Read by the
 * storefront's order pages, the admin's order screens and the server's mails alike.
 */

/** A tax as receipts name it: "VAT", 11 (percent), added on top or held in the prices. */
export interface TaxTerms {
  label: string;
  rate: number;
  prices_include_tax: boolean;
}

/** The order's own fields (Order contract) this reads. */
export interface OrderTermsFields {
  tax_label: string | null;
  tax_rate: number | null;
  prices_include_tax: boolean | null;
  tax_number: string | null;
  payment_label: string | null;
  payment_instructions: string | null;
}

/** The order's tax as it was placed, else (older orders) `current`, the shop's tax today. */
export function orderTaxTerms(
  order: Pick<OrderTermsFields, 'tax_label' | 'tax_rate' | 'prices_include_tax'>,
  current: TaxTerms | undefined,
): TaxTerms | undefined {
  if (order.tax_label !== null && order.tax_rate !== null && order.prices_include_tax !== null) {
    return { label: order.tax_label, rate: order.tax_rate, prices_include_tax: order.prices_include_tax };
  }
  return current;
}

/**
 * The shop's VAT number the order was placed under ('' when it had none), else (older orders)
 * `current`, the number in the tax settings today.
 */
export function orderVatNumber(order: Pick<OrderTermsFields, 'tax_number'>, current: string | undefined): string {
  return order.tax_number ?? current ?? '';
}

/** "VAT (11%)", or "Includes VAT (11%)" when prices hold the tax: as the summary and receipts label it. */
export function taxLineLabel(tax: TaxTerms | undefined): string {
  if (!tax) return 'VAT';
  const label = `${tax.label} (${tax.rate}%)`;
  return tax.prices_include_tax ? `Includes ${label}` : label;
}

/**
 * The order's payment method as the shopper was told it at placement (its name and how to pay),
 * else (older orders) `current`: as the shop names it today, or its plain name.
 */
export function orderPaymentTerms(
  order: Pick<OrderTermsFields, 'payment_label' | 'payment_instructions'>,
  current: { label: string; instructions: string },
): { label: string; instructions: string } {
  if (order.payment_label !== null) {
    return { label: order.payment_label, instructions: order.payment_instructions ?? '' };
  }
  return current;
}
