import { describe, expect, it } from 'vitest';
import { toCents } from './money.ts';
import { PROMO_MESSAGES } from './promo-codes.ts';
import {
  isEligibleLine,
  type PromoDiscountRule,
  type PromoLine,
  promoDiscount,
  promoRefusal,
} from './promo-discount.ts';

const SENSORS = '6f1c1f0e-8f4a-4d53-9a57-1b1f4f0b2a11';
const BOARDS = '0a6e4f55-0c55-4a43-9d3f-2f7a0e5f1b22';

function rule(overrides: Partial<PromoDiscountRule> = {}): PromoDiscountRule {
  return {
    discount_type: 'percentage',
    discount_value: 10,
    applies_to: 'order',
    product_skus: [],
    category_ids: [],
    minimum_order_amount: null,
    maximum_discount_amount: null,
    ...overrides,
  };
}

function line(total: number, overrides: Partial<PromoLine> = {}): PromoLine {
  return {
    productSku: 'RPI4',
    variantSku: 'RPI4-8GB',
    categoryId: BOARDS,
    lineTotalCents: toCents(total),
    ...overrides,
  };
}

const subtotal = (lines: PromoLine[]) => lines.reduce((sum, entry) => sum + entry.lineTotalCents, 0);

function discountOf(code: PromoDiscountRule, lines: PromoLine[]) {
  return promoDiscount(code, lines, subtotal(lines));
}

describe('promo discount (docs/product.md#applying-a-code)', () => {
  it('percentage: that percent of every line of an order code', () => {
    const lines = [line(80), line(20)];
    expect(discountOf(rule({ discount_value: 10 }), lines)).toEqual({
      ok: true,
      discountCents: 1000,
      eligibleSubtotalCents: 10000,
    });
  });

  it('fixed: the amount, never more than the eligible subtotal', () => {
    expect(discountOf(rule({ discount_type: 'fixed', discount_value: 5 }), [line(30)])).toMatchObject({
      discountCents: 500,
    });
    expect(discountOf(rule({ discount_type: 'fixed', discount_value: 50 }), [line(30)])).toMatchObject({
      discountCents: 3000,
    });
  });

  it('cap: maximum_discount_amount bounds the discount', () => {
    expect(discountOf(rule({ discount_value: 50, maximum_discount_amount: 15 }), [line(100)])).toMatchObject({
      discountCents: 1500,
    });
    // Below the cap: the cap does nothing.
    expect(discountOf(rule({ discount_value: 10, maximum_discount_amount: 15 }), [line(100)])).toMatchObject({
      discountCents: 1000,
    });
    expect(
      discountOf(rule({ discount_type: 'fixed', discount_value: 20, maximum_discount_amount: 12.5 }), [line(100)]),
    ).toMatchObject({ discountCents: 1250 });
  });

  it('minimum: compared with the whole cart subtotal before discount, equal is enough', () => {
    const code = rule({ minimum_order_amount: 50 });
    expect(discountOf(code, [line(49.99)])).toEqual({ ok: false, message: PROMO_MESSAGES.minimumNotReached(50) });
    expect(PROMO_MESSAGES.minimumNotReached(50)).toBe('A minimum order of $50.00 is required for this promo code');
    expect(discountOf(code, [line(50)])).toMatchObject({ ok: true, discountCents: 500 });
    // A product code's minimum counts the lines it does not discount too.
    const productCode = rule({ applies_to: 'product', product_skus: ['RPI4'], minimum_order_amount: 50 });
    const lines = [line(10), line(45, { productSku: 'CABLE', variantSku: 'CABLE', categoryId: null })];
    expect(discountOf(productCode, lines)).toMatchObject({ ok: true, discountCents: 100, eligibleSubtotalCents: 1000 });
  });

  describe('product codes', () => {
    const sensor = line(12, { productSku: 'DHT22', variantSku: 'DHT22', categoryId: SENSORS });
    const board = line(75, { productSku: 'RPI4', variantSku: 'RPI4-8GB', categoryId: BOARDS });

    it('apply to lines whose product SKU is listed, in any case', () => {
      const code = rule({ applies_to: 'product', product_skus: ['rpi4'] });
      expect(discountOf(code, [sensor, board])).toMatchObject({ discountCents: 750, eligibleSubtotalCents: 7500 });
    });

    it("apply to lines whose variant's SKU is listed (only that variant)", () => {
      const code = rule({ applies_to: 'product', product_skus: ['RPI4-8GB'] });
      const other = line(55, { productSku: 'RPI4', variantSku: 'RPI4-4GB' });
      expect(isEligibleLine(code, board)).toBe(true);
      expect(isEligibleLine(code, other)).toBe(false);
      expect(discountOf(code, [board, other])).toMatchObject({ discountCents: 750 });
    });

    it('apply to lines of a listed category', () => {
      const code = rule({ applies_to: 'product', category_ids: [SENSORS], discount_value: 50 });
      expect(discountOf(code, [sensor, board])).toMatchObject({ discountCents: 600, eligibleSubtotalCents: 1200 });
    });

    it('are refused when no line is eligible', () => {
      const code = rule({ applies_to: 'product', product_skus: ['ESP32'], category_ids: [SENSORS] });
      expect(discountOf(code, [board])).toEqual({ ok: false, message: PROMO_MESSAGES.noEligibleProduct });
    });

    it('a fixed amount is bounded by the eligible lines, not the cart', () => {
      const code = rule({ applies_to: 'product', category_ids: [SENSORS], discount_type: 'fixed', discount_value: 20 });
      expect(discountOf(code, [sensor, board])).toMatchObject({ discountCents: 1200 });
    });
  });

  it('rounds a percentage half-up to the cent', () => {
    // 15 % of 19.99 = 2.9985 → 3.00; 12.5 % of 0.36 = 0.045 → 0.05; 7 % of 0.50 = 0.035 → 0.04.
    expect(discountOf(rule({ discount_value: 15 }), [line(19.99)])).toMatchObject({ discountCents: 300 });
    expect(discountOf(rule({ discount_value: 12.5 }), [line(0.36)])).toMatchObject({ discountCents: 5 });
    expect(discountOf(rule({ discount_value: 7 }), [line(0.5)])).toMatchObject({ discountCents: 4 });
    // 33.33 % of 10.01 = 3.336333 → 3.34 (the sum of lines, not each line, is rounded).
    expect(discountOf(rule({ discount_value: 33.33 }), [line(5), line(5.01)])).toMatchObject({ discountCents: 334 });
    // 100 % takes everything off.
    expect(discountOf(rule({ discount_value: 100 }), [line(19.99)])).toMatchObject({ discountCents: 1999 });
  });
});

describe('promo refusals before the cart', () => {
  const code = {
    is_active: true,
    start_date: '2026-11-01',
    end_date: '2026-11-30',
    max_uses: 5,
    current_uses: 0,
    max_uses_per_customer: 1,
  };

  it('accepts a code in its dates with uses left (both dates inclusive)', () => {
    expect(promoRefusal(code, { today: '2026-11-01' })).toBeNull();
    expect(promoRefusal(code, { today: '2026-11-30', customerUses: 0 })).toBeNull();
    expect(
      promoRefusal({ ...code, start_date: null, end_date: null, max_uses: 0 }, { today: '2030-01-01' }),
    ).toBeNull();
  });

  it('says why, one message each, in the order of promoStatusOf', () => {
    expect(promoRefusal({ ...code, is_active: false }, { today: '2026-12-05' })).toBe(PROMO_MESSAGES.inactive);
    expect(promoRefusal(code, { today: '2026-12-01' })).toBe(PROMO_MESSAGES.expired);
    expect(promoRefusal(code, { today: '2026-10-31' })).toBe(PROMO_MESSAGES.notStarted);
    expect(promoRefusal({ ...code, current_uses: 5 }, { today: '2026-11-15' })).toBe(PROMO_MESSAGES.usedUp);
    expect(promoRefusal(code, { today: '2026-11-15', customerUses: 1 })).toBe(PROMO_MESSAGES.usedByCustomer);
    expect(promoRefusal({ ...code, max_uses_per_customer: 0 }, { today: '2026-11-15', customerUses: 9 })).toBeNull();
  });
});
