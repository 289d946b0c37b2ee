import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/products/products.table.ts';
import { createProduct } from '../factories/catalogue.ts';
import { orderBody, orderCount, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * POST /orders usually prices from the in-memory catalogue and lets one database call
 * (cedar_place_order, src/server/orders/place-order.sql) check it. These change the database
 * behind the catalogue's back and expect the database to win, through the careful path.
 *
 * The placement rules are written twice in SQL (the function's guard, and place-order.ts
 * `takeStock` on the careful path) and explained once in TypeScript (`priceLines`); the last
 * block takes each rule in turn through both.
 */
describe('order placement: the one-statement path and its guard', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const place = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object });
  const linePrices = (body: { data: { items: { unit_price: number }[] } }) =>
    body.data.items.map((item) => item.unit_price);

  it('places an order in one statement when the catalogue is up to date', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'Guarded Relay', price: 4.5, stockQuantity: 10 });
    await ctx.app.catalogue.fresh();
    const response = await place(orderBody([{ product_id: product.id, quantity: 3 }]));
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ subtotal: 13.5, tax: 1.49, total: 14.99 });
    expect(await stockOf(db, product.id)).toEqual({ stock: 7, inStock: true });
  });

  it('a price changed behind the catalogue: the order takes the database price, stock taken once', async () => {
    const db = ctx.database.db;
    const repriced = await createProduct(db, { name: 'Repriced Sensor', price: 10, stockQuantity: 10 });
    const steady = await createProduct(db, { name: 'Steady Cable', price: 2, stockQuantity: 10 });
    await ctx.app.catalogue.fresh();
    await db.update(products).set({ price: 12 }).where(eq(products.id, repriced.id));

    const response = await place(
      orderBody([
        { product_id: steady.id, quantity: 2 },
        { product_id: repriced.id, quantity: 1 },
      ]),
    );
    expect(response.statusCode).toBe(201);
    expect(linePrices(response.json())).toEqual([2, 12]);
    expect((await stockOf(db, steady.id)).stock).toBe(8);
    expect((await stockOf(db, repriced.id)).stock).toBe(9);
  });

  it('stock sold behind the catalogue: 409 naming the line, and no stock taken from the others', async () => {
    const db = ctx.database.db;
    const scarce = await createProduct(db, { name: 'Scarce Module', price: 9, stockQuantity: 10 });
    const plenty = await createProduct(db, { name: 'Plenty Wire', price: 1, stockQuantity: 10 });
    await ctx.app.catalogue.fresh();
    await db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, scarce.id));
    const before = await orderCount(db);

    const response = await place(
      orderBody([
        { product_id: plenty.id, quantity: 4 },
        { product_id: scarce.id, quantity: 2 },
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      errors: [{ path: 'items.1', message: 'Only 1 left of Scarce Module' }],
    });
    expect((await stockOf(db, plenty.id)).stock).toBe(10);
    expect((await stockOf(db, scarce.id)).stock).toBe(1);
    expect(await orderCount(db)).toBe(before);
  });

  it('a product retired behind the catalogue: 400 for that line, nothing written', async () => {
    const db = ctx.database.db;
    const retiring = await createProduct(db, { name: 'Retiring Shield', price: 7, stockQuantity: 10 });
    await ctx.app.catalogue.fresh();
    await db.update(products).set({ isActive: false }).where(eq(products.id, retiring.id));
    const before = await orderCount(db);

    const response = await place(orderBody([{ product_id: retiring.id, quantity: 1 }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'items.0', message: 'Product not found or unavailable' }]);
    expect((await stockOf(db, retiring.id)).stock).toBe(10);
    expect(await orderCount(db)).toBe(before);
  });

  describe('each placement rule holds on both paths', () => {
    /** The guard's own answer to a stock claim, called directly: null when it took the stock. */
    const guardRefusal = async (claim: { id: string; quantity: number; price: number }) => {
      const stock = JSON.stringify([claim]);
      const failure: { message?: string; cause?: { message?: string } } | null = await ctx.database.db
        .execute(sql`select * from cedar_place_order(${stock}::jsonb, '{}'::jsonb, '[]'::jsonb, 'x')`)
        .then(
          () => null,
          (error: unknown) => error as { message?: string },
        );
      return failure ? (failure.cause?.message ?? failure.message) : null;
    };

    const rules = [
      {
        rule: 'active',
        change: { isActive: false },
        quantity: 1,
        answer: { status: 400, message: 'Product not found or unavailable' },
      },
      {
        rule: 'enough stock',
        change: { stockQuantity: 2 },
        quantity: 3,
        answer: { status: 409, message: 'Only 2 left of Rule Part' },
      },
      {
        rule: 'within max_per_order',
        change: { maxPerOrder: 2 },
        quantity: 3,
        answer: { status: 400, message: 'At most 2 of Rule Part per order' },
      },
    ] as const;

    for (const { rule, change, quantity, answer } of rules) {
      it(`${rule}: the SQL guard takes nothing, the careful path refuses the line`, async () => {
        const db = ctx.database.db;
        const product = await createProduct(db, { name: 'Rule Part', price: 5, stockQuantity: 10 });
        await ctx.app.catalogue.fresh();
        await db.update(products).set(change).where(eq(products.id, product.id));
        const stockBefore = (await stockOf(db, product.id)).stock;
        const before = await orderCount(db);

        expect(await guardRefusal({ id: product.id, quantity, price: 5 })).toBe('cedar:order-stock-guard');
        const response = await place(orderBody([{ product_id: product.id, quantity }]));
        expect(response.statusCode).toBe(answer.status);
        expect(response.json().errors).toEqual([{ path: 'items.0', message: answer.message }]);
        expect((await stockOf(db, product.id)).stock).toBe(stockBefore);
        expect(await orderCount(db)).toBe(before);
      });
    }

    it('at the priced price: the SQL guard refuses a claim at another price (the careful path reprices: above)', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { name: 'Rule Part', price: 5, stockQuantity: 10 });
      expect(await guardRefusal({ id: product.id, quantity: 1, price: 4 })).toBe('cedar:order-stock-guard');
      // At the right price the guard lets the claim through; this bare call then fails further on
      // (its empty order head has no customer name), which rolls the stock back too.
      expect(await guardRefusal({ id: product.id, quantity: 1, price: 5 })).not.toBe('cedar:order-stock-guard');
      expect((await stockOf(db, product.id)).stock).toBe(10);
    });
  });
});
