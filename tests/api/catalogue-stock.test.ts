import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL } from '#server/catalogue/catalogue-read-model.ts';
import type { Subscription } from '#server/db/client.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { createCategory, createProduct, defaultVariantOf, updateDefaultVariant } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Stock changes (orders, cancellations, admin stock edits) reach the in-memory catalogue with their
 * values (migrations 0008, 0009: per variant), so storefront reads neither wait for the database nor lose the caches
 * stock does not touch, and still always show the current stock (decision 005). Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('stock changes in the catalogue read model', () => {
  let ctx: TestApp;
  let subscription: Subscription;
  const announced: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    subscription = await ctx.database.listen(CATALOGUE_CHANNEL, {
      onMessage: (payload) => announced.push(payload),
      onGap: () => {},
    });
  });
  afterAll(async () => {
    await subscription.close();
    await ctx.close();
  });

  /** What the database announced for `write` (every notification committed by it). */
  const announcementsOf = async (write: () => Promise<unknown>) => {
    await subscription.sync();
    announced.length = 0;
    await write();
    await subscription.sync();
    return [...announced];
  };
  const getProduct = async (slug: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/products/${slug}` })).json().data;
  const search = async (body: object) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/search', payload: body })).json().data;

  it('announces a stock-only variant update with its values, and any other update by product id', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'Announced Relay', stockQuantity: 10 });
    const variant = await defaultVariantOf(db, product.id);
    const byId = eq(productVariants.id, variant.id);
    const level = (qty: number, flag: 't' | 'f') =>
      new RegExp(`^stock:${variant.id}:${product.id}:${qty}:${flag}:\\d+$`);

    // The variant's level, once: the roll-up's stock-only product update announces nothing more.
    const stockOnly = await announcementsOf(() => db.update(productVariants).set({ stockQuantity: 7 }).where(byId));
    const [row] = await db.select().from(productVariants).where(byId);
    expect(stockOnly).toEqual([`stock:${variant.id}:${product.id}:7:t:${row?.updatedAt.getTime()}`]);

    const soldOut = await announcementsOf(() => db.update(productVariants).set({ stockQuantity: 0 }).where(byId));
    expect(soldOut).toEqual([expect.stringMatching(level(0, 'f'))]);

    // An order's statement (raw SQL) is stock-only too.
    const rawOrder = await announcementsOf(() =>
      db.execute(sql`update product_variants set stock_quantity = stock_quantity + 5 where id = ${variant.id}`),
    );
    expect(rawOrder).toEqual([expect.stringMatching(level(5, 't'))]);

    // A price is content: the product is named (by the variant and the rolled-up product rows).
    const priced = await announcementsOf(() =>
      db.update(productVariants).set({ price: 12, stockQuantity: 4 }).where(byId),
    );
    expect(new Set(priced)).toEqual(new Set([`products:${product.id}`]));
    const [rolled] = await db.select().from(products).where(eq(products.id, product.id));
    expect(rolled).toMatchObject({ price: 12, priceMax: 12, stockQuantity: 4 });
  });

  it('one order, one notification, and the catalogue agrees with the database after orders and a cancel', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'Counted Clip', slug: 'counted-clip', stockQuantity: 6 });
    const variant = await defaultVariantOf(db, product.id);
    let placed = '';
    const order = await announcementsOf(async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: product.id, quantity: 2 }]),
      });
      expect(response.statusCode, response.body).toBe(201);
      placed = response.json().data.id;
    });
    expect(order).toEqual([expect.stringMatching(new RegExp(`^stock:${variant.id}:${product.id}:4:t:\\d+$`))]);

    const staff = await createUser(db);
    const api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    const cancel = await api('PUT', `/api/admin/orders/${placed}`, { status: 'cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stockQuantity).toBe(6);
    expect(await getProduct('counted-clip')).toMatchObject({
      stock_quantity: row?.stockQuantity,
      in_stock: row?.inStock,
      variants: [{ id: variant.id, stock_quantity: 6, in_stock: true }],
    });
  });

  it('serves a stock change on the next read without waiting for the database', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { name: 'Unqueued Sensor', slug: 'unqueued-sensor', stockQuantity: 10 });
    await ctx.app.catalogue.fresh();
    await updateDefaultVariant(db, product.id, { stockQuantity: 3 });
    const [row] = await db.select().from(productVariants).where(eq(productVariants.productId, product.id));

    // Hold a database connection in an open transaction (on PGlite: its only one, as a queued
    // order would). The read must still answer, with the new stock, before it is released.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding();
      await gate;
    });
    await held;
    try {
      const read = getProduct('unqueued-sensor');
      const winner = await Promise.race([
        read.then(() => 'read'),
        new Promise((resolve) => setTimeout(() => resolve('database still held'), 2000)),
      ]);
      expect(winner).toBe('read');
      expect(await read).toMatchObject({ stock_quantity: 3, in_stock: true, updated_at: row?.updatedAt.toISOString() });
    } finally {
      release();
      await transaction;
    }
  });

  it('an order shows in every read at once: stock, in-stock filter, facet counts, suggestions', async () => {
    const db = ctx.database.db;
    const category = await createCategory(db, { name: 'Stock Probes', slug: 'stock-probes' });
    const last = await createProduct(db, {
      name: 'Oscilloscope Probe Last',
      slug: 'oscilloscope-probe-last',
      categoryId: category.id,
      stockQuantity: 2,
    });
    await createProduct(db, {
      name: 'Oscilloscope Probe Spare',
      slug: 'oscilloscope-probe-spare',
      categoryId: category.id,
      stockQuantity: 50,
    });
    const browse = { filters: { category: 'stock-probes' }, facets: ['in_stock'] };
    const inStockOnly = { filters: { category: 'stock-probes', in_stock: true } };
    // Fill the caches first: these answers must not outlive the stock they show.
    expect((await search(browse)).facets.in_stock).toEqual({ true: 2 });
    expect((await search(inStockOnly)).total).toBe(2);
    expect(
      (await search({ q: 'oscilloscope probe' })).hits.map((hit: { stock_quantity: number }) => hit.stock_quantity),
    ).toEqual(expect.arrayContaining([2, 50]));
    const suggestions = await ctx.app.inject({ method: 'GET', url: '/api/search/suggestions?q=oscilloscope' });
    expect(suggestions.json().data.every((entry: { in_stock: boolean }) => entry.in_stock)).toBe(true);

    // One unit sold: the cached text search shows the new quantity.
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: last.id, quantity: 1 }]),
    });
    expect(first.statusCode).toBe(201);
    const afterOne = await search({ q: 'oscilloscope probe' });
    expect(afterOne.hits.find((hit: { id: string }) => hit.id === last.id)).toMatchObject({
      stock_quantity: 1,
      in_stock: true,
    });
    expect((await search(browse)).facets.in_stock).toEqual({ true: 2 });

    // The last unit sold: out of stock everywhere, never served as in stock.
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: last.id, quantity: 1 }]),
    });
    expect(second.statusCode).toBe(201);
    expect(await getProduct('oscilloscope-probe-last')).toMatchObject({ stock_quantity: 0, in_stock: false });
    expect((await search(browse)).facets.in_stock).toEqual({ true: 1, false: 1 });
    expect((await search(inStockOnly)).hits.map((hit: { slug: string }) => hit.slug)).toEqual([
      'oscilloscope-probe-spare',
    ]);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/products?category=stock-probes&in_stock=true' })
    ).json();
    expect(list.data.map((product: { slug: string }) => product.slug)).toEqual(['oscilloscope-probe-spare']);
    const afterSale = await ctx.app.inject({ method: 'GET', url: '/api/search/suggestions?q=oscilloscope' });
    expect(afterSale.json().data.find((entry: { id: string }) => entry.id === last.id)).toMatchObject({
      in_stock: false,
    });

    // Restocked by the admin (a stock-only write): back in stock at once.
    await updateDefaultVariant(db, last.id, { stockQuantity: 8 });
    expect((await search(browse)).facets.in_stock).toEqual({ true: 2 });
    expect(await getProduct('oscilloscope-probe-last')).toMatchObject({ stock_quantity: 8, in_stock: true });
  });

  it('keeps read-your-writes for content: a price and stock change together is read back at once', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, {
      name: 'Repriced Meter',
      slug: 'repriced-meter',
      price: 20,
      stockQuantity: 5,
    });
    expect(await getProduct('repriced-meter')).toMatchObject({ price: 20, stock_quantity: 5 });
    await updateDefaultVariant(db, product.id, { stockQuantity: 4 });
    await updateDefaultVariant(db, product.id, { price: 25, stockQuantity: 2 });
    await updateDefaultVariant(db, product.id, { stockQuantity: 1 });
    expect(await getProduct('repriced-meter')).toMatchObject({ price: 25, stock_quantity: 1 });
    await db.update(products).set({ name: 'Renamed Meter' }).where(eq(products.id, product.id));
    expect((await search({ q: 'renamed meter' })).hits.map((hit: { id: string }) => hit.id)).toEqual([product.id]);
  });

  it('a stock change of an inactive product changes nothing the storefront shows', async () => {
    const db = ctx.database.db;
    const hidden = await createProduct(db, { name: 'Hidden Stock', slug: 'hidden-stock', isActive: false });
    const before = (await ctx.app.catalogue.fresh()).contentRevision;
    await updateDefaultVariant(db, hidden.id, { stockQuantity: 99 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/hidden-stock' })).statusCode).toBe(404);
    expect((await ctx.app.catalogue.fresh()).contentRevision).toBe(before);
  });
});
