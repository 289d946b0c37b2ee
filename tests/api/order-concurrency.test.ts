import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '#server/orders/orders.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { createProduct, createVariantProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, orderCount, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/engineering.md#data-rules: no order can oversell, on PGlite or PostgreSQL (run with TEST_DATABASE_URL too). */
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

  it('30 shoppers race for two variants of 5 each: exactly 10 orders, both variants and the product at 0', async () => {
    const db = ctx.database.db;
    const { product, variants } = await createVariantProduct(db, {
      name: 'Raced Board',
      variations: [{ name: 'Memory', options: ['4 GB', '8 GB'] }],
      variants: [
        { options: { Memory: '4 GB' }, price: 55, stockQuantity: 5 },
        { options: { Memory: '8 GB' }, price: 75, stockQuantity: 5 },
      ],
    });
    await ctx.app.catalogue.fresh();
    const ordersBefore = await orderCount(db);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        place(orderBody([{ product_id: product.id, variant_id: variants[index % 2]?.id, quantity: 1 }])),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    const left = await db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(left.map((row) => row.stock)).toEqual([0, 0]);
    expect(await stockOf(db, product.id)).toEqual({ stock: 0, inStock: false });
    expect(await orderCount(db)).toBe(ordersBefore + 10);
  });

  // Decision 012 §3: every writer locks variants (by id) before products (the roll-up). Carts
  // [A, B] and [B, A] of variants of two products, cancels and admin saves of those products
  // interleaved: on PostgreSQL a writer taking them the other way round deadlocks (40P01 → 500).
  it('orders in both line orders, cancels and admin saves interleaved: no deadlock, stock conserved', async () => {
    const db = ctx.database.db;
    const make = (name: string) =>
      createVariantProduct(db, {
        name,
        maxPerOrder: 50,
        variations: [{ name: 'Color', options: ['Black', 'White'] }],
        variants: [
          { options: { Color: 'Black' }, price: 5, stockQuantity: 100 },
          { options: { Color: 'White' }, price: 6, stockQuantity: 100 },
        ],
      });
    const first = await make('Locked Case');
    const second = await make('Locked Fan');
    const a = first.variants[0];
    const b = second.variants[1];
    if (!a || !b) throw new Error('no variants');
    await ctx.app.catalogue.fresh();
    const admin = await createUser(db, { email: 'lock-order@cedar.test', role: 'admin' });
    const api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const lineA = { product_id: first.product.id, variant_id: a.id, quantity: 1 };
    const lineB = { product_id: second.product.id, variant_id: b.id, quantity: 1 };
    const earlier: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await place(orderBody(i % 2 ? [lineA, lineB] : [lineB, lineA]));
      expect(response.statusCode, response.body).toBe(201);
      earlier.push(response.json().data.id);
    }

    const work = [
      ...Array.from({ length: 30 }, (_, i) => place(orderBody(i % 2 ? [lineA, lineB] : [lineB, lineA]))),
      ...earlier.map((id) => api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' })),
      ...Array.from({ length: 6 }, (_, i) =>
        api('PUT', `/api/admin/products/${(i % 2 ? first : second).product.id}`, { name: `Saved ${i}` }),
      ),
    ];
    const responses = await Promise.all(work);
    const unexpected = responses.filter((response) => ![200, 201, 409, 503].includes(response.statusCode));
    expect(unexpected.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);

    for (const [product, variant] of [
      [first.product.id, a.id],
      [second.product.id, b.id],
    ] as const) {
      const sold = await db
        .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(sql`${orderItems.variantId} = ${variant} and ${orders.status} <> 'cancelled'`);
      const [row] = await db
        .select({ stock: productVariants.stockQuantity })
        .from(productVariants)
        .where(eq(productVariants.id, variant));
      expect((row?.stock ?? 0) + (sold[0]?.units ?? 0)).toBe(100);
      // The product's stock is its variants' sum (the other one untouched at 100).
      expect((await stockOf(db, product)).stock).toBe((row?.stock ?? 0) + 100);
    }
  });

  // Migration 0011: an order's stock-only variant update adds its change to the products after
  // locking them in id order. Carts buying *different* variants of the same two products share no
  // variant lock, so only that order keeps [P1 black, P2 white] and [P2 black, P1 white] from
  // deadlocking on PostgreSQL; price changes (the full recompute) interleave with the additions.
  it('different variants of the same products in crossed line order, prices changing meanwhile: no deadlock, sums exact', async () => {
    const db = ctx.database.db;
    const make = (name: string) =>
      createVariantProduct(db, {
        name,
        maxPerOrder: 50,
        variations: [{ name: 'Color', options: ['Black', 'White'] }],
        variants: [
          { options: { Color: 'Black' }, price: 5, stockQuantity: 100 },
          { options: { Color: 'White' }, price: 6, stockQuantity: 100 },
        ],
      });
    const first = await make('Crossed Case');
    const second = await make('Crossed Fan');
    await ctx.app.catalogue.fresh();
    const admin = await createUser(db, { email: 'crossed-variants@cedar.test', role: 'admin' });
    const api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const line = (product: typeof first, index: number) => ({
      product_id: product.product.id,
      variant_id: product.variants[index]?.id,
      quantity: 1,
    });
    const carts = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? [line(first, 0), line(second, 1)] : [line(second, 0), line(first, 1)],
    );

    const responses = await Promise.all([
      ...carts.map((lines) => place(orderBody(lines))),
      ...Array.from({ length: 4 }, () =>
        api('POST', '/api/admin/products/bulk', {
          action: 'adjust_price',
          productIds: [first.product.id, second.product.id],
          updateData: { type: 'amount', value: 1 },
        }),
      ),
    ]);
    const unexpected = responses.filter((response) => ![200, 201, 409, 503].includes(response.statusCode));
    expect(unexpected.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);

    for (const { product, variants } of [first, second]) {
      const rows = await db.select().from(productVariants).where(eq(productVariants.productId, product.id));
      for (const variant of variants) {
        const sold = await db
          .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number) })
          .from(orderItems)
          .where(eq(orderItems.variantId, variant.id));
        expect((rows.find((row) => row.id === variant.id)?.stockQuantity ?? 0) + (sold[0]?.units ?? 0)).toBe(100);
      }
      const [rolled] = await db.select().from(products).where(eq(products.id, product.id));
      expect(rolled?.stockQuantity).toBe(rows.reduce((sum, row) => sum + row.stockQuantity, 0));
      expect(rolled?.price).toBe(Math.min(...rows.map((row) => row.price)));
      expect(rolled?.priceMax).toBe(Math.max(...rows.map((row) => row.price)));
    }
  });

  // Issue 18: on PostgreSQL, carts holding the same products in a different line order used to
  // lock them in cart order and deadlock ("deadlock detected" → 500), and the waiting orders held
  // the pool's connections until others timed out (500 after 5 s). Products are now locked in id
  // order; a pool still exhausted answers 503 with retry-after.
  it('200 concurrent orders over 4 products in random line order: each placed or refused clearly, stock exact', async () => {
    const db = ctx.database.db;
    const startStock = 150;
    const shelf = await Promise.all(
      [1, 2, 3, 4].map((n) => createProduct(db, { name: `Shuffled ${n}`, price: 5, stockQuantity: startStock })),
    );
    await ctx.app.catalogue.fresh();
    const random = seededRandom(18);
    const carts = Array.from({ length: 200 }, () => {
      const picked = shuffle(shelf, random).slice(0, 2 + Math.floor(random() * 3));
      return picked.map((product) => ({ product_id: product.id, quantity: 1 + Math.floor(random() * 2) }));
    });
    const ordersBefore = await orderCount(db);

    const responses = await Promise.all(carts.map((lines) => place(orderBody(lines))));

    const statuses = responses.map((response) => response.statusCode);
    const unexpected = responses.filter((response) => ![201, 409, 503].includes(response.statusCode));
    expect(unexpected.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe('OUT_OF_STOCK');
    }
    for (const response of responses.filter((r) => r.statusCode === 503)) {
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    }
    // Demand (~225 units a product) is above the stock, so some orders are refused.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status === 409).length).toBeGreaterThan(0);

    // Exactly what the placed orders took, product by product, and no order without its answer.
    const placed = carts.filter((_, index) => statuses[index] === 201);
    expect(await orderCount(db)).toBe(ordersBefore + placed.length);
    const ids = shelf.map((product) => product.id);
    const sold = await db
      .select({ id: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})`.mapWith(Number) })
      .from(orderItems)
      .where(inArray(orderItems.productId, ids))
      .groupBy(orderItems.productId);
    for (const product of shelf) {
      const answered = placed
        .flat()
        .reduce((sum, line) => sum + (line.product_id === product.id ? line.quantity : 0), 0);
      const { stock } = await stockOf(db, product.id);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(startStock - stock).toBe(answered);
      expect(sold.find((row) => row.id === product.id)?.units ?? 0).toBe(answered);
    }
  });

  it('cancelling 60 orders with shuffled lines at once gives every unit back exactly once', async () => {
    const db = ctx.database.db;
    const shelf = await Promise.all(
      [1, 2, 3, 4].map((n) => createProduct(db, { name: `Returned ${n}`, price: 3, stockQuantity: 200 })),
    );
    const random = seededRandom(7);
    const placed: string[] = [];
    for (let i = 0; i < 60; i++) {
      const lines = shuffle(shelf, random)
        .slice(0, 2 + Math.floor(random() * 3))
        .map((product) => ({ product_id: product.id, quantity: 1 }));
      const response = await place(orderBody(lines));
      expect(response.statusCode).toBe(201);
      placed.push(response.json().data.id);
    }
    const admin = await createUser(db, { email: 'cancel-race@cedar.test', role: 'admin' });
    const api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);

    const responses = await Promise.all(
      placed.map((id) => api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' })),
    );

    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    for (const product of shelf) expect((await stockOf(db, product.id)).stock).toBe(200);
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

/** Deterministic randomness, so a failure can be replayed (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
