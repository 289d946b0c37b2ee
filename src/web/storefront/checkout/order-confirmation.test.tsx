import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/orders.ts';
import { render } from '#web/test/render.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';
import { json, ORDER_ID, placedOrder, stubApi, waitFor } from './test-harness.tsx';

/**
 * The order's page (`/checkout?order=&token=`, which the receipt links to) once the shop has moved
 * the order on (docs/product.md#tracking): where it stands and its steps, not "Your order is placed".
 */
async function open(order: Order) {
  stubApi({ [`GET /api/orders/${ORDER_ID}`]: () => json({ data: order }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderConfirmation id={ORDER_ID} token="a-token-of-sixteen-chars" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('h1')).not.toBeNull());
  return view.container;
}

const steps = (root: HTMLElement) =>
  [...root.querySelectorAll('ol[aria-label="Order progress"] li')].map((step) => ({
    text: step.textContent,
    current: step.getAttribute('aria-current'),
  }));

describe('the order page after placing', () => {
  it('just placed: "Your order is placed" and what happens next, no steps', async () => {
    const root = await open(placedOrder(null));
    expect(root.querySelector('h1')?.textContent).toBe('Your order is placed');
    expect(root.textContent).toContain('We will call you on');
    expect(root.querySelector('ol[aria-label="Order progress"]')).toBeNull();
  });

  it('shipped: where it stands, the steps with the current one, and the tracking', async () => {
    const shipped: Order = {
      ...placedOrder(null),
      status: 'shipped',
      shipment: { carrier: 'Aramex', tracking_number: '4471', tracking_url: 'https://aramex.example/4471' },
    };
    const root = await open(shipped);
    expect(root.querySelector('h1')?.textContent).toBe('Your order');
    expect(root.textContent).toContain('On its way to you.');
    expect(root.textContent).not.toContain('We will call you on');
    expect(steps(root)).toEqual([
      { text: 'Placed (done)', current: null },
      { text: 'Confirmed (done)', current: null },
      { text: 'Being prepared (done)', current: null },
      { text: 'On its way (now)', current: 'step' },
      { text: 'Out for delivery', current: null },
      { text: 'Delivered', current: null },
    ]);
    expect(root.querySelector('[data-testid="shipment-tracking"] a')?.getAttribute('href')).toBe(
      'https://aramex.example/4471',
    );
  });

  it('out for delivery: the step after "On its way" is the current one, with its time (docs/product.md#out-for-delivery)', async () => {
    const out: Order = {
      ...placedOrder(null),
      status: 'shipped',
      out_for_delivery_at: '2026-11-21T08:30:00.000Z',
    };
    const root = await open(out);
    expect(root.textContent).toContain('Out for delivery: the driver is on the way to you.');
    expect(root.textContent).not.toContain('On its way to you.');
    const list = steps(root);
    expect(list.slice(3)).toEqual([
      { text: 'On its way (done)', current: null },
      // 10:30 in Beirut (the shop's time zone), written in the step.
      { text: 'Out for delivery (now)Nov 21, 10:30 AM', current: 'step' },
      { text: 'Delivered', current: null },
    ]);
    expect(root.querySelector('[aria-current="step"] time')?.getAttribute('dateTime')).toBe('2026-11-21T08:30:00.000Z');
    // Delivered later: every step done, the step's time kept.
    const delivered = await open({ ...out, status: 'delivered' });
    expect(steps(delivered).map((step) => step.current)).toEqual([null, null, null, null, null, 'step']);
    expect(steps(delivered)[4]?.text).toBe('Out for delivery (done)Nov 21, 10:30 AM');
  });

  it('cancelled: says so, without steps', async () => {
    const root = await open({ ...placedOrder(null), status: 'cancelled' });
    expect(root.textContent).toContain('This order was cancelled.');
    expect(root.querySelector('ol[aria-label="Order progress"]')).toBeNull();
  });
});
