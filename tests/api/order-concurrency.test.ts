import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import { createProduct } from '../factories/catalogue.ts';
import { orderBody, orderCount, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** DESIGN.md "Data rules": no order can oversell, on PGlite or PostgreSQL (run with TEST_DATABASE_URL too). */
describe('orders under concurrency', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const place = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object, headers });

  // Rounds 2 and 3 start with the product in the in-memory catalogue, so racers first try the
  // one-statement path (migration 0003) and fall back to the careful one once its guard fails.
  it.each([
    [1, 'careful path only'],
    [2, 'one-statement path first'],
    [3, 'one-statement path first'],
  ])('50 shoppers race for 5 units: exactly 5 orders, stock never negative (round %i, %s)', async (round) => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'Raspberry Pi 5', price: 80, stockQuantity: 5 });
    if (round > 1) expect((await ctx.app.catalogue.fresh()).getProduct(product.id)?.stock_quantity).toBe(5);
    const ordersBefore = await orderCount(db);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => place(orderBody([{ product_id: product.id, quantity: 1 }]))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        errors: [{ path: 'items.0', message: 'Raspberry Pi 5 is out of stock' }],
      });
    }
    expect(await stockOf(db, product.id)).toEqual({ stock: 0, inStock: false });
    expect(await orderCount(db)).toBe(ordersBefore + 5);
  });

  it('10 concurrent requests with one Idempotency-Key make one order and all answer with it', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 5, stockQuantity: 100 });
    await ctx.app.catalogue.fresh();
    const body = orderBody([{ product_id: product.id, quantity: 2 }]);
    const key = 'checkout-attempt-0001';
    const responses = await Promise.all(Array.from({ length: 10 }, () => place(body, { 'idempotency-key': key })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect((await stockOf(db, product.id)).stock).toBe(98);

    // A later retry (the phone typed differently normalises to the same body) gets the same order.
    const retry = await place(
      { ...body, customer: { ...body.customer, phone: '+961 3 123 456' } },
      { 'idempotency-key': key },
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toEqual([...ids][0]);
  });

  it('refuses the same Idempotency-Key with a different order (422) and writes nothing', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 5, stockQuantity: 100 });
    const key = 'checkout-attempt-0002';
    expect(
      (await place(orderBody([{ product_id: product.id, quantity: 1 }]), { 'idempotency-key': key })).statusCode,
    ).toBe(201);
    const before = await orderCount(db);
    const response = await place(orderBody([{ product_id: product.id, quantity: 2 }]), { 'idempotency-key': key });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'This Idempotency-Key was already used for a different order' });
    expect(await orderCount(db)).toBe(before);
    expect((await stockOf(db, product.id)).stock).toBe(99);
    const [row] = await db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, product.id));
    expect(row?.stock).toBe(99);
  });

  it('rejects a malformed Idempotency-Key', async () => {
    const product = await createProduct(ctx.database.db, { stockQuantity: 10 });
    const response = await place(orderBody([{ product_id: product.id, quantity: 1 }]), {
      'idempotency-key': 'bad key!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});
