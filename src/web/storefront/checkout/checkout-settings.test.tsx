import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderCalculation } from '#shared/contracts/orders.ts';
import {
  type Answers,
  button,
  calculated,
  callsTo,
  click,
  json,
  labelled,
  lastCalculation,
  mount,
  mountPage,
  ORDER_ID,
  placedOrder,
  stubApi,
  summary,
  type,
  view,
  waitFor,
} from './test-harness.tsx';
import { publicSettingsFixture } from './test-settings.ts';

/**
 * The checkout's delivery zone and payment method (docs/product.md#checkout-zone-and-payment) through the real
 * page and its queries: the governorate select with each zone's cost and days, the payment
 * methods the shop turned on with their instructions, guest checkout off. Only the network is
 * stubbed, answering as the API does.
 */

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
    // The order as placed keeps its own words (docs/product.md#order-fields), whatever the settings say now.
    const placed = {
      ...placedOrder(null),
      payment_method: 'bank_transfer' as const,
      payment_label: 'Bank transfer (as placed)',
      payment_instructions: 'IBAN LB00 AS PLACED',
      tax_label: 'TVA',
      prices_include_tax: true,
    };
    stubApi({
      ...calculate,
      'POST /api/orders': () => json({ data: placed }, 201),
      [`GET /api/orders/${ORDER_ID}`]: () => json({ data: placed }),
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
    // The confirmation shows the method and instructions the order kept, and its tax's name.
    await waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Your order is placed'));
    await waitFor(() =>
      expect(root.querySelector('[data-testid="payment-instructions"]')?.textContent).toBe('IBAN LB00 AS PLACED'),
    );
    expect(root.textContent).toContain('Bank transfer (as placed)');
    expect(root.textContent).toContain('Includes TVA (11%)');
  });

  it('guest checkout off: a guest is asked to sign in or create an account', async () => {
    stubApi({ ...calculate, 'GET /api/site/settings': () => json({ data: { ...settings, guest_checkout: false } }) });
    const view = await mountPage();
    await waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe('Sign in to check out'));
    const links = [...(view.container.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/login?next=%2Fcheckout', '/login?mode=signup&next=%2Fcheckout']);
  });
});
