import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderCalculation } from '#shared/contracts/orders.ts';
import { type CartItem, useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { PhoneOrderSummary } from './phone-order-summary.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  localStorage.clear();
});

const line: CartItem = {
  id: 'line-1',
  productId: 'p1',
  variantId: null,
  sku: null,
  name: 'Bench Multimeter',
  price: 40,
  compareAtPrice: null,
  image: null,
  quantity: 2,
  inStock: true,
  maxQuantity: 5,
  selectedVariations: {},
  addedAt: '2026-01-01T00:00:00.000Z',
};

const calculation: OrderCalculation = {
  delivery: null,
  tax_label: 'VAT',
  tax_rate: 11,
  prices_include_tax: false,
  subtotal: 80,
  tax: 8.8,
  shipping: 0,
  discount: 0,
  promo: null,
  promo_error: null,
  total: 88.8,
  unavailable: [],
  items: [
    {
      product_id: 'p1',
      variant_id: null,
      sku: null,
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

describe('PhoneOrderSummary', () => {
  it('shows the count and the total while closed, and changes a quantity from inside', async () => {
    useCartStore.setState({ items: [line] });
    view = await render(<PhoneOrderSummary items={[line]} calculation={calculation} currency="USD" />);
    const details = view.container.querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Order summary(2 items)Total $88.80');

    const increase = view.container.querySelector<HTMLButtonElement>(
      '[aria-label="Increase quantity of Bench Multimeter"]',
    );
    await act(async () => increase?.click());
    expect(useCartStore.getState().items[0]?.quantity).toBe(3);
  });

  it('says the total is on its way before the first calculation', async () => {
    view = await render(<PhoneOrderSummary items={[line]} calculation={undefined} currency="USD" />);
    expect(view.container.querySelector('summary')?.textContent).toContain('Total …');
  });
});
