/**
 * Money rules (docs/product.md#money-and-totals): amounts travel as JSON numbers with at most 2 decimals
 * but every sum, product and percentage is computed in integer cents, so 0.1 + 0.2 is 0.30 and
 * never 0.30000000000000004. Rounding is half away from zero, the way a receipt rounds.
 */

export type Cents = number;

/** Tax rate of docs/product.md#money-and-totals: 11 percent of the subtotal after the discount (Lebanese VAT). */
export const TAX_RATE_PERCENT = 11;
/** Shipping of docs/product.md#money-and-totals. */
export const SHIPPING_CENTS: Cents = 0;

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * Dollars (number, or numeric text as Postgres returns it) to integer cents. The small epsilon
 * absorbs binary noise such as 1.005 being stored as 1.00499999…
 */
export function toCents(amount: number | string): Cents {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(amount)}`);
  const scaled = value * 100;
  return roundHalfAwayFromZero(scaled + Math.sign(scaled) * 1e-7);
}

/** Integer cents to a dollar number with at most 2 decimals. */
export function fromCents(cents: Cents): number {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  return cents / 100;
}

/** Rounds a dollar amount to 2 decimals (docs/product.md#money-and-totals). */
export function round2(amount: number): number {
  return fromCents(toCents(amount));
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

/** Unit price times quantity; quantity must be a whole number. */
export function lineTotalCents(unitPriceCents: Cents, quantity: number): Cents {
  if (!Number.isInteger(quantity)) throw new RangeError(`Quantity must be an integer: ${quantity}`);
  return unitPriceCents * quantity;
}

/**
 * `percent` percent (at most 2 decimals, e.g. 12.5) of an amount in cents, rounded half away from
 * zero to the cent. Computed on integers (the percent in hundredths), so 12.35 % of $19.99 has no
 * binary noise to tip the rounding.
 */
export function percentOfCents(cents: Cents, percent: number): Cents {
  const scaled = cents * toCents(percent);
  return Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5000) / 10000);
}

export interface Totals {
  subtotal: number;
  tax: number;
  shipping: number;
  discount: number;
  total: number;
}

/**
 * What the shop's settings say about an order's money (docs/product.md#money-and-totals): the tax
 * rate in percent (at most 2 decimals), whether prices already hold the tax, and the delivery cost
 * of the order's zone. Left out: today's defaults (11 % added on top, delivery 0).
 */
export interface PricingRules {
  taxRatePercent?: number;
  pricesIncludeTax?: boolean;
  shippingCents?: Cents;
}

/**
 * The tax held in a tax-inclusive amount: amount × rate / (100 + rate), rounded half away from
 * zero to the cent, on integers (the rate in hundredths of a percent).
 */
export function includedTaxCents(cents: Cents, percent: number): Cents {
  const rate = toCents(percent);
  const scaled = cents * rate;
  const divisor = 10_000 + rate;
  return Math.sign(scaled) * Math.floor((2 * Math.abs(scaled) + divisor) / (2 * divisor));
}

/**
 * Order totals of docs/product.md#money-and-totals: the discount from a promo code (0 without,
 * never more than the subtotal); tax at the shop's rate (11 % by default) on what is left of the
 * goods (subtotal − discount: VAT is charged on the price actually paid), added on top, or, when
 * prices include tax, the part of that amount that is tax (the total does not grow); delivery as
 * given (the zone's rate, or 0 when free). The total is never below zero.
 */
export function computeTotals(subtotalCents: Cents, discountCents: Cents = 0, rules: PricingRules = {}): Totals {
  const discount = Math.min(Math.max(discountCents, 0), subtotalCents);
  const rate = rules.taxRatePercent ?? TAX_RATE_PERCENT;
  const shipping = Math.max(rules.shippingCents ?? SHIPPING_CENTS, 0);
  const goods = subtotalCents - discount;
  const tax = rules.pricesIncludeTax ? includedTaxCents(goods, rate) : percentOfCents(goods, rate);
  const total = goods + (rules.pricesIncludeTax ? 0 : tax) + shipping;
  return {
    subtotal: fromCents(subtotalCents),
    tax: fromCents(tax),
    shipping: fromCents(shipping),
    discount: fromCents(discount),
    total: fromCents(total),
  };
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount for display, e.g. `$1,234.50`. One formatter per locale and currency, made
 * once: making an Intl.NumberFormat costs far more than formatting with it (it was the hottest
 * function of order placement, called for every amount of an order's messages).
 */
export function formatMoney(amount: number, currency = 'USD', locale = 'en-US'): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(round2(amount));
}
