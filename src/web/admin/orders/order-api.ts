import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrder,
  AdminOrderListItem,
  AdminOrderStats,
  AdminOrderUpdate,
  OutForDeliveryRequest,
  RefundRequest,
  WhatsAppMessage,
} from '#shared/contracts/admin-orders.ts';
import type { AdminProduct } from '#shared/contracts/admin-products.ts';
import type { OrderMessage } from '#shared/contracts/order-messages.ts';
import type { CreateOrderRequest, OrderCalculation, OrderLineInput, OrderStatus } from '#shared/contracts/orders.ts';
import type { Governorate } from '#shared/shop-settings.ts';
import { ADMIN_ORDERS_KEY } from '#web/admin/shared/order-keys.ts';
import { ApiError, apiPost, type ListResult, type QueryParams } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';

export { ADMIN_ORDERS_KEY };

export type StatusCounts = Partial<Record<OrderStatus, number>>;

export interface OrdersPage extends ListResult<AdminOrderListItem> {
  /** Per-status counts when the list answer carries them (`meta.status_counts`); else null. */
  statusCounts: StatusCounts | null;
}

function statusCountsOf(meta: Record<string, unknown> | undefined): StatusCounts | null {
  const counts = meta?.status_counts;
  return counts && typeof counts === 'object' ? (counts as StatusCounts) : null;
}

export async function listOrders(query: QueryParams, signal?: AbortSignal): Promise<OrdersPage> {
  const result = await adminList<AdminOrderListItem>('/admin/orders', { query, signal });
  return { ...result, statusCounts: statusCountsOf(result.meta) };
}

export const orderStatsQuery = queryOptions({
  queryKey: [...ADMIN_ORDERS_KEY, 'stats'] as const,
  queryFn: ({ signal }) => adminGet<AdminOrderStats>('/admin/orders/stats', { signal }),
});

export function orderQuery(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'one', id] as const,
    queryFn: ({ signal }) => adminGet<AdminOrder>(`/admin/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

/** While a message waits or retries, the delivery log looks again this often. */
export const MESSAGES_REFRESH_MS = 10_000;

/**
 * The order's delivery log (docs/product.md#delivery-log). Under the order's key, so every write on
 * the order (a status change queues a message) refetches it; polled while a message is on its way.
 */
export function orderMessagesQuery(orderId: string) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, 'one', orderId, 'messages'] as const,
    queryFn: ({ signal }) =>
      adminGet<OrderMessage[]>(`/admin/orders/${encodeURIComponent(orderId)}/messages`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((message) => message.status === 'pending' || message.status === 'retrying')
        ? MESSAGES_REFRESH_MS
        : false,
  });
}

/** "Retry" on a failed message: queued again, toasted, and the log read again either way. */
export function useRetryMessage(orderId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderMessagesQuery(orderId).queryKey });
  return useMutation({
    mutationFn: (messageId: string) =>
      adminPost<OrderMessage>(
        `/admin/orders/${encodeURIComponent(orderId)}/messages/${encodeURIComponent(messageId)}/retry`,
      ),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Message queued again' });
      void refresh();
    },
    onError: (error) => {
      toast({ variant: 'error', title: errorMessage(error, 'Could not retry the message') });
      void refresh();
    },
  });
}

export const createOrder = (body: CreateOrderRequest, idempotencyKey: string) =>
  adminPost<AdminOrder>('/admin/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });

/**
 * Same pricing as the checkout: the public endpoint, so the form shows exactly what the order will
 * cost, its delivery priced for `governorate` (none: no delivery charged).
 */
export const calculateOrder = (
  items: OrderLineInput[],
  promoCode: string | null,
  governorate: Governorate | undefined,
  signal?: AbortSignal,
) =>
  apiPost<OrderCalculation>(
    '/orders/calculate',
    { items, ...(promoCode ? { promo_code: promoCode } : {}), ...(governorate ? { governorate } : {}) },
    { signal },
  );

export const searchProducts = (search: string, signal?: AbortSignal) =>
  adminList<AdminProduct>('/admin/products', {
    query: { search, limit: 8, status: 'active', sort_by: 'name', sort_order: 'asc' },
    signal,
  });

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** After any write: the order, the lists (counts and rows move) and the dashboard's figures. */
export function invalidateOrders(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
  ]).then(() => undefined);
}

type OrderWrite =
  | { kind: 'update'; body: AdminOrderUpdate }
  | { kind: 'refund'; body: RefundRequest }
  | { kind: 'out_for_delivery'; body: OutForDeliveryRequest }
  | { kind: 'whatsapp' };

/**
 * Writes on one order (PUT, refund, out for delivery). The answer is the fresh order, put straight into the cache;
 * the caller says what to toast. Server refusals (409 for a transition another admin made first,
 * 400 for a refund over the remainder) are toasted with the server's own words.
 */
export function useOrderWrite(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: OrderWrite & { success: string; failure: string }) => {
      const path = `/admin/orders/${encodeURIComponent(orderId)}`;
      if (write.kind === 'update') return adminPut<AdminOrder>(path, write.body);
      if (write.kind === 'refund') return adminPost<AdminOrder>(`${path}/refund`, write.body);
      if (write.kind === 'out_for_delivery') return adminPost<AdminOrder>(`${path}/out-for-delivery`, write.body);
      return adminPost<WhatsAppMessage>(`${path}/whatsapp`);
    },
    onSuccess: (result, write) => {
      if (write.kind !== 'whatsapp' && result && typeof result === 'object' && 'order_number' in result) {
        queryClient.setQueryData(orderQuery(orderId).queryKey, result);
      }
      toast({ variant: 'success', title: write.success });
      void invalidateOrders(queryClient);
    },
    onError: (error, write) => {
      toast({ variant: 'error', title: errorMessage(error, write.failure) });
      // A refusal usually means the order moved on elsewhere: show where it is now.
      if (error instanceof ApiError && error.status === 409) void invalidateOrders(queryClient);
    },
  });
}
