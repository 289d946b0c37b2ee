import {
  type DiscountType,
  type PromoAppliesTo,
  type PromoCode,
  promoStatusOf,
} from '#shared/contracts/promo-codes.ts';
import type { promoCodes } from './promo-codes.table.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A stored code as the admin API answers it; the status is derived for the shop date `today`. */
export function toPromoCode(row: PromoCodeRow, today: string): PromoCode {
  const fields = {
    is_active: row.isActive,
    start_date: row.startDate,
    end_date: row.endDate,
    max_uses: row.maxUses,
    current_uses: row.currentUses,
  };
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discount_type: row.discountType as DiscountType,
    discount_value: row.discountValue,
    applies_to: row.appliesTo as PromoAppliesTo,
    product_skus: row.productSkus,
    category_ids: row.categoryIds,
    minimum_order_amount: row.minimumOrderAmount,
    maximum_discount_amount: row.maximumDiscountAmount,
    max_uses: row.maxUses,
    max_uses_per_customer: row.maxUsesPerCustomer,
    current_uses: row.currentUses,
    start_date: row.startDate,
    end_date: row.endDate,
    is_active: row.isActive,
    status: promoStatusOf(fields, today),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.isDemo && { is_demo: true }),
  };
}
