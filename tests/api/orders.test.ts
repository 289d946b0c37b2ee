import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/notifications/notifications.table.ts';
import { orderItems, orderStatusHistory, orders } from '#server/orders/orders.table.ts';
import { createProduct, defaultVariantOf } from '../factories/catalogue.ts';
import { createUser } from '../helpers/auth.ts';
import { orderBody, orderCount, outboxMails, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('orders', () => {
  let ctx: TestApp;
  const ids = {} as Record<'nano' | 'cable' | 'third' | 'gone' | 'retired' | 'shirt' | 'bench', string>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    ids.nano = (
      await createProduct(db, {
        name: 'Arduino Nano Every',
        sku: 'ARD-NANO',
        price: 12.99,
        stockQuantity: 3,
        images: ['/uploads/nano.webp'],
      })
    ).id;
    ids.cable = (await createProduct(db, { name: 'USB-C Cable', price: 0.1, stockQuantity: 1000 })).id;
    ids.third = (await createProduct(db, { name: 'Resistor Pack', price: 0.2, stockQuantity: 1000 })).id;
    ids.gone = (await createProduct(db, { name: 'Sold Out Thing', stockQuantity: 0 })).id;
    ids.retired = (await createProduct(db, { name: 'Retired Board', isActive: false, stockQuantity: 50 })).id;
    ids.shirt = (
      await createProduct(db, {
        name: 'Maker T-Shirt',
        price: 15,
        stockQuantity: 100,
        variations: [
          { name: 'Color', options: ['Black', 'White'] },
          { name: 'Size', options: ['M', 'L'] },
        ],
      })
    ).id;
    ids.bench = (
      await createProduct(db, { name: 'Bench Supply', price: 33.33, stockQuantity: 100, maxPerOrder: 100 })
    ).id;
  });
  afterAll(() => ctx.close());

  const calculate = (items: unknown[], extra: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders/calculate', payload: { items, ...extra } });
  const place = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object, headers });

  describe('POST /api/orders/calculate', () => {
    it('prices lines from the database in request order, with 11 % tax on the subtotal', async () => {
      const response = await calculate([
        { product_id: ids.cable, quantity: 3 },
        { product_id: ids.nano, quantity: 2 },
        { product_id: ids.third, quantity: 1 },
      ]);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.items.map((line: { product_id: string }) => line.product_id)).toEqual([
        ids.cable,
        ids.nano,
        ids.third,
      ]);
      expect(data.items[0]).toMatchObject({
        name: 'USB-C Cable',
        unit_price: 0.1,
        quantity: 3,
        line_total: 0.3,
        available: true,
      });
      expect(data.items[1]).toMatchObject({
        unit_price: 12.99,
        line_total: 25.98,
        image: '/uploads/nano.webp',
        stock_quantity: 3,
      });
      // 0.30 + 25.98 + 0.20 = 26.48 (never 26.479999…); tax 2.9128 → 2.91
      expect(data).toMatchObject({
        subtotal: 26.48,
        tax: 2.91,
        shipping: 0,
        discount: 0,
        total: 29.39,
        unavailable: [],
      });
    });

    it('rounds tax half away from zero on cents', async () => {
      // 33.33 × 3 = 99.99; tax 10.9989 → 11.00
      const { data } = (await calculate([{ product_id: ids.bench, quantity: 3 }], { promo_code: 'SAVE10' })).json();
      expect(data).toMatchObject({ subtotal: 99.99, tax: 11, total: 110.99, discount: 0 });
    });

    it('flags each unavailable line with a reason and leaves it out of the totals', async () => {
      const response = await calculate([
        { product_id: ids.cable, quantity: 1 },
        { product_id: randomUUID(), quantity: 1 },
        { product_id: ids.retired, quantity: 1 },
        { product_id: ids.gone, quantity: 1 },
        { product_id: ids.nano, quantity: 5 },
        { product_id: ids.shirt, quantity: 1, selectedVariations: { Color: 'Purple', Size: 'M' } },
        { product_id: ids.shirt, quantity: 1, selectedVariations: { Color: 'Black' } },
        { product_id: ids.cable, quantity: 1, selectedVariations: { Color: 'Black' } },
        { product_id: ids.shirt, quantity: 2, selectedVariations: { Color: 'Black', Size: 'L' } },
      ]);
      const { data } = response.json();
      const problems = data.items.map((line: { reason?: string; message?: string }) => [line.reason, line.message]);
      expect(problems).toEqual([
        [undefined, undefined],
        ['not_found', 'Product not found or unavailable'],
        ['unavailable', 'Product not found or unavailable'],
        ['out_of_stock', 'Product is out of stock'],
        ['insufficient_stock', 'Only 3 left in stock'],
        ['invalid_variation', 'Choose a valid Color'],
        ['invalid_variation', 'Choose a valid Size'],
        ['invalid_variation', 'This product has no options to choose'],
        [undefined, undefined],
      ]);
      expect(data.unavailable).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(data.items[4].stock_quantity).toBe(3);
      expect(data).toMatchObject({ subtotal: 30.1, tax: 3.31, total: 33.41 });
    });

    it('counts repeated lines of one product together against its stock', async () => {
      const { data } = (
        await calculate([
          { product_id: ids.nano, quantity: 2 },
          { product_id: ids.nano, quantity: 2 },
        ])
      ).json();
      expect(data.items.map((line: { available: boolean }) => line.available)).toEqual([true, false]);
      expect(data.items[1].message).toBe('Only 3 left in stock');
      expect(data.unavailable).toEqual([1]);
      expect(data.subtotal).toBe(25.98);
    });

    it('refuses a client price, an empty cart and bad quantities', async () => {
      for (const items of [
        [{ product_id: ids.cable, quantity: 1, price: 0.01 }],
        [],
        [{ product_id: ids.cable, quantity: 0 }],
        [{ product_id: ids.cable, quantity: 1.5 }],
        [{ product_id: 'not-a-uuid', quantity: 1 }],
      ]) {
        const response = await calculate(items);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('POST /api/orders', () => {
    it('places an order: snapshots, stock taken, history, a notification per admin and mails', async () => {
      const admins = [await createUser(ctx.database.db), await createUser(ctx.database.db, { role: 'super_admin' })];
      const shopper = await createUser(ctx.database.db, { role: 'customer' });
      const retired = await createUser(ctx.database.db, { isActive: false });
      const before = await outboxMails(ctx.app);
      const response = await place(
        orderBody(
          [
            { product_id: ids.nano, quantity: 3 },
            { product_id: ids.shirt, quantity: 2, selectedVariations: { Color: 'White', Size: 'M' } },
          ],
          { notes: '  Call before coming  ' },
        ),
      );
      expect(response.statusCode).toBe(201);
      const order = response.json().data;
      expect(order).toMatchObject({
        order_number: expect.stringMatching(/^CS-1\d{5}$/),
        status: 'pending',
        payment_status: 'pending',
        payment_method: 'cash_on_delivery',
        customer: { name: 'Rami Haddad', phone: '+9613123456', email: 'rami@example.com' },
        shipping_address: { city: 'Beirut', street: 'Bliss Street', building: 'Nour', floor: '3' },
        notes: 'Call before coming',
        promo_code: null,
        subtotal: 68.97,
        tax: 7.59,
        shipping: 0,
        discount: 0,
        total: 76.56,
      });
      expect(order.access_token).toMatch(/^[\w-]{43}$/);
      const nanoVariant = await defaultVariantOf(ctx.database.db, ids.nano);
      const shirtVariant = await defaultVariantOf(ctx.database.db, ids.shirt);
      expect(order.items).toEqual([
        {
          product_id: ids.nano,
          variant_id: nanoVariant.id, // its one default variant (decision 012)
          name: 'Arduino Nano Every',
          sku: 'ARD-NANO',
          image: '/uploads/nano.webp',
          unit_price: 12.99,
          quantity: 3,
          selectedVariations: {},
          line_total: 38.97,
        },
        expect.objectContaining({
          product_id: ids.shirt,
          // A default variant with shared-stock variations: the choices are the line's.
          variant_id: shirtVariant.id,
          name: 'Maker T-Shirt',
          quantity: 2,
          selectedVariations: { Color: 'White', Size: 'M' },
          line_total: 30,
        }),
      ]);

      const db = ctx.database.db;
      expect(await stockOf(db, ids.nano)).toEqual({ stock: 0, inStock: false });
      expect((await stockOf(db, ids.shirt)).stock).toBe(98);
      const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending' }]);
      const rows = await db.select().from(notifications).where(eq(notifications.orderId, order.id));
      const recipients = rows.map((row) => row.userId);
      for (const admin of admins) expect(recipients).toContain(admin.id);
      expect(recipients).not.toContain(shopper.id);
      expect(recipients).not.toContain(retired.id);
      const notification = rows.find((row) => row.userId === admins[0]?.id);
      expect(notification).toMatchObject({
        type: 'new_order',
        orderNumber: order.order_number,
        totalAmount: 76.56,
        status: 'pending',
        isRead: false,
      });
      expect(notification?.title).toContain(order.order_number);
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.position));
      expect(items.map((item) => item.unitPrice)).toEqual([12.99, 15]);

      const mails = (await outboxMails(ctx.app)).slice(before.length);
      expect(mails).toHaveLength(2);
      const shop = mails.find((mail) => mail.includes('To: hello@cedar.shop'));
      const customer = mails.find((mail) => mail.includes('To: rami@example.com'));
      expect(shop).toContain(order.order_number);
      expect(shop).toContain('Arduino Nano Every');
      expect(customer).toContain(order.order_number);
      // No PUBLIC_URL or ALLOWED_HOSTS here: no link (order-mail-links.test.ts has them).
      expect(customer).not.toContain('See your order');
    });

    it('reads an order with its token only; everything else is the same 404', async () => {
      const order = (
        await place(
          orderBody([{ product_id: ids.cable, quantity: 1 }], { customer: { name: 'Lea', phone: '+961 71 123 456' } }),
        )
      ).json().data;
      expect(order.customer).toEqual({ name: 'Lea', phone: '+96171123456', email: null });
      const ok = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.access_token}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
      expect(ok.json().data).toEqual(order);
      for (const url of [
        `/api/orders/${order.id}?token=${order.access_token.slice(0, -1)}x`,
        `/api/orders/${order.id}`,
        `/api/orders/${randomUUID()}?token=${order.access_token}`,
        `/api/orders/not-an-id?token=${order.access_token}`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Order not found', statusCode: 404, code: 'NOT_FOUND', errors: [] });
      }
    });

    it('gives order numbers from a sequence', async () => {
      const first = (await place(orderBody([{ product_id: ids.cable, quantity: 1 }]))).json().data.order_number;
      const second = (await place(orderBody([{ product_id: ids.cable, quantity: 1 }]))).json().data.order_number;
      expect(Number(second.slice(3))).toBe(Number(first.slice(3)) + 1);
    });

    it('answers GET /api/orders with 401 without a shopper session (tests/api/account-orders.test.ts has the rest)', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/orders' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('refuses bad input with a 4xx and writes nothing', async () => {
      const db = ctx.database.db;
      const good = { product_id: ids.bench, quantity: 1 };
      const cases: { payload: unknown; status: number; code: string; path?: string; message?: string }[] = [
        { payload: orderBody([{ ...good, price: 0.01 }]), status: 400, code: 'VALIDATION_ERROR', path: 'items.0' },
        {
          payload: orderBody([{ ...good, quantity: -1 }]),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'items.0.quantity',
          message: 'Quantity must be at least 1',
        },
        {
          payload: orderBody([{ ...good, quantity: 0 }]),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'items.0.quantity',
        },
        {
          payload: orderBody([{ ...good, quantity: 1.5 }]),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'items.0.quantity',
          message: 'Quantity must be a whole number',
        },
        {
          payload: orderBody([good, { product_id: randomUUID(), quantity: 1 }]),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'items.1',
          message: 'Product not found or unavailable',
        },
        {
          payload: orderBody([{ product_id: ids.retired, quantity: 1 }]),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'items.0',
          message: 'Product not found or unavailable',
        },
        {
          payload: orderBody([{ product_id: ids.shirt, quantity: 1, selectedVariations: { Color: 'Black' } }]),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'items.0',
          message: 'Choose a valid Size',
        },
        {
          payload: orderBody([good], { customer: { name: 'Rami', phone: '12 34' } }),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'customer.phone',
          message: 'Enter a Lebanese phone number (e.g. 03 123 456 or +961 3 123 456)',
        },
        {
          payload: orderBody([good], { customer: { phone: '03 123 456' } }),
          status: 400,
          code: 'VALIDATION_ERROR',
          path: 'customer.name',
          message: 'Name is required',
        },
        { payload: orderBody([good], { total: 1 }), status: 400, code: 'VALIDATION_ERROR' },
        { payload: orderBody([good], { notes: 'x'.repeat(1_100_000) }), status: 413, code: 'PAYLOAD_TOO_LARGE' },
        {
          payload: orderBody([good, { product_id: ids.gone, quantity: 1 }]),
          status: 409,
          code: 'OUT_OF_STOCK',
          path: 'items.1',
          message: 'Sold Out Thing is out of stock',
        },
        {
          payload: orderBody([good, { product_id: ids.bench, quantity: 100 }]),
          status: 409,
          code: 'OUT_OF_STOCK',
          path: 'items.1',
          message: 'Only 100 left of Bench Supply',
        },
      ];
      for (const testCase of cases) {
        const ordersBefore = await orderCount(db);
        const stockBefore = await stockOf(db, ids.bench);
        const response = await place(testCase.payload);
        expect(response.statusCode, JSON.stringify(testCase)).toBe(testCase.status);
        const body = response.json();
        expect(body.code).toBe(testCase.code);
        if (testCase.path) {
          expect(body.errors).toEqual(
            expect.arrayContaining([
              expect.objectContaining({ path: testCase.path, ...(testCase.message && { message: testCase.message }) }),
            ]),
          );
        }
        expect(await orderCount(db)).toBe(ordersBefore);
        expect(await stockOf(db, ids.bench)).toEqual(stockBefore);
      }
    });

    it('normalises the Lebanese phone forms shoppers type', async () => {
      for (const [typed, stored] of [
        ['03 123 456', '+9613123456'],
        ['+961 3 123 456', '+9613123456'],
        ['00961 71 123 456', '+96171123456'],
        ['71-123-456', '+96171123456'],
      ]) {
        const response = await place(
          orderBody([{ product_id: ids.cable, quantity: 1 }], { customer: { name: 'Rami', phone: typed } }),
        );
        expect(response.statusCode).toBe(201);
        expect(response.json().data.customer.phone).toBe(stored);
        const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, response.json().data.id));
        expect(row?.customerPhone).toBe(stored);
      }
    });
  });
});
