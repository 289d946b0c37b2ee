import { type Cents, percentOfCents, sumCents, toCents } from './money.ts';
import {
  type DiscountType,
  PROMO_MESSAGES,
  type PromoAppliesTo,
  type PromoStatusFields,
  promoStatusOf,
  shopToday,
} from './promo-codes.ts';

/**
 * What a promo code takes off a cart (docs/product.md#applying-a-code), in integer cents. Pure:
 * the server calls it with lines priced from the database for validate, calculate and placing an
 * order alike, so the three can never disagree.
 */

/** The parts of a code the discount depends on (API or row shape; amounts in dollars). */
export interface PromoDiscountRule {
  discount_type: DiscountType;
  /** Percent for `percentage`, dollars for `fixed`. */
  discount_value: number;
  applies_to: PromoAppliesTo;
  product_skus: readonly string[];
  category_ids: readonly string[];
  minimum_order_amount: number | null;
  maximum_discount_amount: number | null;
}

/** One available (priced, orderable) cart line. */
export interface PromoLine {
  productSku: string | null;
  variantSku: string | null;
  categoryId: string | null;
  lineTotalCents: Cents;
}

export type PromoDiscountResult =
  | { ok: true; discountCents: Cents; eligibleSubtotalCents: Cents }
  | { ok: false; message: string };

/** Whether a `product` code covers the line: its product or variant SKU (any case), or its category. */
export function isEligibleLine(rule: PromoDiscountRule, line: PromoLine): boolean {
  if (rule.applies_to === 'order') return true;
  const skus = new Set(rule.product_skus.map((sku) => sku.toUpperCase()));
  if (line.productSku && skus.has(line.productSku.toUpperCase())) return true;
  if (line.variantSku && skus.has(line.variantSku.toUpperCase())) return true;
  return line.categoryId !== null && rule.category_ids.includes(line.categoryId);
}

/**
 * The discount of `rule` on `lines` (the available lines only) with `subtotalCents` the whole
 * cart's subtotal before any discount. Order of the rules: minimum (on the whole subtotal), then
 * eligibility, then the amount: a percentage of the eligible subtotal rounded half-up to the cent,
 * or the fixed amount; then the cap; never more than the eligible subtotal.
 */
export function promoDiscount(
  rule: PromoDiscountRule,
  lines: readonly PromoLine[],
  subtotalCents: Cents,
): PromoDiscountResult {
  if (rule.minimum_order_amount !== null && subtotalCents < toCents(rule.minimum_order_amount)) {
    return { ok: false, message: PROMO_MESSAGES.minimumNotReached(rule.minimum_order_amount) };
  }
  const eligible = lines.filter((line) => isEligibleLine(rule, line));
  if (rule.applies_to === 'product' && eligible.length === 0) {
    return { ok: false, message: PROMO_MESSAGES.noEligibleProduct };
  }
  const eligibleSubtotalCents = sumCents(eligible.map((line) => line.lineTotalCents));
  let discountCents =
    rule.discount_type === 'percentage'
      ? percentOfCents(eligibleSubtotalCents, rule.discount_value)
      : toCents(rule.discount_value);
  if (rule.maximum_discount_amount !== null) {
    discountCents = Math.min(discountCents, toCents(rule.maximum_discount_amount));
  }
  discountCents = Math.max(0, Math.min(discountCents, eligibleSubtotalCents));
  return { ok: true, discountCents, eligibleSubtotalCents };
}

/**
 * Why a code cannot be used today, before the cart is looked at (null when it can): switched off,
 * not started, expired or used up, the order of promoStatusOf (one status rule for the admin list
 * and the checkout). `customerUses`, when known, is checked against max_uses_per_customer.
 */
export function promoRefusal(
  code: PromoStatusFields & { max_uses_per_customer: number },
  options: { today?: string; customerUses?: number } = {},
): string | null {
  const status = promoStatusOf(code, options.today ?? shopToday());
  if (status === 'inactive') return PROMO_MESSAGES.inactive;
  if (status === 'expired') return PROMO_MESSAGES.expired;
  if (status === 'scheduled') return PROMO_MESSAGES.notStarted;
  if (status === 'used_up') return PROMO_MESSAGES.usedUp;
  const uses = options.customerUses;
  if (uses !== undefined && code.max_uses_per_customer > 0 && uses >= code.max_uses_per_customer) {
    return PROMO_MESSAGES.usedByCustomer;
  }
  return null;
}
