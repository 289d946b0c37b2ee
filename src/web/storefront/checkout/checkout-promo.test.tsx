import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderLineInput } from '#shared/contracts/orders.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { removeFromCart } from '#web/storefront/cart-kit/cart-actions.ts';
import {
  PROMO_STORAGE_KEY,
  rehydratePromoCode,
  setPromoCode,
  usePromoCodeStore,
} from '#web/storefront/cart-kit/promo-code-store.ts';
import { useCartStore } from '#web/stores/cart-store.ts';
import {
  type Answers,
  button,
  calculated,
  callsTo,
  click,
  fullSummary,
  json,
  labelled,
  lastCalculation,
  line,
  mount,
  ORDER_ID,
  PRODUCT_ID,
  placedOrder,
  promoInput,
  refusal,
  stubApi,
  summary,
  summer,
  toasts,
  type,
  VARIANT_ID,
  waitFor,
} from './test-harness.tsx';
import { publicSettingsFixture } from './test-settings.ts';

/**
 * The checkout's promo code (docs/product.md#promo-code-at-checkout) through the real page, its
 * queries and the cart's stored code: only the network is stubbed, answering as the API does.
 */

const calculate: Answers = {
  'POST /api/orders/calculate': (call) => json({ data: calculated(call.body?.promo_code) }),
  'GET /api/site/settings': () => json({ data: publicSettingsFixture() }),
};
/** Picks an option of a <select> the way React notices. */
const choose = (select: HTMLSelectElement | null, value: string) =>
  act(async () => {
    if (!select) throw new Error('no select');
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });

describe('Checkout promo code', () => {
  it('applies a code: upper-cased as typed, checked against the cart, then the discount, VAT and total of the server', async () => {
    stubApi({ ...calculate, 'POST /api/promo-codes/validate': () => json({ data: summer }) });
    const root = await mount();
    expect(summary().textContent).toContain('VAT (11%)$8.80');

    await type(promoInput(), 'summer10');
    expect(promoInput()?.value).toBe('SUMMER10');
    await click(button(fullSummary(), 'Apply'));

    await waitFor(() => expect(root.querySelector('[data-testid="promo-chip"]')?.textContent).toContain('SUMMER10'));
    const [validate] = callsTo('/api/promo-codes/validate');
    expect(validate?.body).toEqual({
      code: 'SUMMER10',
      order_subtotal: 80,
      cart_items: [{ product_id: PRODUCT_ID, variant_id: VARIANT_ID, sku: 'CS-MM-1', quantity: 2, price: 40 }],
    });
    expect(lastCalculation()).toEqual({
      items: [{ product_id: PRODUCT_ID, variant_id: VARIANT_ID, quantity: 2 }] satisfies OrderLineInput[],
      promo_code: 'SUMMER10',
    });
    // The chip and the new figures arrive together (Apply waits for the calculation with the code).
    expect(summary().textContent).toContain('Discount (SUMMER10)−$8.00');
    expect(summary().textContent).toContain('VAT (11%)$7.92');
    expect(summary().textContent).toContain('Total$79.92');
    expect(fullSummary().textContent).toContain('10% off');
    // Focus moves to the applied code (the Apply button is gone), and the change is announced.
    await waitFor(() => expect(document.activeElement).toBe(fullSummary().querySelector('[data-testid="promo-chip"]')));
    expect(fullSummary().querySelector('[role="status"]')?.textContent).toBe('Promo code SUMMER10 applied: $8.00 off');
    // The phone's summary says the same.
    const phone = root.querySelector('[data-testid="phone-order-summary"]') as HTMLElement;
    expect(phone.querySelector('summary')?.textContent).toContain('$79.92');
    expect(phone.textContent).toContain('Discount (SUMMER10)−$8.00');
    // Kept with the cart, for a reload.
    expect(JSON.parse(localStorage.getItem(PROMO_STORAGE_KEY) ?? '{}')).toEqual({
      state: { code: 'SUMMER10' },
      version: 1,
    });
  });

  it('applies on Enter, and sends the phone typed so far for the per-customer limit', async () => {
    stubApi({ ...calculate, 'POST /api/promo-codes/validate': () => json({ data: summer }) });
    const root = await mount();
    await type(labelled('Phone'), '03 123 456');
    await type(promoInput(), 'summer10');
    await act(async () => promoInput()?.form?.requestSubmit());
    await waitFor(() => expect(root.querySelector('[data-testid="promo-chip"]')).not.toBeNull());
    expect(callsTo('/api/promo-codes/validate')[0]?.body?.customer_phone).toBe('+9613123456');
  });

  it("shows a refused code's message under the field, tied to it, and applies nothing", async () => {
    stubApi({ ...calculate, 'POST /api/promo-codes/validate': () => refusal(PROMO_MESSAGES.unknown) });
    const root = await mount();
    await type(promoInput(), 'nope');
    await click(button(fullSummary(), 'Apply'));

    const alert = await vi.waitUntil(() => fullSummary().querySelector('[role="alert"]'), { timeout: 10_000 });
    expect(alert.textContent).toBe('This promo code does not exist');
    const input = promoInput();
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    expect(input?.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input?.value).toBe('NOPE');
    expect(root.querySelector('[data-testid="promo-chip"]')).toBeNull();
    expect(callsTo('/api/orders/calculate').every((call) => call.body?.promo_code === undefined)).toBe(true);
    expect(usePromoCodeStore.getState().code).toBeNull();

    // Typing again clears the old refusal.
    await type(promoInput(), 'NOPE2');
    expect(fullSummary().querySelector('[role="alert"]')).toBeNull();
  });

  it('says when codes are tried too often, or the check could not be made', async () => {
    let answer = () => refusal('Too many requests', 429);
    stubApi({ ...calculate, 'POST /api/promo-codes/validate': () => answer() });
    await mount();
    await type(promoInput(), 'GUESS1');
    await click(button(fullSummary(), 'Apply'));
    await waitFor(() =>
      expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe(PROMO_MESSAGES.tooManyAttempts),
    );

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await click(button(fullSummary(), 'Apply'));
    await waitFor(() =>
      expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe(
        'Could not check the code. Check your connection and try again.',
      ),
    );
  });

  it('asks for a code when Apply is pressed on an empty field', async () => {
    stubApi(calculate);
    await mount();
    await click(button(fullSummary(), 'Apply'));
    expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe('Enter a promo code');
    expect(callsTo('/api/promo-codes/validate')).toHaveLength(0);
  });

  it('keeps the code over a reload, sends it with every calculation, and removes it', async () => {
    localStorage.setItem(PROMO_STORAGE_KEY, JSON.stringify({ state: { code: 'SUMMER10' }, version: 1 }));
    rehydratePromoCode();
    stubApi(calculate);
    const root = await mount();
    expect(callsTo('/api/orders/calculate')[0]?.body?.promo_code).toBe('SUMMER10');
    await waitFor(() => expect(summary().textContent).toContain('Discount (SUMMER10)−$8.00'));

    await click(button(fullSummary(), 'Remove promo code SUMMER10'));
    await waitFor(() => expect(summary().textContent).toContain('Total$88.80'));
    expect(lastCalculation()?.promo_code).toBeUndefined();
    expect(summary().textContent).not.toContain('Discount');
    expect(root.querySelector('[data-testid="promo-chip"]')).toBeNull();
    expect(promoInput()?.value).toBe('');
    expect(document.activeElement).toBe(promoInput());
    expect(usePromoCodeStore.getState().code).toBeNull();
  });

  it('drops a code the server no longer accepts on a calculation, keeping it in the field with the reason', async () => {
    setPromoCode('SUMMER10');
    stubApi({
      'POST /api/orders/calculate': (call) => json({ data: calculated(call.body?.promo_code, PROMO_MESSAGES.expired) }),
    });
    const root = await mount();
    await waitFor(() =>
      expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe(PROMO_MESSAGES.expired),
    );
    expect(root.querySelector('[data-testid="promo-chip"]')).toBeNull();
    expect(promoInput()?.value).toBe('SUMMER10');
    expect(usePromoCodeStore.getState().code).toBeNull();
    await waitFor(() => expect(lastCalculation()?.promo_code).toBeUndefined());
    expect(summary().textContent).toContain('Total$88.80');
  });

  it('re-validates when the cart changes: a code the cart no longer qualifies for is dropped', async () => {
    setPromoCode('SUMMER10');
    stubApi({
      'POST /api/orders/calculate': (call) => {
        const [first] = (call.body?.items ?? []) as OrderLineInput[];
        const eligible = first?.quantity === 2;
        return json({
          data: calculated(call.body?.promo_code, eligible ? null : PROMO_MESSAGES.minimumNotReached(80)),
        });
      },
    });
    await mount();
    await waitFor(() => expect(summary().textContent).toContain('Discount (SUMMER10)'));
    await act(async () => useCartStore.setState({ items: [{ ...line, quantity: 1 }] }));
    await waitFor(() =>
      expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe(
        'A minimum order of $80.00 is required for this promo code',
      ),
    );
    expect(usePromoCodeStore.getState().code).toBeNull();
  });

  it('a code refused when the order is placed: the message at the field, the code dropped, one more click orders without it', async () => {
    setPromoCode('SUMMER10');
    let placements = 0;
    stubApi({
      ...calculate,
      'POST /api/orders': (call) => {
        placements += 1;
        if (call.body?.promo_code) {
          return refusal('Validation failed', 400, [{ path: 'promo_code', message: PROMO_MESSAGES.usedUp }]);
        }
        return json({ data: placedOrder(null) }, 201);
      },
      // The confirmation reads the order again once its cached copy is stale (a slow machine).
      [`GET /api/orders/${ORDER_ID}`]: () => json({ data: placedOrder(null) }),
    });
    const root = await mount();
    await waitFor(() => expect(summary().textContent).toContain('Discount (SUMMER10)'));
    await type(labelled('Full name'), 'Rana Haddad');
    await type(labelled('Phone'), '03 123 456');
    await type(labelled('City or area'), 'Beirut');
    await type(labelled('Street'), 'Bliss Street');
    await choose(labelled('Governorate') as unknown as HTMLSelectElement, 'beirut');

    await click(button(root, 'Place order'));
    await waitFor(() => expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe(PROMO_MESSAGES.usedUp));
    const [first] = callsTo('/api/orders');
    expect(first?.body?.promo_code).toBe('SUMMER10');
    expect(root.querySelector('[data-testid="promo-chip"]')).toBeNull();
    expect(promoInput()?.value).toBe('SUMMER10');
    expect(toasts.at(-1)).toMatchObject({
      title: 'Your promo code could not be used',
      description:
        'This promo code has reached its usage limit. Your order was not placed: check the new total and place it again.',
    });
    // The summary drops the discount before the shopper confirms the new total.
    await waitFor(() => expect(summary().textContent).toContain('Total$88.80'));
    expect(labelled('Street')?.value).toBe('Bliss Street');

    await click(button(root, 'Place order'));
    await waitFor(() => expect(placements).toBe(2));
    const second = callsTo('/api/orders')[1];
    expect(second?.body?.promo_code).toBeUndefined();
    expect(second?.body?.customer).toEqual(first?.body?.customer);
    // A new attempt (the body changed), so a new idempotency key.
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Your order is placed'));
    expect(root.textContent).not.toContain('Discount');
  });

  it('a placement refused for too many code attempts drops the code the same way', async () => {
    setPromoCode('SUMMER10');
    stubApi({
      ...calculate,
      'POST /api/orders': () =>
        refusal(PROMO_MESSAGES.tooManyAttempts, 429, [{ path: 'promo_code', message: PROMO_MESSAGES.tooManyAttempts }]),
    });
    const root = await mount();
    await waitFor(() => expect(summary().textContent).toContain('Discount (SUMMER10)'));
    await type(labelled('Full name'), 'Rana Haddad');
    await type(labelled('Phone'), '03 123 456');
    await type(labelled('City or area'), 'Beirut');
    await type(labelled('Street'), 'Bliss Street');
    await choose(labelled('Governorate') as unknown as HTMLSelectElement, 'beirut');
    await click(button(root, 'Place order'));
    await waitFor(() =>
      expect(fullSummary().querySelector('[role="alert"]')?.textContent).toBe(PROMO_MESSAGES.tooManyAttempts),
    );
    expect(usePromoCodeStore.getState().code).toBeNull();
    expect(toasts.at(-1)?.description).toBe(
      'Too many promo code attempts. Please try again later. Your order was not placed: check the new total and place it again.',
    );
  });

  it('places the order with the code; the confirmation shows its discount, and the code is gone with the cart', async () => {
    setPromoCode('SUMMER10');
    stubApi({
      ...calculate,
      'POST /api/orders': () => json({ data: placedOrder(summer) }, 201),
      // The confirmation may read the order again (a slow run lets its cached copy go stale).
      [`GET /api/orders/${ORDER_ID}`]: () => json({ data: placedOrder(summer) }),
    });
    const root = await mount();
    await waitFor(() => expect(summary().textContent).toContain('Discount (SUMMER10)'));
    await type(labelled('Full name'), 'Rana Haddad');
    await type(labelled('Phone'), '03 123 456');
    await type(labelled('City or area'), 'Beirut');
    await type(labelled('Street'), 'Bliss Street');
    await choose(labelled('Governorate') as unknown as HTMLSelectElement, 'beirut');
    await click(button(root, 'Place order'));

    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Your order is placed'));
    expect(callsTo('/api/orders')[0]?.body?.promo_code).toBe('SUMMER10');
    const totals = root.querySelector('section[aria-labelledby="placed-order-title"] dl')?.textContent;
    expect(totals).toContain('Subtotal$80.00');
    expect(totals).toContain('Discount (SUMMER10)−$8.00');
    expect(totals).toContain('VAT (11%)$7.92');
    expect(totals).toContain('Total$79.92');
    await waitFor(() => expect(useCartStore.getState().items).toHaveLength(0));
    expect(usePromoCodeStore.getState().code).toBeNull();
  });
});

describe('The cart drops its promo code when it empties', () => {
  it('removing the last line forgets the code', async () => {
    setPromoCode('SUMMER10');
    await removeFromCart('line-1');
    expect(usePromoCodeStore.getState().code).toBeNull();
    expect(JSON.parse(localStorage.getItem(PROMO_STORAGE_KEY) ?? '{}').state).toEqual({ code: null });
  });

  it('a stored value that is not a code reads as none', () => {
    localStorage.setItem(PROMO_STORAGE_KEY, JSON.stringify({ state: { code: 'not a code <b>' }, version: 1 }));
    rehydratePromoCode();
    expect(usePromoCodeStore.getState().code).toBeNull();
  });
});
