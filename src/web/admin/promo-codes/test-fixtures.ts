import type { PromoCode } from '#shared/contracts/promo-codes.ts';

/** Codes as the admin API answers them, for the promo screens' tests. */
export const SPRING: PromoCode = {
  id: '20000000-0000-4000-8000-000000000001',
  code: 'SPRING10',
  description: 'Spring sale',
  discount_type: 'percentage',
  discount_value: 10,
  applies_to: 'order',
  product_skus: [],
  category_ids: [],
  minimum_order_amount: 50,
  maximum_discount_amount: 20,
  max_uses: 0,
  max_uses_per_customer: 1,
  current_uses: 3,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  is_active: true,
  status: 'active',
  created_at: '2026-02-20T10:00:00.000Z',
  updated_at: '2026-02-20T10:00:00.000Z',
};

export const FIVE_OFF: PromoCode = {
  ...SPRING,
  id: '20000000-0000-4000-8000-000000000002',
  code: 'FIVEOFF',
  description: null,
  discount_type: 'fixed',
  discount_value: 5,
  minimum_order_amount: null,
  maximum_discount_amount: null,
  max_uses: 100,
  current_uses: 0,
  start_date: null,
  end_date: null,
  is_active: false,
  status: 'inactive',
};
