import { describe, expect, it } from 'vitest';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { ORDER_STATUSES } from '#shared/contracts/orders.ts';
import { lineTotalCents, toCents } from '#shared/money.ts';
import { normalizePhone } from '#shared/phone.ts';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import { DEMO_CATALOGUE_AGE_OFFSET_DAYS, type DemoOrderProduct, demoOrderHistory } from './demo-orders.ts';

// Six months back from late November: across the end of summer time in Beirut (late October).
const now = new Date('2026-11-28T08:30:00Z');
const products: DemoOrderProduct[] = SEED_PRODUCTS.filter((product) => product.isActive).map((product) => ({
  id: product.slug,
  name: product.name,
  image: null,
  addedDaysAgo: product.createdDaysAgo + DEMO_CATALOGUE_AGE_OFFSET_DAYS,
  variations: product.variations,
  variants: (product.variants ?? [{ sku: product.sku, options: {}, price: product.price }]).map((variant) => ({
    id: variant.sku,
    sku: variant.sku,
    options: variant.options,
    priceCents: toCents(variant.price),
    image: null,
  })),
}));
const added = new Map(products.map((product) => [product.id, product.addedDaysAgo]));
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the demo order history', () => {
  const history = demoOrderHistory(products, BUILT_IN_SETTINGS, now, 'Asia/Beirut');

  it('is the same on every run', () => {
    expect(demoOrderHistory(products, BUILT_IN_SETTINGS, now, 'Asia/Beirut')).toEqual(history);
  });

  it('lies in the past, oldest first, each step after the one before', () => {
    let previous = 0;
    for (const order of history.orders) {
      expect(order.placedAt.getTime()).toBeGreaterThanOrEqual(previous);
      previous = order.placedAt.getTime();
      const times = order.events.map((event) => event.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times, order.updatedAt.getTime())).toBeLessThan(now.getTime());
      expect(order.events[0]).toMatchObject({ from: null, to: 'pending' });
      expect(order.events.at(-1)?.to).toBe(order.status);
      for (const [index, event] of order.events.entries()) {
        if (index > 0) expect(event.from).toBe(order.events[index - 1]?.to);
        expect(ORDER_STATUSES).toContain(event.to);
      }
    }
  });

  it('sells a product only once it is in the catalogue, at its price, with totals that add up', () => {
    for (const order of history.orders) {
      const age = (now.getTime() - order.placedAt.getTime()) / DAY_MS;
      for (const line of order.lines) expect(added.get(line.productId)).toBeGreaterThanOrEqual(Math.floor(age));
      const subtotal = order.lines.reduce((sum, line) => sum + lineTotalCents(line.unitPriceCents, line.quantity), 0);
      expect(toCents(order.subtotal)).toBe(subtotal);
      expect(toCents(order.total)).toBe(
        subtotal - toCents(order.discount) + toCents(order.tax) + toCents(order.shipping),
      );
      expect(order.promo).toBe(order.discount > 0);
    }
  });

  it('is paid as the shop would be: cash when delivered, a transfer once confirmed; refunds only of delivered orders', () => {
    for (const order of history.orders) {
      if (order.status === 'delivered') expect(order.paymentStatus).not.toBe('pending');
      if (order.status === 'pending' || order.status === 'cancelled') expect(order.paymentStatus).toBe('pending');
      if (order.paymentMethod === 'cash_on_delivery' && order.status !== 'delivered') {
        expect(order.paymentStatus).toBe('pending');
      }
      if (order.refund) {
        expect(order.status).toBe('delivered');
        expect(order.refund.amount).toBeLessThanOrEqual(order.total);
        expect(order.paymentStatus).toBe(order.refund.amount === order.total ? 'refunded' : 'partially_refunded');
      }
      expect(order.deliveredAt !== null).toBe(order.status === 'delivered');
    }
  });

  it('has shoppers with valid, distinct phones, a third of them coming back', () => {
    const phones = history.customers.map((customer) => normalizePhone(customer.phone));
    expect(phones).toEqual(history.customers.map((customer) => customer.phone));
    expect(new Set(phones).size).toBe(phones.length);
    expect(history.customers.length).toBeLessThan(history.orders.length * 0.8);
    expect(new Set(history.orders.map((order) => order.customer)).size).toBe(history.customers.length);
  });
});
