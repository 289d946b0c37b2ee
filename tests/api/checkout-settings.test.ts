import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { GUEST_CHECKOUT_OFF_MESSAGE } from '#shared/contracts/orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody, orderCount, outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Checkout and order pricing follow the shop's settings (docs/product.md#money-and-totals,
 * docs/product.md#checkout-zone-and-payment): the delivery zone's rate and the free-delivery threshold, the tax
 * rate and whether prices include it, the enabled payment methods, guest checkout. The quote
 * (`POST /orders/calculate`) and the order price through one path, so they agree to the cent;
 * a change in the admin counts from the next order on, without a restart. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('checkout follows the shop settings', () => {
  let ctx: TestApp;
  let staff: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    staff = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
  });
  afterAll(() => ctx.close());

  /** Back to the built-in payment, shipping, tax and system settings before each test. */
  beforeEach(async () => {
    const { payment, shipping, tax, system } = BUILT_IN_SETTINGS;
    const response = await staff('PUT', '/api/admin/settings', { payment, shipping, tax, system });
    expect(response.statusCode, response.body).toBe(200);
  });

  const put = async (section: string, patch: unknown) => {
    const response = await staff('PUT', `/api/admin/settings/${section}`, patch);
    expect(response.statusCode, response.body).toBe(200);
  };
  const calculate = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/orders/calculate', payload: body });
  const place = (body: object, token?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: token ? bearer(token) : {} });
  const withZone = (zone: string, extra: Record<string, unknown> = {}) => ({
    shipping_address: { city: 'Somewhere', street: 'Main Street', governorate: zone },
    ...extra,
  });

  it('defaults: every zone delivers for 0, 11 % VAT on top: today’s totals', async () => {
    const product = await createProduct(ctx.database.db, { price: 20, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 2 }];
    const quote = (await calculate({ items: lines, governorate: 'akkar' })).json().data;
    expect(quote).toMatchObject({
      subtotal: 40,
      tax: 4.4,
      shipping: 0,
      total: 44.4,
      tax_label: 'VAT',
      prices_include_tax: false,
      delivery: { zone: 'akkar', name: 'Akkar', rate: 0, free: false },
    });
    // Without a zone the quote has no delivery yet.
    expect((await calculate({ items: lines })).json().data).toMatchObject({ delivery: null, shipping: 0 });
    const order = await place(orderBody(lines, withZone('akkar')));
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data).toMatchObject({
      subtotal: 40,
      tax: 4.4,
      shipping: 0,
      total: 44.4,
      payment_method: 'cash_on_delivery',
      shipping_address: { governorate: 'akkar' },
    });
  });

  it('the zone’s rate is applied identically by the quote and the order, and the order keeps zone and cost', async () => {
    await put('shipping', {
      zones: { beirut: { rate: 3.5, delivery_days_min: 1, delivery_days_max: 2 }, bekaa: { rate: 6 } },
    });
    const product = await createProduct(ctx.database.db, { price: 12.5, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 3 }];
    for (const [zone, shipping] of [
      ['beirut', 3.5],
      ['bekaa', 6],
      ['south', 0],
    ] as const) {
      const quote = (await calculate({ items: lines, governorate: zone })).json().data;
      expect(quote).toMatchObject({ subtotal: 37.5, tax: 4.13, shipping, total: 41.63 + shipping });
      const placed = await place(orderBody(lines, withZone(zone)));
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().data;
      expect(order).toMatchObject({ subtotal: quote.subtotal, tax: quote.tax, shipping, total: quote.total });
      // Read back as stored: the zone in the address, the cost in `shipping`.
      const stored = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}?token=${order.access_token}`,
      });
      expect(stored.json().data).toMatchObject({
        shipping,
        total: quote.total,
        shipping_address: { governorate: zone },
      });
    }
    expect((await calculate({ items: lines, governorate: 'beirut' })).json().data.delivery).toEqual({
      zone: 'beirut',
      name: 'Beirut',
      rate: 3.5,
      delivery_days_min: 1,
      delivery_days_max: 2,
      free: false,
    });
  });

  it('delivery is free once the goods after the discount reach the threshold', async () => {
    await put('shipping', { zones: { north: { rate: 5 } }, free_delivery_threshold: 50 });
    const product = await createProduct(ctx.database.db, { price: 25, stockQuantity: 10 });
    const below = (await calculate({ items: [{ product_id: product.id, quantity: 1 }], governorate: 'north' })).json()
      .data;
    expect(below).toMatchObject({ subtotal: 25, shipping: 5, total: 25 + 2.75 + 5, delivery: { free: false } });
    const at = (await calculate({ items: [{ product_id: product.id, quantity: 2 }], governorate: 'north' })).json()
      .data;
    expect(at).toMatchObject({ subtotal: 50, shipping: 0, total: 55.5, delivery: { rate: 5, free: true } });
    const placed = await place(orderBody([{ product_id: product.id, quantity: 2 }], withZone('north')));
    expect(placed.json().data).toMatchObject({ shipping: 0, total: 55.5 });
  });

  it('prices with tax included: the tax is the part of the price that is tax, the total does not grow', async () => {
    await put('tax', { rate: 11, label: 'TVA', prices_include_tax: true });
    await put('shipping', { zones: { beirut: { rate: 4 } } });
    const product = await createProduct(ctx.database.db, { price: 111, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 1 }];
    const quote = (await calculate({ items: lines, governorate: 'beirut' })).json().data;
    // 111 holds 111 × 11 / 111 = 11.00 of tax; delivery is not taxed.
    expect(quote).toMatchObject({
      subtotal: 111,
      tax: 11,
      shipping: 4,
      total: 115,
      tax_label: 'TVA',
      prices_include_tax: true,
    });
    const placed = await place(orderBody(lines, withZone('beirut')));
    expect(placed.json().data).toMatchObject({ subtotal: 111, tax: 11, shipping: 4, total: 115 });

    // Added on top at another rate.
    await put('tax', { rate: 5.5, prices_include_tax: false });
    const added = (await calculate({ items: lines, governorate: 'beirut' })).json().data;
    expect(added).toMatchObject({ subtotal: 111, tax: 6.11, shipping: 4, total: 121.11, prices_include_tax: false });
  });

  it('checkout needs a governorate; an unknown one is refused on the field', async () => {
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const before = await orderCount(ctx.database.db);
    const missing = await place(
      orderBody([{ product_id: product.id, quantity: 1 }], { shipping_address: { city: 'Beirut', street: 'Bliss' } }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual(
      expect.objectContaining({ path: 'shipping_address.governorate', message: 'Choose your governorate' }),
    );
    const unknown = await place(orderBody([{ product_id: product.id, quantity: 1 }], withZone('mars')));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual(expect.objectContaining({ path: 'shipping_address.governorate' }));
    expect(await orderCount(ctx.database.db)).toBe(before);
  });

  it('only enabled payment methods are taken; the order records the method', async () => {
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 1 }];
    const before = await orderCount(ctx.database.db);
    for (const method of ['bank_transfer', 'card', 'cheque']) {
      const refused = await place(orderBody(lines, withZone('beirut', { payment_method: method })));
      expect(refused.statusCode, method).toBe(400);
      expect(refused.json().errors, method).toContainEqual(expect.objectContaining({ path: 'payment_method' }));
    }
    expect(await orderCount(ctx.database.db)).toBe(before);

    await put('payment', { bank_transfer: { enabled: true, instructions: 'IBAN LB00 0000 0000 0000' } });
    const placed = await place(orderBody(lines, withZone('beirut', { payment_method: 'bank_transfer' })));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.payment_method).toBe('bank_transfer');
    // The mails say how to pay.
    const number = placed.json().data.order_number;
    const mails = (await outboxMails(ctx.app)).filter((mail) => mail.includes(number));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail).toContain('Payment: bank transfer');
      expect(mail).toContain('IBAN LB00 0000 0000 0000');
    }

    // Cash on delivery switched off (bank transfer still on): refused too, named by its label.
    await put('payment', { cash_on_delivery: { enabled: false } });
    const cash = await place(orderBody(lines, withZone('beirut')));
    expect(cash.statusCode).toBe(400);
    expect(cash.json().errors).toEqual([
      { path: 'payment_method', message: 'Cash on delivery is not available: choose another payment method' },
    ]);
  });

  it('guest checkout off: a guest is refused with a clear 401, a signed-in shopper orders', async () => {
    await put('system', { guest_checkout: false });
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 1 }];
    const before = await orderCount(ctx.database.db);
    const guest = await place(orderBody(lines));
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(GUEST_CHECKOUT_OFF_MESSAGE);
    expect(await orderCount(ctx.database.db)).toBe(before);
    const session = await signUpShopper(ctx.app, { phone: '03 888 123' });
    const placed = await place(orderBody(lines), session.access_token);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('a settings change counts from the next order on, without a restart', async () => {
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 1 }];
    const first = await place(orderBody(lines, withZone('nabatieh')));
    expect(first.json().data).toMatchObject({ shipping: 0, total: 11.1 });
    await put('shipping', { zones: { nabatieh: { rate: 7.25 } } });
    await put('tax', { rate: 10 });
    const second = await place(orderBody(lines, withZone('nabatieh')));
    expect(second.json().data).toMatchObject({ shipping: 7.25, tax: 1, total: 18.25 });
  });

  it('staff orders take any known method and need no zone (a counter sale: no delivery cost)', async () => {
    await put('shipping', { zones: { beirut: { rate: 3 } } });
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const counter = await staff(
      'POST',
      '/api/admin/orders',
      orderBody([{ product_id: product.id, quantity: 1 }], {
        shipping_address: { city: 'Beirut', street: 'Shop counter' },
        payment_method: 'bank_transfer',
      }),
    );
    expect(counter.statusCode, counter.body).toBe(201);
    expect(counter.json().data).toMatchObject({ shipping: 0, total: 11.1, payment_method: 'bank_transfer' });
    const delivered = await staff('POST', '/api/admin/orders', orderBody([{ product_id: product.id, quantity: 1 }]));
    expect(delivered.json().data).toMatchObject({ shipping: 3, total: 14.1 });
  });
});
