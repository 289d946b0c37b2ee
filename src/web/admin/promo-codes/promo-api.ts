import type { QueryClient } from '@tanstack/react-query';
import type {
  PromoCode,
  PromoCodeStats,
  PromoCodesBulkDeleted,
  PromoCodesImport,
  PromoCodesImportResult,
  PromoCodeUsage,
  PromoCodeWrite,
} from '#shared/contracts/promo-codes.ts';
import type { ListResult, QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

/** Every promo code query starts with this key, so one invalidation refreshes the list, stats, editor and usage. */
export const ADMIN_PROMO_CODES_KEY = ['admin', 'promo-codes'] as const;

export const PROMO_CODES_PATH = '/admin/promo-codes';
export const PROMO_EXPORT_PATH = `${PROMO_CODES_PATH}/export`;
export const PROMO_TEMPLATE_PATH = `${PROMO_CODES_PATH}/template`;

const path = (id: string) => `${PROMO_CODES_PATH}/${encodeURIComponent(id)}`;

export const listPromoCodes = (query: QueryParams, signal?: AbortSignal) =>
  adminList<PromoCode>(PROMO_CODES_PATH, { query, signal });
export const getPromoStats = (signal?: AbortSignal) =>
  adminGet<PromoCodeStats>(`${PROMO_CODES_PATH}/stats`, { signal });
export const getPromoCode = (id: string, signal?: AbortSignal) => adminGet<PromoCode>(path(id), { signal });
export const createPromoCode = (body: PromoCodeWrite) => adminPost<PromoCode>(PROMO_CODES_PATH, body);
export const updatePromoCode = (id: string, body: PromoCodeWrite) => adminPut<PromoCode>(path(id), body);
export const deletePromoCode = (id: string) => adminDelete(path(id));
export const bulkDeletePromoCodes = (ids: readonly string[]) =>
  adminPost<PromoCodesBulkDeleted>(`${PROMO_CODES_PATH}/bulk-delete`, { ids });
export const importPromoCodes = (body: PromoCodesImport) =>
  adminPost<PromoCodesImportResult>(`${PROMO_CODES_PATH}/import`, body);

/** One order that used the code, with the `id` the list kit keys rows by. */
export type PromoUseRow = PromoCodeUsage['orders'][number] & { id: string };

/**
 * `GET /{id}/usage` answers `{ data: { code, orders, totals… }, pagination }`: the summary and one
 * page of orders. The orders become a list result for the kit; the summary travels beside it.
 */
export async function getPromoUsage(
  id: string,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<{ usage: PromoCodeUsage; orders: ListResult<PromoUseRow> }> {
  const answer = await adminGet<{ data: PromoCodeUsage; pagination: ListResult<PromoUseRow>['pagination'] }>(
    `${path(id)}/usage`,
    { query, signal },
  );
  const rows = answer.data.orders.map((order) => ({ ...order, id: order.order_id }));
  return { usage: answer.data, orders: { data: rows, pagination: answer.pagination } };
}

/** The whole code as PUT takes it, from what GET answered: for a change of one field (activate, deactivate). */
export function toWrite(code: PromoCode, changes: Partial<PromoCodeWrite> = {}): PromoCodeWrite {
  return {
    code: code.code,
    description: code.description,
    discount_type: code.discount_type,
    discount_value: code.discount_value,
    applies_to: code.applies_to,
    product_skus: code.product_skus,
    category_ids: code.category_ids,
    minimum_order_amount: code.minimum_order_amount,
    maximum_discount_amount: code.maximum_discount_amount,
    max_uses: code.max_uses,
    max_uses_per_customer: code.max_uses_per_customer,
    start_date: code.start_date,
    end_date: code.end_date,
    is_active: code.is_active,
    ...changes,
  };
}

export function invalidatePromoCodes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_PROMO_CODES_KEY });
}
