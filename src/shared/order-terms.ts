/**
 * What an order tells the shopper about its tax and payment (docs/product.md#order-fields): kept
 * on the order as it was at placement, so a later settings change never rewrites it. Orders placed
 * before these were kept have nulls and are shown with the shop's current settings. No imports:
 * the storefront's order pages and the server's mails both read it, and the storefront's first
 * load must not carry the settings' tables with it.
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
