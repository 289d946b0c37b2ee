import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CheckoutDetails,
  CreateOrderRequest,
  Order,
  OrderCalculation,
  OrderLineInput,
} from '#shared/contracts/orders.ts';
import { apiGet, apiPost } from '#web/lib/api-client.ts';
import type { CartItem } from '#web/stores/cart-store.ts';

/**
 * The checkout's calls (docs/product.md#order-endpoints). The cart sends only what it chose (product, variant,
 * quantity, variations); every price comes back from the server.
 */

/**
 * The cart as order lines, in cart order: the calculation answers in the same order. A line names
 * its variant; one stored before variants existed does not, and the server resolves it (the
 * default variant, else the one with its choices: decision 012 §3) and names it in the answer.
 */
export function orderLinesOf(items: readonly CartItem[]): OrderLineInput[] {
  return items.map((item) => ({
    product_id: item.productId,
    ...(item.variantId ? { variant_id: item.variantId } : {}),
    quantity: item.quantity,
    ...(Object.keys(item.selectedVariations).length > 0 ? { selectedVariations: item.selectedVariations } : {}),
  }));
}

/** Prices, tax, total and availability for the lines. Always fresh: stock and prices move. */
export function calculationQuery(lines: OrderLineInput[]) {
  return queryOptions({
    queryKey: ['orders', 'calculate', lines],
    queryFn: ({ signal }) => apiPost<OrderCalculation>('/orders/calculate', { items: lines }, { signal }),
    staleTime: 0,
    // A quantity change keeps the previous summary on screen while the new one loads.
    placeholderData: keepPreviousData,
    enabled: lines.length > 0,
  });
}

/** The confirmation page's order, read with the token from its link. */
export function orderQuery(id: string, token: string) {
  return queryOptions({
    queryKey: ['orders', id, token],
    queryFn: ({ signal }) => apiGet<Order>(`/orders/${encodeURIComponent(id)}`, { query: { token }, signal }),
  });
}

/** Places the order. The key is the same for every retry of one attempt, so a retry never orders twice. */
export function placeOrder(details: CheckoutDetails, lines: OrderLineInput[], idempotencyKey: string) {
  const body: CreateOrderRequest = { ...details, items: lines };
  return apiPost<Order>('/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A fresh key per checkout attempt (crypto.randomUUID needs a secure context; fall back otherwise). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
