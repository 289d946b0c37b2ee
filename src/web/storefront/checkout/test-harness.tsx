import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AppliedPromo, Order, OrderCalculation } from '#shared/contracts/orders.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { setPromoCode } from '#web/storefront/cart-kit/promo-code-store.ts';
import { type CartItem, useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render, waitFor as waitBriefly } from '#web/test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

/**
 * The checkout page's test harness, shared by its screen tests (promo code, delivery zone and
 * payment): a cart line, the API's answers (calculate, place order, site settings) stubbed on
 * `fetch` as the API gives them, the mounted page, and queries on it. Hooks reset the cart, the
 * stub and the toasts around every test of a file that imports it.
 */

export const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
export const VARIANT_ID = '00000000-0000-4000-8000-0000000000d1';
export const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';

export const line: CartItem = {
  id: 'line-1',
  productId: PRODUCT_ID,
  variantId: VARIANT_ID,
  sku: 'CS-MM-1',
  name: 'Bench Multimeter',
  price: 40,
  compareAtPrice: null,
  image: null,
  quantity: 2,
  inStock: true,
  maxQuantity: 10,
  selectedVariations: {},
  addedAt: '2026-11-25T10:00:00.000Z',
};

export const summer: AppliedPromo = {
  code: 'SUMMER10',
  discount_type: 'percentage',
  discount_value: 10,
  discount_amount: 8,
  applies_to: 'order',
};

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
export const refusal = (message: string, status = 400, errors: { path: string; message: string }[] = []) =>
  json({ message, statusCode: status, code: status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST', errors }, status);

/** The calculation the server gives 2 × $40, with SUMMER10 (10 %: VAT on $72) or without a code. */
export function calculated(promoCode: unknown, promoError: string | null = null): OrderCalculation {
  const promo = promoCode === 'SUMMER10' && !promoError ? summer : null;
  return {
    subtotal: 80,
    delivery: null,
    tax_label: 'VAT',
    tax_rate: 11,
    prices_include_tax: false,
    discount: promo ? 8 : 0,
    tax: promo ? 7.92 : 8.8,
    shipping: 0,
    total: promo ? 79.92 : 88.8,
    promo,
    promo_error: promoCode ? promoError : null,
    unavailable: [],
    items: [
      {
        product_id: PRODUCT_ID,
        variant_id: VARIANT_ID,
        sku: 'CS-MM-1',
        name: 'Bench Multimeter',
        slug: 'bench-multimeter',
        image: null,
        unit_price: 40,
        quantity: 2,
        selectedVariations: {},
        line_total: 80,
        available: true,
        stock_quantity: 20,
        max_per_order: 10,
      },
    ],
  };
}

/** An order as placed (`discount` and the promo snapshot when a code was used). */
export function placedOrder(promo: AppliedPromo | null): Order {
  const totals = calculated(promo?.code);
  return {
    id: ORDER_ID,
    order_number: 'CS-10001',
    access_token: 'token-token-token-1',
    status: 'pending',
    payment_status: 'pending',
    payment_method: 'cash_on_delivery',
    customer: { name: 'Rana Haddad', phone: '+9613123456', email: null },
    shipping_address: { city: 'Beirut', street: 'Bliss Street' },
    notes: null,
    subtotal: totals.subtotal,
    discount: totals.discount,
    tax: totals.tax,
    shipping: 0,
    total: totals.total,
    promo_code: promo?.code ?? null,
    promo_discount_type: promo?.discount_type ?? null,
    promo_discount_value: promo?.discount_value ?? null,
    tax_label: 'VAT',
    tax_rate: 11,
    prices_include_tax: false,
    tax_number: '',
    payment_label: 'Cash on delivery',
    payment_instructions: 'Pay in cash when your order arrives.',
    shipment: null,
    out_for_delivery_at: null,
    items: [
      {
        product_id: PRODUCT_ID,
        variant_id: VARIANT_ID,
        name: 'Bench Multimeter',
        sku: 'CS-MM-1',
        image: null,
        unit_price: 40,
        quantity: 2,
        selectedVariations: {},
        line_total: 80,
      },
    ],
    created_at: '2026-11-25T18:00:00.000Z',
  };
}

export type Answers = Record<string, (call: Call) => Response | Promise<Response>>;

/** Generous: the machine running the suite may be busy (the page loads its confirmation lazily). */
export const waitFor = (check: () => void) => waitBriefly(check, 10_000);

export let calls: Call[] = [];
export function stubApi(answers: Answers) {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: String(input).split('?')[0] ?? '',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return answers[`${call.method} ${call.path}`]?.(call) ?? json({ message: 'Not found' }, 404);
  });
}
export const callsTo = (path: string) => calls.filter((call) => call.path === path);
export const lastCalculation = () => callsTo('/api/orders/calculate').at(-1)?.body;

export let view: Rendered | undefined;
export let toasts: ToastOptions[] = [];
export let disconnect = () => {};
beforeEach(() => {
  useCartStore.setState({ items: [line] });
  toasts = [];
  disconnect = connectToaster((options) => toasts.push(options));
});
afterEach(() => {
  view?.unmount();
  view = undefined;
  disconnect();
  vi.unstubAllGlobals();
  setPromoCode(null);
  localStorage.clear();
  useCartStore.setState({ items: [] });
});

/** The checkout page mounted on the stubbed API, as it first draws (nothing waited for). */
export async function mountPage(): Promise<Rendered> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view;
}

/** The checkout page with its summary priced (the first calculation answered). */
export async function mount() {
  const mounted = await mountPage();
  await waitFor(() => expect(summary().textContent).toContain('Total'));
  await waitFor(() => expect(summary().getAttribute('aria-busy')).toBeNull());
  return mounted.container;
}

/** The full summary (the one by the Place order button). */
export const summary = () => {
  const found = view?.container.querySelector('section[aria-labelledby="order-summary-title"]');
  if (!found) throw new Error('no order summary');
  return found.querySelector('dl') ?? found;
};
export const fullSummary = () =>
  view?.container.querySelector('section[aria-labelledby="order-summary-title"]') as HTMLElement;
export const promoInput = (root: ParentNode = fullSummary()) =>
  root.querySelector<HTMLInputElement>('input[name="promo_code"]');
export const button = (root: ParentNode, name: string) => {
  const found = [...root.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => (element.getAttribute('aria-label') ?? element.textContent) === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
export const click = (element: HTMLElement) => act(async () => element.click());

/** Types the way React notices (its value tracker ignores a plain `.value =`). */
export const type = (input: HTMLInputElement | HTMLTextAreaElement | null, value: string) =>
  act(async () => {
    if (!input) throw new Error('no field');
    const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
export const labelled = (label: string) => {
  const found = [...(view?.container.querySelectorAll('label') ?? [])].find((element) =>
    element.textContent?.startsWith(label),
  );
  return view?.container.querySelector<HTMLInputElement>(`[id="${CSS.escape(found?.htmlFor ?? '')}"]`) ?? null;
};
