import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  type DiscountType,
  type PromoAppliesTo,
  type PromoCode,
  type PromoCodeWrite,
  PromoCodeWriteSchema,
} from '#shared/contracts/promo-codes.ts';

/** The editor's fields as typed: numbers stay text until the schema reads them. */
export interface PromoFormValues {
  code: string;
  description: string;
  discount_type: DiscountType;
  discount_value: string;
  applies_to: PromoAppliesTo;
  product_skus: string[];
  category_ids: string[];
  minimum_order_amount: string;
  maximum_discount_amount: string;
  max_uses: string;
  max_uses_per_customer: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
}

export const EMPTY_PROMO_FORM: PromoFormValues = {
  code: '',
  description: '',
  discount_type: 'percentage',
  discount_value: '',
  applies_to: 'order',
  product_skus: [],
  category_ids: [],
  minimum_order_amount: '',
  maximum_discount_amount: '',
  max_uses: '',
  max_uses_per_customer: '',
  start_date: '',
  end_date: '',
  is_active: true,
};

const text = (value: number | null) => (value === null ? '' : String(value));
/** 0 is "unlimited": shown as an empty field, whose hint says so. */
const limit = (value: number) => (value > 0 ? String(value) : '');

export function toFormValues(code: PromoCode): PromoFormValues {
  return {
    code: code.code,
    description: code.description ?? '',
    discount_type: code.discount_type,
    discount_value: String(code.discount_value),
    applies_to: code.applies_to,
    product_skus: code.product_skus,
    category_ids: code.category_ids,
    minimum_order_amount: text(code.minimum_order_amount),
    maximum_discount_amount: text(code.maximum_discount_amount),
    max_uses: limit(code.max_uses),
    max_uses_per_customer: limit(code.max_uses_per_customer),
    start_date: code.start_date ?? '',
    end_date: code.end_date ?? '',
    is_active: code.is_active,
  };
}

/**
 * What the form sends: a blank limit is 0 (unlimited); a whole-order code names no products; the
 * cap only means something for a percentage (a fixed amount is its own cap).
 */
export function toRequestBody(values: PromoFormValues): Record<string, unknown> {
  const forProducts = values.applies_to === 'product';
  return {
    ...values,
    max_uses: values.max_uses.trim() === '' ? 0 : values.max_uses,
    max_uses_per_customer: values.max_uses_per_customer.trim() === '' ? 0 : values.max_uses_per_customer,
    maximum_discount_amount: values.discount_type === 'percentage' ? values.maximum_discount_amount : null,
    product_skus: forProducts ? values.product_skus : [],
    category_ids: forProducts ? values.category_ids : [],
  };
}

/** The contract's own rules (PromoCodeWriteSchema, which the server runs too), on what the form would send. */
const FormSchema = z.preprocess(
  (value) => toRequestBody(value as PromoFormValues),
  PromoCodeWriteSchema,
) as unknown as z.ZodType<PromoCodeWrite, PromoFormValues>;
export const promoResolver: Resolver<PromoFormValues, unknown, PromoCodeWrite> = zodResolver(FormSchema);

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PROMO_FORM));

/** The form field a server error's path names (`product_skus.2` is the SKU list), or null. */
export function formFieldOf(path: string): keyof PromoFormValues | null {
  const head = path.split('.')[0] ?? '';
  return FORM_FIELDS.has(head) ? (head as keyof PromoFormValues) : null;
}

// No 0/O or 1/I: a code is read aloud and typed from paper.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 8-character code. */
export function randomPromoCode(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}
