import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/products/products.table.ts';
import { createProduct } from '../factories/catalogue.ts';
import { orderBody, orderCount, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * POST /orders usually prices from the in-memory catalogue and lets one database call
 * (cedar_place_order, migration 0003) check it. These change the database behind the catalogue's
 * back and expect the database to win, through the careful path.
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
});
