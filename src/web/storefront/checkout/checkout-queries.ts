import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AppliedPromo,
  CheckoutDetails,
  CreateOrderRequest,
  Order,
  OrderCalculation,
  OrderLineInput,
} from '#shared/contracts/orders.ts';
import type { PromoValidateRequest } from '#shared/contracts/promo-codes.ts';
import type { Governorate } from '#shared/shop-settings.ts';
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

/**
 * Prices, tax, total and availability for the lines, with the applied promo code if any: the
 * server re-validates it on every calculation (`promo_error` when it no longer applies). Always
 * fresh: stock, prices and codes move.
 */
export function calculationQuery(lines: OrderLineInput[], promoCode: string | null = null, governorate?: Governorate) {
  return queryOptions({
    queryKey: ['orders', 'calculate', lines, promoCode, governorate ?? null],
    queryFn: ({ signal }) =>
      apiPost<OrderCalculation>(
        '/orders/calculate',
        { items: lines, ...(promoCode ? { promo_code: promoCode } : {}), ...(governorate ? { governorate } : {}) },
        { signal },
      ),
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

/**
 * What `POST /promo-codes/validate` needs of the cart: each line as the order sends it (product,
 * variant, choices, quantity), with its SKU and the price the calculation gave it (the server
 * prices from the database anyway; the client's figure is only a hint).
 */
export function promoValidateRequest(
  code: string,
  lines: readonly OrderLineInput[],
  calculation: OrderCalculation | undefined,
  customerPhone: string | null,
): PromoValidateRequest {
  return {
    code,
    ...(calculation ? { order_subtotal: calculation.subtotal } : {}),
    cart_items: lines.map((line, index) => {
      const priced = calculation?.items[index];
      const sku = priced?.product_id === line.product_id ? priced.sku : null;
      return {
        product_id: line.product_id,
        ...(line.variant_id ? { variant_id: line.variant_id } : {}),
        ...(sku ? { sku } : {}),
        // Choices that share one stock decide which variant a line without variant_id means.
        ...(line.selectedVariations ? { selectedVariations: line.selectedVariations } : {}),
        quantity: line.quantity,
        ...(priced?.product_id === line.product_id ? { price: priced.unit_price } : {}),
      };
    }),
    ...(customerPhone ? { customer_phone: customerPhone } : {}),
  };
}

/** Checks a code against the cart: what it takes off, or an ApiError (400, 429) with the reason. */
export function validatePromoCode(request: PromoValidateRequest) {
  return apiPost<AppliedPromo>('/promo-codes/validate', request);
}

/**
 * Places the order, with the applied promo code if any. The key is the same for every retry of
 * one attempt, so a retry never orders twice.
 */
export function placeOrder(
  details: CheckoutDetails,
  lines: OrderLineInput[],
  idempotencyKey: string,
  promoCode: string | null = null,
) {
  const body: CreateOrderRequest = { ...details, items: lines, ...(promoCode ? { promo_code: promoCode } : {}) };
  return apiPost<Order>('/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** A fresh key per checkout attempt (crypto.randomUUID needs a secure context; fall back otherwise). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
