import { describe, expect, it } from 'vitest';
import type { OrderCalculation } from '#shared/contracts/orders.ts';
import type { CartItem } from '#web/stores/cart-store.ts';
import { isCheckoutField } from './checkout-form.tsx';
import { newIdempotencyKey, orderLinesOf, promoValidateRequest } from './checkout-queries.ts';

const line = (productId: string, quantity: number, selectedVariations: Record<string, string> = {}): CartItem => ({
  id: `${productId}-1`,
  productId,
  variantId: null,
  sku: null,
  name: productId,
  price: 99,
  compareAtPrice: null,
  image: null,
  quantity,
  inStock: true,
  maxQuantity: 10,
  selectedVariations,
  addedAt: '2026-11-23T10:00:00.000Z',
});

describe('checkout requests', () => {
  it('sends the cart as lines in cart order, with choices only when there are some, and never a price', () => {
    expect(orderLinesOf([line('a', 2, { Color: 'Blue' }), line('b', 1)])).toEqual([
      { product_id: 'a', quantity: 2, selectedVariations: { Color: 'Blue' } },
      { product_id: 'b', quantity: 1 },
    ]);
  });

  it('names the variant of each line; an old line without one lets the server resolve it (decision 012)', () => {
    const variantId = '30000000-0000-4000-8000-000000000005';
    expect(orderLinesOf([{ ...line('a', 1, { Memory: '8 GB' }), variantId }, line('b', 1)])).toEqual([
      { product_id: 'a', variant_id: variantId, quantity: 1, selectedVariations: { Memory: '8 GB' } },
      { product_id: 'b', quantity: 1 },
    ]);
  });

  it("asks validate about the lines as ordered, with the calculation's SKU and price, and the phone when known", () => {
    const variantId = '30000000-0000-4000-8000-000000000005';
    const lines = orderLinesOf([{ ...line('a', 2, { Color: 'Blue' }), variantId }, line('b', 1)]);
    const calculation = {
      subtotal: 250,
      items: [
        { product_id: 'a', sku: 'CS-A-BLUE', unit_price: 75.5 },
        { product_id: 'b', sku: null, unit_price: 99 },
      ],
    } as unknown as OrderCalculation;
    expect(promoValidateRequest('SAVE5', lines, calculation, '+9613123456')).toEqual({
      code: 'SAVE5',
      order_subtotal: 250,
      cart_items: [
        {
          product_id: 'a',
          variant_id: variantId,
          sku: 'CS-A-BLUE',
          selectedVariations: { Color: 'Blue' },
          quantity: 2,
          price: 75.5,
        },
        { product_id: 'b', quantity: 1, price: 99 },
      ],
      customer_phone: '+9613123456',
    });
    // Before the first calculation: the lines alone.
    expect(promoValidateRequest('SAVE5', lines.slice(1), undefined, null)).toEqual({
      code: 'SAVE5',
      cart_items: [{ product_id: 'b', quantity: 1 }],
    });
  });

  it('makes a new idempotency key each time, of the length the server accepts', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[\w-]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('maps server field errors to form fields, and only those', () => {
    expect(isCheckoutField('customer.phone')).toBe(true);
    expect(isCheckoutField('shipping_address.city')).toBe(true);
    expect(isCheckoutField('items.0')).toBe(false);
    expect(isCheckoutField('customer')).toBe(false);
  });
});
