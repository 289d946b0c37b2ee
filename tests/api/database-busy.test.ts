import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { createProduct } from '../factories/catalogue.ts';
import { orderBody } from '../helpers/orders.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 18: when every pooled PostgreSQL connection stays busy for the whole connection timeout,
 * the shopper gets a 503 with `retry-after` (come back soon), never a 500. A pool of one
 * connection, held by the test, makes that happen on purpose.
 */
describe.skipIf(!(await postgresForTests()))('a PostgreSQL pool with no free connection', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let ctx: TestApp;

  beforeAll(async () => {
    scratch = await createScratchDatabase('cedar_busy');
    database = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 1, connectionTimeoutMs: 200 });
    await runMigrations(database);
    ctx = await createTestApp({ database });
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.close();
    await scratch?.drop();
  });

  it('answers POST /orders with 503 and retry-after while the pool is exhausted, and places it once free', async () => {
    const product = await createProduct(database.db, { price: 12, stockQuantity: 5 });
    await ctx.app.catalogue.fresh();
    const body = orderBody([{ product_id: product.id, quantity: 1 }]);

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The pool's only connection, busy until released (as under a burst of slow checkouts).
    const holder = database.runExclusive(async () => {
      holding();
      await held;
    });
    await isHolding;

    const busy = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body });
    release();
    await holder;

    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.json()).toEqual({
      message: 'The shop is busy right now. Please try again in a moment.',
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      errors: [],
    });

    const placed = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body });
    expect(placed.statusCode).toBe(201);
  });
});
