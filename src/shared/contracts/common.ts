import { z } from 'zod';
import { normalizePhone, PHONE_MESSAGE } from '../phone.ts';
import { safeText } from './text.ts';

/** Error codes of docs/product.md#error-body-and-codes; the client switches on these, so keep them stable. */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** 410: something that existed and no longer works (a used or expired invitation link). */
  'GONE',
  'OUT_OF_STOCK',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  /** The shop is closed for maintenance (settings: system); staff calls keep working. */
  'MAINTENANCE',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The one error body every failing `/api` call answers with (docs/product.md#error-body-and-codes). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  code: ErrorCodeSchema,
  errors: z.array(FieldErrorSchema),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** `{ data }`: the success envelope. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** `{ data: [...], pagination }`: the list envelope. */
export function paginatedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: PaginationSchema });
}

export const MAX_PAGE_SIZE = 100;

/** `page` from 1 and `limit` 1..100; query strings arrive as text, hence the coercion. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export function buildPagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

export const SortOrderSchema = z.enum(['asc', 'desc']);

/** Query-string booleans: `true`/`false`/`1`/`0` (z.coerce.boolean would turn "false" into true). */
export const QueryBooleanSchema = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const IdSchema = z.uuid();

/** minPrice must not exceed maxPrice; the error names minPrice (the bound the shopper usually moves). */
export function checkPriceRange(value: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx): void {
  if (value.minPrice !== undefined && value.maxPrice !== undefined && value.minPrice > value.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'minPrice must not be greater than maxPrice' });
  }
}

/** A phone as people type it (Lebanese local or international forms), normalised to E.164. */
export const PhoneSchema = safeText({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .max(30, PHONE_MESSAGE)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
    return z.NEVER;
  });
