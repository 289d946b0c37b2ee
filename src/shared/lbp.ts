import type { Cents } from './money.ts';

/**
 * Lebanese-pound prices beside dollar prices (settings: site, currency display). A module of its
 * own, apart from shop-settings.ts, because the storefront's first-load chunk draws them
 * (product cards) and must not carry the settings' other tables (docs/engineering.md budgets).
 */

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

let lbpFormat: Intl.NumberFormat | undefined;

/**
 * `1,235,000 LBP`: thousands separated by commas, as Lebanese prices are written. The formatter
 * is made once (making one costs far more than using it, and a page of products formats many).
 */
export function formatLbp(amount: number): string {
  lbpFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return `${lbpFormat.format(amount)} LBP`;
}
