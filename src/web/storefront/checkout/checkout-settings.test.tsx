import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppliedPromo, Order, OrderCalculation } from '#shared/contracts/orders.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { setPromoCode } from '#web/storefront/cart-kit/promo-code-store.ts';
import { type CartItem, useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render, waitFor as waitBriefly } from '#web/test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';
import { publicSettingsFixture } from './test-settings.ts';

/**
 * The checkout's delivery zone and payment method (docs/product.md#checkout-zone-and-payment) through the real
 * page and its queries: the governorate select with each zone's cost and days, the payment
 * methods the shop turned on with their instructions, guest checkout off. Only the network is
 * stubbed, answering as the API does.
 */

const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
const VARIANT_ID = '00000000-0000-4000-8000-0000000000d1';
const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';

const line: CartItem = {
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

const summer: AppliedPromo = {
  code: 'SUMMER10',
  discount_type: 'percentage',
  discount_value: 10,
  discount_amount: 8,
  applies_to: 'order',
};

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const _refusal = (message: string, status = 400, errors: { path: string; message: string }[] = []) =>
  json({ message, statusCode: status, code: status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST', errors }, status);

/** The calculation the server gives 2 × $40, with SUMMER10 (10 %: VAT on $72) or without a code. */
function calculated(promoCode: unknown, promoError: string | null = null): OrderCalculation {
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
function placedOrder(promo: AppliedPromo | null): Order {
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

type Answers = Record<string, (call: Call) => Response | Promise<Response>>;

/** Generous: the machine running the suite may be busy (the page loads its confirmation lazily). */
const waitFor = (check: () => void) => waitBriefly(check, 10_000);

let calls: Call[] = [];
function stubApi(answers: Answers) {
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
const callsTo = (path: string) => calls.filter((call) => call.path === path);
const lastCalculation = () => callsTo('/api/orders/calculate').at(-1)?.body;

let view: Rendered | undefined;
let toasts: ToastOptions[] = [];
let disconnect = () => {};
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

async function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(summary().textContent).toContain('Total'));
  await waitFor(() => expect(summary().getAttribute('aria-busy')).toBeNull());
  return view.container;
}

/** The full summary (the one by the Place order button). */
const summary = () => {
  const found = view?.container.querySelector('section[aria-labelledby="order-summary-title"]');
  if (!found) throw new Error('no order summary');
  return found.querySelector('dl') ?? found;
};
const fullSummary = () =>
  view?.container.querySelector('section[aria-labelledby="order-summary-title"]') as HTMLElement;
const _promoInput = (root: ParentNode = fullSummary()) =>
  root.querySelector<HTMLInputElement>('input[name="promo_code"]');
const button = (root: ParentNode, name: string) => {
  const found = [...root.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => (element.getAttribute('aria-label') ?? element.textContent) === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
const click = (element: HTMLElement) => act(async () => element.click());

/** Types the way React notices (its value tracker ignores a plain `.value =`). */
const type = (input: HTMLInputElement | HTMLTextAreaElement | null, value: string) =>
  act(async () => {
    if (!input) throw new Error('no field');
    const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const labelled = (label: string) => {
  const found = [...(view?.container.querySelectorAll('label') ?? [])].find((element) =>
    element.textContent?.startsWith(label),
  );
  return view?.container.querySelector<HTMLInputElement>(`[id="${CSS.escape(found?.htmlFor ?? '')}"]`) ?? null;
};

/** Beirut at $3.50 (1–2 days), bank transfer on: what the tests below set up. */
const settings = publicSettingsFixture({
  payment_methods: [
    { method: 'cash_on_delivery', label: 'Cash on delivery', instructions: 'Pay in cash when your order arrives.' },
    { method: 'bank_transfer', label: 'Bank transfer', instructions: 'IBAN LB62 0999 0000 0001 0019 0122 9114' },
  ],
  delivery: {
    ...publicSettingsFixture().delivery,
    zones: publicSettingsFixture().delivery.zones.map((zone) =>
      zone.zone === 'beirut' ? { ...zone, rate: 3.5, delivery_days_min: 1, delivery_days_max: 2 } : zone,
    ),
  },
});
/** The server's quote: $3.50 more with Beirut. */
function quoted(governorate: unknown): OrderCalculation {
  const base = calculated(null);
  if (governorate !== 'beirut') return base;
  return {
    ...base,
    shipping: 3.5,
    total: 92.3,
    delivery: { zone: 'beirut', name: 'Beirut', rate: 3.5, delivery_days_min: 1, delivery_days_max: 2, free: false },
  };
}
const calculate: Answers = {
  'POST /api/orders/calculate': (call) => json({ data: quoted(call.body?.governorate) }),
  'GET /api/site/settings': () => json({ data: settings }),
};
/** Picks an option of a <select> the way React notices. */
const choose = (select: HTMLSelectElement | null, value: string) =>
  act(async () => {
    if (!select) throw new Error('no select');
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });

const radios = () => [...(view?.container.querySelectorAll<HTMLInputElement>('input[name="payment_method"]') ?? [])];
const select = () => labelled('Governorate') as unknown as HTMLSelectElement;

describe('Checkout delivery zone and payment method', () => {
  it('asks the governorate, shows its delivery cost and days, and the summary prices it as the server does', async () => {
    stubApi(calculate);
    await mount();
    await waitFor(() => expect(select()?.options.length).toBe(9));
    expect([...select().options].map((option) => option.textContent)).toContain('Baalbek-Hermel');
    expect(summary().textContent).toContain('Choose your governorate');
    await choose(select(), 'beirut');
    await waitFor(() => expect(lastCalculation()?.governorate).toBe('beirut'));
    await waitFor(() => expect(summary().textContent).toContain('Delivery (Beirut)$3.50'));
    expect(summary().textContent).toContain('VAT (11%)$8.80');
    expect(summary().textContent).toContain('Total$92.30');
    expect(view?.container.textContent).toContain('Delivery $3.50, 1–2 working days.');
  });

  it('offers the enabled payment methods with their instructions, and sends the one chosen', async () => {
    stubApi({
      ...calculate,
      'POST /api/orders': () => json({ data: { ...placedOrder(null), payment_method: 'bank_transfer' } }, 201),
      [`GET /api/orders/${ORDER_ID}`]: () => json({ data: { ...placedOrder(null), payment_method: 'bank_transfer' } }),
    });
    const root = await mount();
    await waitFor(() => expect(radios().map((radio) => radio.value)).toEqual(['cash_on_delivery', 'bank_transfer']));
    expect(root.querySelector('[role="radiogroup"]')?.textContent).toContain('IBAN LB62 0999 0000 0001 0019 0122 9114');
    expect(radios()[0]?.checked).toBe(true);
    await type(labelled('Full name'), 'Rana Haddad');
    await type(labelled('Phone'), '03 123 456');
    await type(labelled('City or area'), 'Beirut');
    await type(labelled('Street'), 'Bliss Street');
    await click(radios()[1] as HTMLInputElement);

    // No governorate yet: the field says so and nothing is sent.
    await click(button(root, 'Place order'));
    await waitFor(() => expect(root.textContent).toContain('Choose your governorate'));
    expect(select().getAttribute('aria-invalid')).toBe('true');
    expect(callsTo('/api/orders')).toHaveLength(0);

    await choose(select(), 'beirut');
    await click(button(root, 'Place order'));
    await waitFor(() => expect(callsTo('/api/orders')).toHaveLength(1));
    expect(callsTo('/api/orders')[0]?.body).toMatchObject({
      payment_method: 'bank_transfer',
      shipping_address: { city: 'Beirut', street: 'Bliss Street', governorate: 'beirut' },
    });
    // The confirmation shows the method's instructions.
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Your order is placed'));
    await waitFor(() =>
      expect(root.querySelector('[data-testid="payment-instructions"]')?.textContent).toBe(
        'IBAN LB62 0999 0000 0001 0019 0122 9114',
      ),
    );
  });

  it('guest checkout off: a guest is asked to sign in or create an account', async () => {
    stubApi({ ...calculate, 'GET /api/site/settings': () => json({ data: { ...settings, guest_checkout: false } }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    view = await render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/checkout']}>
          <CheckoutPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view?.container.querySelector('h1')?.textContent).toBe('Sign in to check out'));
    const links = [...(view?.container.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/login?next=%2Fcheckout', '/login?mode=signup&next=%2Fcheckout']);
  });
});
