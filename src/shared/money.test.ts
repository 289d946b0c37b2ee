import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  formatMoney,
  fromCents,
  includedTaxCents,
  lineTotalCents,
  percentOfCents,
  round2,
  sumCents,
  toCents,
} from './money.ts';

describe('money', () => {
  it('converts dollars to integer cents, including numeric text from Postgres', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-2.345)).toBe(-235);
    expect(toCents(0)).toBe(0);
  });

  it('refuses values that are not amounts', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => lineTotalCents(100, 1.5)).toThrow(RangeError);
  });

  it('sums in cents so float noise never appears', () => {
    const cents = [0.1, 0.2, 0.3].map(toCents);
    expect(fromCents(sumCents(cents))).toBe(0.6);
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6); // what a float sum would have produced
    expect(fromCents(lineTotalCents(toCents(19.99), 3))).toBe(59.97);
  });

  it('rounds percentages half away from zero and to 2 decimals', () => {
    expect(percentOfCents(1050, 11)).toBe(116); // 115.5 → 116
    expect(percentOfCents(-1050, 11)).toBe(-116);
    // 12.35 % of $19.99 is 246.8765 cents; a float product (1999 × 12.35) would carry binary noise.
    expect(percentOfCents(1999, 12.35)).toBe(247);
    expect(percentOfCents(1000, 12.5)).toBe(125);
    expect(percentOfCents(10, 5)).toBe(1); // 0.5 → 1
    expect(percentOfCents(-10, 5)).toBe(-1);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1.234)).toBe(1.23);
  });

  it('computes the totals of docs/product.md#money-and-totals: 11 % tax on subtotal − discount, no shipping, discount capped at the subtotal', () => {
    expect(computeTotals(toCents(100))).toEqual({ subtotal: 100, tax: 11, shipping: 0, discount: 0, total: 111 });
    expect(computeTotals(toCents(19.99))).toEqual({
      subtotal: 19.99,
      tax: 2.2,
      shipping: 0,
      discount: 0,
      total: 22.19,
    });
    // Tax is 11 % of 50 − 10 = 40: 4.40, so 40 + 4.40.
    expect(computeTotals(toCents(50), toCents(10))).toEqual({
      subtotal: 50,
      tax: 4.4,
      shipping: 0,
      discount: 10,
      total: 44.4,
    });
    // 11 % of 89.95 − 9.00 = 80.95 is 8.9045 → 8.90.
    expect(computeTotals(toCents(89.95), toCents(9))).toMatchObject({ tax: 8.9, total: 89.85 });
    expect(computeTotals(toCents(10), toCents(25))).toMatchObject({ discount: 10, tax: 0, total: 0 });
    expect(computeTotals(toCents(10), -500).discount).toBe(0);
  });

  it('follows the shop settings: another rate, tax included in the prices, the delivery cost of the zone', () => {
    // Included: the part of the price that is tax, amount × rate / (100 + rate); the total does not grow.
    expect(computeTotals(toCents(111), 0, { pricesIncludeTax: true })).toEqual({
      subtotal: 111,
      tax: 11,
      shipping: 0,
      discount: 0,
      total: 111,
    });
    // $50 − $10 = $40 at 11 % included: 40 × 11 / 111 = 3.9639… → 3.96.
    expect(computeTotals(toCents(50), toCents(10), { pricesIncludeTax: true })).toMatchObject({ tax: 3.96, total: 40 });
    expect(includedTaxCents(toCents(19.99), 12.5)).toBe(222);
    // Delivery is added, never taxed; another rate on top.
    expect(computeTotals(toCents(100), 0, { taxRatePercent: 5.5, shippingCents: 350 })).toEqual({
      subtotal: 100,
      tax: 5.5,
      shipping: 3.5,
      discount: 0,
      total: 109,
    });
    expect(computeTotals(toCents(100), 0, { pricesIncludeTax: true, shippingCents: 400 })).toMatchObject({
      tax: 9.91,
      total: 104,
    });
  });

  it('formats amounts as dollars', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });
});
