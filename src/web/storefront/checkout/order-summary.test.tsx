import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderCalculation } from '#shared/contracts/orders.ts';
import { type CartItem, useCartStore } from '#web/stores/cart-store.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { OrderSummary } from './order-summary.tsx';

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
  quantity: 14,
  inStock: true,
  maxQuantity: 100,
  selectedVariations: {},
  addedAt: '2026-01-01T00:00:00.000Z',
};

const refused: OrderCalculation = {
  delivery: null,
  tax_label: 'VAT',
  tax_rate: 11,
  prices_include_tax: false,
  subtotal: 0,
  tax: 0,
  shipping: 0,
  discount: 0,
  promo: null,
  promo_error: null,
  total: 0,
  unavailable: [0],
  items: [
    {
      product_id: 'p1',
      variant_id: null,
      sku: null,
      name: 'Bench Multimeter',
      slug: 'bench-multimeter',
      image: null,
      unit_price: 40,
      quantity: 14,
      selectedVariations: {},
      line_total: 560,
      available: false,
      reason: 'over_limit',
      message: 'At most 10 per order',
      stock_quantity: 80,
      max_per_order: 10,
    },
  ],
};

describe('OrderSummary: a line above the per-order limit (issue 18)', () => {
  it("shows the server's reason and fixes the line to the limit", async () => {
    useCartStore.setState({ items: [line] });
    view = await render(
      <MemoryRouter>
        <OrderSummary items={[line]} calculation={refused} updating={false} currency="USD" />
      </MemoryRouter>,
    );
    expect(view.container.textContent).toContain('At most 10 per order');
    const fix = [...view.container.querySelectorAll('button')].find((button) => button.textContent === 'Change to 10');
    expect(fix).toBeDefined();
    await act(async () => fix?.click());
    expect(useCartStore.getState().items[0]).toMatchObject({ quantity: 10, maxQuantity: 10 });
  });
});
