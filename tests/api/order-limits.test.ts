import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, orderCount, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 18: one guest could take a product's whole stock in one cash-on-delivery order. Products
 * now have a maximum per order (admin-editable, default 10), explained by calculate and enforced
 * by order placement (both paths and the SQL guard); POST /orders has a per-IP rate limit.
 */
describe('order limits', () => {
  let ctx: TestApp;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { email: 'limits-boss@cedar.test', role: 'admin' });
    token = (await signInAs(ctx.app, admin.email)).token;
  });
  afterAll(() => ctx.close());

  const calculate = (items: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders/calculate', payload: { items } });
  const place = (items: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(items as Record<string, unknown>[]) });

  describe('max_per_order on the product', () => {
    it('defaults to 10 and is part of the storefront answer (the cart reads it)', async () => {
      const product = await createProduct(ctx.database.db, { stockQuantity: 500 });
      await ctx.app.catalogue.fresh();
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ stock_quantity: 500, max_per_order: 10 });
    });

    it('is set and changed by staff, between 1 and 100', async () => {
      const create = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: bearer(token),
        payload: { name: 'Soldering Iron', price: 30, stock_quantity: 40, max_per_order: 2 },
      });
      expect(create.statusCode).toBe(201);
      const { id } = create.json().data;
      expect(create.json().data.max_per_order).toBe(2);

      const update = (payload: object) =>
        ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: bearer(token), payload });
      expect((await update({ max_per_order: 5 })).json().data.max_per_order).toBe(5);
      for (const [value, message] of [
        [0, 'Max per order must be at least 1'],
        [101, 'Max per order must be at most 100'],
        [2.5, 'Max per order must be a whole number'],
      ] as const) {
        const refused = await update({ max_per_order: value });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual([{ path: 'max_per_order', message }]);
      }
      await ctx.app.catalogue.fresh();
      const stored = await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(stored.json().data.max_per_order).toBe(5);
    });
  });

  describe('POST /orders/calculate', () => {
    it('flags a line above the limit with the limit as its fix, counting lines of one product together', async () => {
      const product = await createProduct(ctx.database.db, {
        name: 'Logic Analyser',
        stockQuantity: 50,
        maxPerOrder: 3,
      });
      const response = await calculate([
        { product_id: product.id, quantity: 4 },
        { product_id: product.id, quantity: 2 },
        { product_id: product.id, quantity: 2 },
      ]);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.items[0]).toMatchObject({
        available: false,
        reason: 'over_limit',
        message: 'At most 3 per order',
        max_per_order: 3,
        stock_quantity: 50,
      });
      expect(data.items[1]).toMatchObject({ available: true, max_per_order: 3 });
      // 2 + 2 is more than 3: the later line is the one refused.
      expect(data.items[2]).toMatchObject({ available: false, reason: 'over_limit' });
      expect(data.unavailable).toEqual([0, 2]);
    });

    it('speaks of the stock when the stock is the tighter bound', async () => {
      const product = await createProduct(ctx.database.db, { stockQuantity: 2, maxPerOrder: 10 });
      const { data } = (await calculate([{ product_id: product.id, quantity: 12 }])).json();
      expect(data.items[0]).toMatchObject({ reason: 'insufficient_stock', message: 'Only 2 left in stock' });
    });
  });

  describe('POST /orders', () => {
    it('refuses more than the limit with a 400 naming it, takes nothing, and accepts exactly the limit', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { name: 'Bench Multimeter', stockQuantity: 100 });
      // Both ways in: the in-memory catalogue knows the product (one-statement path) or not yet.
      for (const fresh of [false, true]) {
        if (fresh) await ctx.app.catalogue.fresh();
        const before = await orderCount(db);
        const response = await place([{ product_id: product.id, quantity: 11 }]);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'Some items in your cart cannot be ordered',
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          errors: [{ path: 'items.0', message: 'At most 10 of Bench Multimeter per order' }],
        });
        expect(await orderCount(db)).toBe(before);
        expect((await stockOf(db, product.id)).stock).toBe(100);
      }
      const split = await place([
        { product_id: product.id, quantity: 6 },
        { product_id: product.id, quantity: 5 },
      ]);
      expect(split.statusCode).toBe(400);
      expect(split.json().errors).toEqual([{ path: 'items.1', message: 'At most 10 of Bench Multimeter per order' }]);

      const exactly = await place([{ product_id: product.id, quantity: 10 }]);
      expect(exactly.statusCode).toBe(201);
      expect((await stockOf(db, product.id)).stock).toBe(90);
    });

    it('the SQL guard (cedar_place_order) takes nothing beyond the limit even when the catalogue is behind', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 10, stockQuantity: 100, maxPerOrder: 3 });
      const stock = JSON.stringify([{ id: product.id, quantity: 4, price: 10 }]);
      const failure: { message?: string; cause?: { message?: string } } | null = await db
        .execute(sql`select * from cedar_place_order(${stock}::jsonb, '{}'::jsonb, '[]'::jsonb, 'x')`)
        .then(
          () => null,
          (error: unknown) => error as { message?: string },
        );
      expect(failure?.cause?.message ?? failure?.message).toBe('cedar:order-stock-guard');
      expect((await stockOf(db, product.id)).stock).toBe(100);
    });
  });

  describe('per-IP rate limit on POST /orders', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ database: ctx.database, orderRateLimit: { limit: 2, windowMs: 60_000 } });
    });
    afterAll(() => limited.close());

    it('answers 429 with retry-after once an IP has placed its orders for the window', async () => {
      const product = await createProduct(ctx.database.db, { stockQuantity: 100 });
      const body = orderBody([{ product_id: product.id, quantity: 1 }]);
      const post = () => limited.app.inject({ method: 'POST', url: '/api/orders', payload: body });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        message: 'Too many orders. Please try again later.',
        statusCode: 429,
        code: 'RATE_LIMITED',
        errors: [],
      });
      expect((await stockOf(ctx.database.db, product.id)).stock).toBe(98);
    });
  });
});
