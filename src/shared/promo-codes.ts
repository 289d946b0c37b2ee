/**
 * Promo code words and rules both sides need, kept free of zod so the storefront's checkout can
 * import them without the schema library (see constants.ts). The contract
 * (contracts/promo-codes.ts) builds on these; docs/product.md#promo-codes is the prose.
 */

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** `order`: every line of the cart; `product`: only lines whose SKU or category the code names. */
export const PROMO_APPLIES_TO = ['order', 'product'] as const;
export type PromoAppliesTo = (typeof PROMO_APPLIES_TO)[number];

/**
 * A code's status as the admin list shows and filters it, derived (never stored), first match
 * wins: inactive (switched off), expired (end date passed), scheduled (start date ahead), used up
 * (max_uses reached), else active.
 */
export const PROMO_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'inactive'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

/** The fields a status is derived from (API or row shape alike). */
export interface PromoStatusFields {
  is_active: boolean;
  start_date: string | null;
  end_date: string | null;
  max_uses: number;
  current_uses: number;
}

/**
 * PROMO_STATUSES' rule, for one code on the shop date `today` (YYYY-MM-DD). The admin list's SQL
 * filter (promo-codes.service.ts) says the same; tests hold them together.
 */
export function promoStatusOf(code: PromoStatusFields, today: string = shopToday()): PromoStatus {
  if (!code.is_active) return 'inactive';
  if (code.end_date !== null && code.end_date < today) return 'expired';
  if (code.start_date !== null && code.start_date > today) return 'scheduled';
  if (code.max_uses > 0 && code.current_uses >= code.max_uses) return 'used_up';
  return 'active';
}

export const PROMO_STATUS_LABELS: Readonly<Record<PromoStatus, string>> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  used_up: 'Used up',
  inactive: 'Inactive',
};

export const PROMO_CODE_MAX_LENGTH = 50;
/** Stored upper-case: letters, digits, `_` and `-` only. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/**
 * Dates are calendar days (YYYY-MM-DD) in the shop's time zone (settings: site, `time_zone`): a
 * code starts at 00:00 of its start date and ends after 23:59:59 of its end date (both inclusive).
 * This zone is the default, for a caller that has no settings at hand.
 */
export const SHOP_TIME_ZONE = 'Asia/Beirut';

/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat (locale and time-zone data)
 * costs far more than formatting with it, and every promo code check (validate, checkout) asks
 * for today's date.
 */
const shopDateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in the shop's time zone. */
export function shopToday(now: Date = new Date(), timeZone: string = SHOP_TIME_ZONE): string {
  let format = shopDateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    shopDateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Largest CSV import: bytes of text and data rows (docs/product.md#limits-and-constants). */
export const PROMO_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const PROMO_IMPORT_MAX_ROWS = 10_000;

/** The template's columns, in order; an export adds PROMO_EXPORT_EXTRA_HEADERS after them. */
export const PROMO_CSV_HEADERS = [
  'code',
  'discount_type',
  'discount_value',
  'applies_to',
  'description',
  'product_skus',
  'max_uses',
  'start_date',
  'end_date',
  'is_active',
] as const;
/** Also read by import when present, so an export imports back as the same codes. */
export const PROMO_EXPORT_EXTRA_HEADERS = [
  'category_ids',
  'minimum_order_amount',
  'maximum_discount_amount',
  'max_uses_per_customer',
  'current_uses',
] as const;

export const PROMO_TEMPLATE_FILE_NAME = 'promo-codes-template.csv';
/** `promo-codes-export-2026-11-25.csv` (the shop's date). */
export function promoExportFileName(today: string = shopToday()): string {
  return `promo-codes-export-${today}.csv`;
}

function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Why a code is refused: one message each (validate, calculate and placing an order say the same). */
export const PROMO_MESSAGES = {
  unknown: 'This promo code does not exist',
  inactive: 'This promo code is not active',
  notStarted: 'This promo code is not valid yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has reached its usage limit',
  usedByCustomer: 'You have already used this promo code',
  minimumNotReached: (minimum: number) => `A minimum order of ${dollars(minimum)} is required for this promo code`,
  noEligibleProduct: 'This promo code does not apply to any product in your cart',
  tooManyAttempts: 'Too many promo code attempts. Please try again later.',
  /** Admin. */
  codeTaken: 'A promo code with this code already exists',
  usedCannotDelete: 'This promo code has been used, so it cannot be deleted. Deactivate it instead.',
  unknownSkus: (skus: readonly string[]) => `Unknown SKU: ${skus.join(', ')}`,
  unknownCategories: 'Unknown category',
  /** Spec's toasts (docs/product.md#other-messages). */
  exportFailed: 'Failed to export promo codes',
  templateFailed: 'Failed to download template',
} as const;
