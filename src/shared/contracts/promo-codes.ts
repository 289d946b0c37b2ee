import { z } from 'zod';
import {
  DISCOUNT_TYPES,
  PROMO_APPLIES_TO,
  PROMO_CODE_MAX_LENGTH,
  PROMO_CODE_PATTERN,
  PROMO_IMPORT_MAX_BYTES,
  PROMO_STATUSES,
} from '../promo-codes.ts';
import { money, wholeNumber } from './admin-products.ts';
import { PageQuerySchema, PaginationSchema, PhoneSchema, SortOrderSchema } from './common.ts';
import { CalendarDateSchema } from './dates.ts';
import { SelectedVariationsSchema } from './orders.ts';
import { safeText } from './text.ts';

/**
 * Promo codes (docs/product.md#promo-codes): a shopper's discount at checkout, and the codes the
 * admin creates, limits, imports and exports. Money is 2-decimal dollars on the wire and integer
 * cents inside; dates are shop-time calendar days (YYYY-MM-DD, both ends inclusive).
 * Words and plain rules live in ../promo-codes.ts (no zod, for the storefront).
 */
export * from '../promo-codes.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Trimmed and upper-cased before the pattern is checked, so `summer10` is `SUMMER10`. */
export const PromoCodeTextSchema = safeText({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(PROMO_CODE_MAX_LENGTH, `Code must be at most ${PROMO_CODE_MAX_LENGTH} characters`)
  .transform((value) => value.toUpperCase())
  .pipe(safeText().regex(PROMO_CODE_PATTERN, 'Code may hold letters, digits, - and _ only'));

/** A promo's first or last day: a real calendar day (dates.ts: `2030-02-31` is refused). */
export const PromoDateSchema = CalendarDateSchema;

export const PromoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** Percent (0–100] for `percentage`, dollars for `fixed`. */
  discount_value: z.number(),
  applies_to: z.enum(PROMO_APPLIES_TO),
  /** Product or variant SKUs a `product` code applies to. */
  product_skus: z.array(z.string()),
  /** Categories a `product` code applies to (a line qualifies by SKU or by category). */
  category_ids: z.array(z.string()),
  /** The cart subtotal (before discount) the code needs; null for none. */
  minimum_order_amount: z.number().nullable(),
  /** The most one order is discounted; null for no cap. */
  maximum_discount_amount: z.number().nullable(),
  /** 0 = unlimited. */
  max_uses: z.number().int(),
  /** 0 = unlimited; a customer is the normalised phone. */
  max_uses_per_customer: z.number().int(),
  /** Orders placed with the code and not cancelled. */
  current_uses: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  is_active: z.boolean(),
  /** Derived from the fields above and today's shop date (../promo-codes.ts PROMO_STATUSES). */
  status: z.enum(PROMO_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /** The demo's launch offer (docs/product.md#demo-data): "Remove demo data" deletes it. */
  is_demo: z.boolean().optional(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;

const PromoCodeFieldsSchema = z.object({
  code: PromoCodeTextSchema,
  description: z.preprocess(
    blankToNull,
    safeText().trim().max(500, 'Description must be at most 500 characters').nullable().optional(),
  ),
  discount_type: z.enum(DISCOUNT_TYPES, { error: 'Choose percentage or fixed amount' }),
  discount_value: money('Discount value').refine((value) => value > 0, 'Discount value must be greater than 0'),
  applies_to: z.enum(PROMO_APPLIES_TO).default('order'),
  product_skus: z
    .array(safeText().trim().min(1).max(100))
    .max(500, 'At most 500 SKUs')
    .default([])
    .transform((skus) => [...new Set(skus.map((sku) => sku.toUpperCase()))]),
  category_ids: z
    .array(z.uuid('Unknown category'))
    .max(100)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  minimum_order_amount: z.preprocess(
    blankToNull,
    money('Minimum order amount')
      .refine((value) => value >= 0, 'Minimum order amount cannot be negative')
      .nullable()
      .optional(),
  ),
  maximum_discount_amount: z.preprocess(
    blankToNull,
    money('Maximum discount')
      .refine((value) => value > 0, 'Maximum discount must be greater than 0')
      .nullable()
      .optional(),
  ),
  max_uses: wholeNumber('Usage limit', 1_000_000).default(0),
  max_uses_per_customer: wholeNumber('Uses per customer', 1_000_000).default(0),
  start_date: z.preprocess(blankToNull, PromoDateSchema.nullable().optional()),
  end_date: z.preprocess(blankToNull, PromoDateSchema.nullable().optional()),
  is_active: z.boolean().default(true),
});

/**
 * `POST /admin/promo-codes` and `PUT /admin/promo-codes/{id}` (the whole code each time). The
 * server also checks that every SKU and category exists (400 naming them) and that the code is
 * not taken (409).
 */
export const PromoCodeWriteSchema = PromoCodeFieldsSchema.strict().superRefine((value, ctx) => {
  if (value.discount_type === 'percentage' && value.discount_value > 100) {
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'A percentage cannot be more than 100' });
  }
  if (value.applies_to === 'product' && value.product_skus.length === 0 && value.category_ids.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['product_skus'], message: 'Choose at least one product or category' });
  }
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'End date must not be before the start date' });
  }
});
export type PromoCodeWrite = z.output<typeof PromoCodeWriteSchema>;
export type PromoCodeWriteInput = z.input<typeof PromoCodeWriteSchema>;

export const PromoCodeIdParamsSchema = z.object({ id: z.uuid('Promo code not found') });

export const PROMO_SORT_FIELDS = ['code', 'created_at', 'current_uses', 'discount_value', 'end_date'] as const;

/** `GET /admin/promo-codes` and `GET /admin/promo-codes/export` (the export takes the same filters, no pages). */
export const PromoCodesQuerySchema = PageQuerySchema.extend({
  /** Code or description. */
  search: safeText().trim().max(100).optional(),
  status: z.enum(PROMO_STATUSES).optional(),
  discount_type: z.enum(DISCOUNT_TYPES).optional(),
  sort_by: z.enum(PROMO_SORT_FIELDS).default('created_at'),
  sort_order: SortOrderSchema.default('desc'),
});
export type PromoCodesQuery = z.infer<typeof PromoCodesQuerySchema>;

/** `GET /admin/promo-codes/stats`. */
export const PromoCodeStatsSchema = z.object({
  total_codes: z.number().int(),
  /** Status `active` today. */
  active_codes: z.number().int(),
  expired_codes: z.number().int(),
  /** Sum of current_uses. */
  total_uses: z.number().int(),
  /** Discount of orders placed with a code and not cancelled. */
  total_discount_given: z.number(),
  most_used_code: z.object({ id: z.uuid(), code: z.string(), uses: z.number().int() }).nullable(),
  /** The five newest. */
  recent_codes: z.array(PromoCodeSchema),
});
export type PromoCodeStats = z.infer<typeof PromoCodeStatsSchema>;

/** One order that used a code (`GET /admin/promo-codes/{id}/usage`), newest first. */
export const PromoCodeUseSchema = z.object({
  order_id: z.uuid(),
  order_number: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  status: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  created_at: z.iso.datetime({ offset: true }),
});
export type PromoCodeUse = z.infer<typeof PromoCodeUseSchema>;

export const PromoCodeUsageQuerySchema = PageQuerySchema;

/** Totals count orders that were not cancelled; `orders` lists every order with the code, cancelled too. */
export const PromoCodeUsageSchema = z.object({
  code: PromoCodeSchema,
  orders: z.array(PromoCodeUseSchema),
  total_orders: z.number().int(),
  total_discount: z.number(),
  /** Sum of the orders' totals (what was paid after the discount). */
  total_sales: z.number(),
});
export type PromoCodeUsage = z.infer<typeof PromoCodeUsageSchema>;
export const PromoCodeUsageEnvelopeSchema = z.object({ data: PromoCodeUsageSchema, pagination: PaginationSchema });

export const PromoCodesBulkDeleteSchema = z
  .object({ ids: z.array(z.uuid()).min(1, 'Choose at least one promo code').max(500) })
  .strict();
export const PromoCodesBulkDeletedSchema = z.object({
  deleted_count: z.number().int(),
  /** Codes not deleted because orders used them (deactivate those instead). */
  kept: z.array(z.object({ id: z.uuid(), code: z.string(), reason: z.string() })),
});
export type PromoCodesBulkDeleted = z.infer<typeof PromoCodesBulkDeletedSchema>;

/** `POST /admin/promo-codes/import`: the file's raw text. */
export const PromoCodesImportSchema = z
  .object({
    csvData: safeText({ error: 'csvData is required' })
      .min(1, 'The file is empty')
      .max(PROMO_IMPORT_MAX_BYTES, 'The file is larger than 5 MB'),
    /** Check every row and answer as if imported, writing nothing. */
    dry_run: z.boolean().default(false),
    /** A row whose code exists updates that code (otherwise it is skipped). */
    update_existing: z.boolean().default(false),
  })
  .strict();
export type PromoCodesImport = z.output<typeof PromoCodesImportSchema>;

export const PromoCodesImportResultSchema = z.object({
  /** Data rows read (the header is not counted). */
  total_rows: z.number().int(),
  /** New codes created (or that would be, on a dry run). */
  imported: z.number().int(),
  /** Existing codes changed (update_existing). */
  updated: z.number().int(),
  /** Rows not written: existing codes without update_existing, and rows with errors. */
  skipped: z.number().int(),
  /** `row` is the line number in the file (the header is row 1). */
  errors: z.array(z.object({ row: z.number().int(), error: z.string() })),
  dry_run: z.boolean(),
});
export type PromoCodesImportResult = z.infer<typeof PromoCodesImportResultSchema>;

/** A cart line as the storefront knows it; the server prices it from the database, never from `price`. */
export const PromoCartItemSchema = z
  .object({
    product_id: z.uuid().optional(),
    variant_id: z.uuid().optional(),
    sku: safeText().trim().max(100).optional(),
    /** The shopper's choices, as the order line sends them (a product whose choices share one stock needs them). */
    selectedVariations: SelectedVariationsSchema.optional(),
    quantity: z.number().int().min(1).max(1000),
    price: z.number().min(0).optional(),
  })
  .strict()
  .refine((line) => line.product_id || line.sku, { message: 'Each cart item needs a product_id or sku' });

/** `POST /promo-codes/validate` (rate limited per IP, docs/product.md#rate-limits). */
export const PromoValidateRequestSchema = z
  .object({
    code: PromoCodeTextSchema,
    /** The shopper's figure; the server recomputes it from the database. */
    order_subtotal: z.number().min(0).optional(),
    cart_items: z.array(PromoCartItemSchema).min(1, 'Your cart is empty').max(100),
    /** When the checkout knows it: checks max_uses_per_customer early (placing the order checks it anyway). */
    customer_phone: PhoneSchema.optional(),
  })
  .strict();
export type PromoValidateRequest = z.output<typeof PromoValidateRequestSchema>;

/** validate's answer (also `promo` in an order calculation; defined with the orders contract). */
export { type AppliedPromo, AppliedPromoSchema } from './orders.ts';
