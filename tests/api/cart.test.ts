import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '#server/cart/cart-items.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { REMOTE_CART_MAX_LINES, REMOTE_CART_MESSAGES } from '#shared/contracts/cart.ts';
import { VARIANT_OUT_OF_STOCK_MESSAGE } from '#shared/product-variants.ts';
import { createProduct, createVariantProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#cart-sync: the server cart, its rules and its owner. Run on PGlite and PostgreSQL. */
describe('server cart', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const newShopper = async () => (await signUpShopper(ctx.app)).access_token;

  it('needs a shopper session: 401 without a token, 403 for staff', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
    const product = await createProduct(ctx.database.db);
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      payload: { product_id: product.id, quantity: 1 },
    });
    expect(noToken.statusCode).toBe(401);
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const staffSession = await signInAs(ctx.app, staff.email);
    const forbidden = await call(staffSession.token, 'GET', '/cart');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
  });

  it('adds, merges an identical line, sets, removes and lists in the contract shape', async () => {
    const token = await newShopper();
    const product = await createProduct(ctx.database.db, { stockQuantity: 8 });
    const first = await call(token, 'POST', '/cart/items', { product_id: product.id, quantity: 2 });
    expect(first.statusCode).toBe(201);
    const row = first.json().data;
    expect(row).toMatchObject({ product_id: product.id, quantity: 2, selected_variations: {} });
    expect(row.variant_id).toEqual(expect.any(String));
    const again = await call(token, 'POST', '/cart/items', { product_id: product.id, quantity: 3 });
    expect(again.json().data).toMatchObject({ id: row.id, quantity: 5 });
    expect(Date.parse(again.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(row.updated_at));

    const list = await call(token, 'GET', '/cart');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      {
        id: row.id,
        product_id: product.id,
        variant_id: row.variant_id,
        quantity: 5,
        selected_variations: {},
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);

    const set = await call(token, 'PUT', `/cart/items/${row.id}`, { quantity: 7 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.quantity).toBe(7);
    const over = await call(token, 'PUT', `/cart/items/${row.id}`, { quantity: 9 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(REMOTE_CART_MESSAGES.overMax(8));
    const zero = await call(token, 'PUT', `/cart/items/${row.id}`, { quantity: 0 });
    expect(zero.statusCode).toBe(204);
    expect((await call(token, 'GET', '/cart')).json().data).toEqual([]);

    const back = (await call(token, 'POST', '/cart/items', { product_id: product.id, quantity: 1 })).json().data;
    expect((await call(token, 'DELETE', `/cart/items/${back.id}`)).statusCode).toBe(204);
    expect((await call(token, 'DELETE', `/cart/items/${back.id}`)).statusCode).toBe(404);
  });

  it('refuses with the browser cart words: unknown, inactive, out of stock, too many', async () => {
    const token = await newShopper();
    const db = ctx.database.db;
    const add = (payload: object) => call(token, 'POST', '/cart/items', payload);

    const unknown = await add({ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REMOTE_CART_MESSAGES.notFound);
    const notUuid = await add({ product_id: 'nope', quantity: 1 });
    expect(notUuid.statusCode).toBe(400);

    const hidden = await createProduct(db, { isActive: false });
    expect((await add({ product_id: hidden.id, quantity: 1 })).json().message).toBe(REMOTE_CART_MESSAGES.notFound);

    const soldOut = await createProduct(db, { stockQuantity: 0 });
    const refused = await add({ product_id: soldOut.id, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: REMOTE_CART_MESSAGES.outOfStock });

    const few = await createProduct(db, { stockQuantity: 3 });
    await add({ product_id: few.id, quantity: 2 });
    const tooMany = await add({ product_id: few.id, quantity: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(REMOTE_CART_MESSAGES.tooMany(3));

    // Stock unknown to the cart rules never lets a line pass max_per_order or 100.
    const limited = await createProduct(db, { stockQuantity: 500, maxPerOrder: 4 });
    expect((await add({ product_id: limited.id, quantity: 5 })).json().message).toBe(REMOTE_CART_MESSAGES.tooMany(4));
    const big = await createProduct(db, { stockQuantity: 500, maxPerOrder: 500 });
    expect((await add({ product_id: big.id, quantity: 101 })).json().message).toBe(REMOTE_CART_MESSAGES.tooMany(100));

    const zero = await add({ product_id: few.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
  });

  it('keeps variants apart, counts max_per_order across them, and names a sold-out option', async () => {
    const token = await newShopper();
    const { product, variants } = await createVariantProduct(ctx.database.db, {
      maxPerOrder: 5,
      variations: [{ name: 'Memory', options: ['4 GB', '8 GB', '16 GB'] }],
      variants: [
        { options: { Memory: '4 GB' }, price: 50, stockQuantity: 4 },
        { options: { Memory: '8 GB' }, price: 70, stockQuantity: 4 },
        { options: { Memory: '16 GB' }, price: 90, stockQuantity: 0 },
      ],
    });
    const [small, large, none] = variants;
    if (!small || !large || !none) throw new Error('variants missing');
    const add = (variant: string, quantity: number) =>
      call(token, 'POST', '/cart/items', { product_id: product.id, variant_id: variant, quantity });
    const a = (await add(small.id, 3)).json().data;
    expect(a.selected_variations).toEqual({ Memory: '4 GB' });
    const b = await add(large.id, 2);
    expect(b.statusCode).toBe(201);
    expect(b.json().data.id).not.toBe(a.id);
    const over = await add(large.id, 1);
    expect(over.json().message).toBe(REMOTE_CART_MESSAGES.tooMany(5));
    const soldOut = await add(none.id, 1);
    expect(soldOut.json()).toMatchObject({ code: 'OUT_OF_STOCK', message: VARIANT_OUT_OF_STOCK_MESSAGE });
    expect((await call(token, 'GET', '/cart')).json().data).toHaveLength(2);
  });

  it('leaves out lines whose product or variant is no longer sold', async () => {
    const token = await newShopper();
    const db = ctx.database.db;
    const kept = await createProduct(db);
    const withdrawn = await createProduct(db);
    await call(token, 'POST', '/cart/items', { product_id: kept.id, quantity: 1 });
    await call(token, 'POST', '/cart/items', { product_id: withdrawn.id, quantity: 1 });
    await db.update(products).set({ isActive: false }).where(eq(products.id, withdrawn.id));
    const rows = (await call(token, 'GET', '/cart')).json().data;
    expect(rows.map((row: { product_id: string }) => row.product_id)).toEqual([kept.id]);
    await db.update(productVariants).set({ isActive: false }).where(eq(productVariants.productId, kept.id));
    expect((await call(token, 'GET', '/cart')).json().data).toEqual([]);
  });

  it("answers 404 for another shopper's line", async () => {
    const owner = await newShopper();
    const stranger = await newShopper();
    const product = await createProduct(ctx.database.db);
    const row = (await call(owner, 'POST', '/cart/items', { product_id: product.id, quantity: 1 })).json().data;
    expect((await call(stranger, 'PUT', `/cart/items/${row.id}`, { quantity: 2 })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/cart/items/${row.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/cart')).json().data).toEqual([]);
    expect((await call(owner, 'GET', '/cart')).json().data[0].quantity).toBe(1);
  });

  it('sums 10 concurrent adds of one line into one row, capped by the stock', async () => {
    const db = ctx.database.db;
    const token = await newShopper();
    const plenty = await createProduct(db, { stockQuantity: 50, maxPerOrder: 50 });
    const all = await Promise.all(
      Array.from({ length: 10 }, () => call(token, 'POST', '/cart/items', { product_id: plenty.id, quantity: 2 })),
    );
    expect(all.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const scarce = await createProduct(db, { stockQuantity: 6 });
    const raced = await Promise.all(
      Array.from({ length: 10 }, () => call(token, 'POST', '/cart/items', { product_id: scarce.id, quantity: 1 })),
    );
    const statuses = raced.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const rows = (await call(token, 'GET', '/cart')).json().data as { product_id: string; quantity: number }[];
    expect(rows.filter((row) => row.product_id === plenty.id).map((row) => row.quantity)).toEqual([20]);
    expect(rows.filter((row) => row.product_id === scarce.id).map((row) => row.quantity)).toEqual([6]);
  });

  it(`holds at most ${REMOTE_CART_MAX_LINES} lines`, async () => {
    const session = await signUpShopper(ctx.app);
    const db = ctx.database.db;
    const filler = await createProduct(db);
    // Rows written straight into the table: only the count matters to this rule.
    await db.insert(cartItems).values(
      Array.from({ length: REMOTE_CART_MAX_LINES }, (_, index) => ({
        userId: session.user.id,
        productId: filler.id,
        variationsKey: `filler-${index}`,
        quantity: 1,
      })),
    );
    const product = await createProduct(db);
    const full = await call(session.access_token, 'POST', '/cart/items', { product_id: product.id, quantity: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(REMOTE_CART_MESSAGES.full);
  });
});
