import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { createProduct, createVariantProduct, defaultVariantOf, updateDefaultVariant } from '../factories/catalogue.ts';
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
    await updateDefaultVariant(db, repriced.id, { price: 12 });

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
    await updateDefaultVariant(db, scarce.id, { stockQuantity: 1 });
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
    const guardRefusal = async (claim: StockClaim | StockClaim[]) => {
      const stock = JSON.stringify(Array.isArray(claim) ? claim : [claim]);
      const failure: { message?: string; cause?: { message?: string } } | null = await ctx.database.db
        .execute(sql`select * from cedar_place_order(${stock}::jsonb, '{}'::jsonb, '[]'::jsonb, 'x')`)
        .then(
          () => null,
          (error: unknown) => error as { message?: string },
        );
      return failure ? (failure.cause?.message ?? failure.message) : null;
    };
    /** One claim per variant, as place-order.ts `stockClaims` builds them. */
    const claimOf = (variantId: string, quantity: number, price: number, productQuantity = quantity): StockClaim => ({
      variant_id: variantId,
      quantity,
      product_quantity: productQuantity,
      price,
    });

    const rules = [
      {
        rule: 'active',
        change: { product: { isActive: false } },
        quantity: 1,
        answer: { status: 400, message: 'Product not found or unavailable' },
      },
      {
        rule: 'enough stock',
        change: { variant: { stockQuantity: 2 } },
        quantity: 3,
        answer: { status: 409, message: 'Only 2 left of Rule Part' },
      },
      {
        rule: 'within max_per_order',
        change: { product: { maxPerOrder: 2 } },
        quantity: 3,
        answer: { status: 400, message: 'At most 2 of Rule Part per order' },
      },
    ] as const;

    for (const { rule, change, quantity, answer } of rules) {
      it(`${rule}: the SQL guard takes nothing, the careful path refuses the line`, async () => {
        const db = ctx.database.db;
        const product = await createProduct(db, { name: 'Rule Part', price: 5, stockQuantity: 10 });
        await ctx.app.catalogue.fresh();
        if ('product' in change) await db.update(products).set(change.product).where(eq(products.id, product.id));
        if ('variant' in change) await updateDefaultVariant(db, product.id, change.variant);
        const variant = await defaultVariantOf(db, product.id);
        const stockBefore = (await stockOf(db, product.id)).stock;
        const before = await orderCount(db);

        expect(await guardRefusal(claimOf(variant.id, quantity, 5))).toBe('cedar:order-stock-guard');
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
      const variant = await defaultVariantOf(db, product.id);
      expect(await guardRefusal(claimOf(variant.id, 1, 4))).toBe('cedar:order-stock-guard');
      // At the right price the guard lets the claim through; this bare call then fails further on
      // (its empty order head has no customer name), which rolls the stock back too.
      expect(await guardRefusal(claimOf(variant.id, 1, 5))).not.toBe('cedar:order-stock-guard');
      expect((await stockOf(db, product.id)).stock).toBe(10);
    });

    /** Memory 4 GB ($35, 5 left) and 8 GB ($75, 5 left), max_per_order 3 (decision 012 §3). */
    const twoVariants = () =>
      createVariantProduct(ctx.database.db, {
        name: 'Rule Board',
        maxPerOrder: 3,
        variations: [{ name: 'Memory', options: ['4 GB', '8 GB'] }],
        variants: [
          { options: { Memory: '4 GB' }, price: 35, stockQuantity: 5 },
          { options: { Memory: '8 GB' }, price: 75, stockQuantity: 5 },
        ],
      });
    /** Both paths refuse, nothing is taken or written. */
    const refusedEverywhere = async (
      productId: string,
      claims: StockClaim[],
      lines: { variant_id: string; quantity: number }[],
      answer: { status: number; errors: { path: string; message: string }[] },
    ) => {
      const db = ctx.database.db;
      const stockBefore = (await stockOf(db, productId)).stock;
      const before = await orderCount(db);
      expect(await guardRefusal(claims)).toBe('cedar:order-stock-guard');
      const response = await place(orderBody(lines.map((line) => ({ product_id: productId, ...line }))));
      expect(response.statusCode, response.body).toBe(answer.status);
      expect(response.json().errors).toEqual(answer.errors);
      expect((await stockOf(db, productId)).stock).toBe(stockBefore);
      expect(await orderCount(db)).toBe(before);
    };

    it('variant active: a variant deactivated behind the catalogue is refused by name', async () => {
      const { product, variants } = await twoVariants();
      const [small] = variants;
      if (!small) throw new Error('no variant');
      await ctx.app.catalogue.fresh();
      await ctx.database.db.update(productVariants).set({ isActive: false }).where(eq(productVariants.id, small.id));
      await refusedEverywhere(product.id, [claimOf(small.id, 1, 35)], [{ variant_id: small.id, quantity: 1 }], {
        status: 400,
        errors: [{ path: 'items.0', message: 'Rule Board (4 GB) is no longer available' }],
      });
    });

    it('variant price: the guard refuses the old price, the careful path sells at the new one', async () => {
      const db = ctx.database.db;
      const { product, variants } = await twoVariants();
      const [, large] = variants;
      if (!large) throw new Error('no variant');
      await ctx.app.catalogue.fresh();
      await db.update(productVariants).set({ price: 80 }).where(eq(productVariants.id, large.id));
      expect(await guardRefusal(claimOf(large.id, 1, 75))).toBe('cedar:order-stock-guard');
      const response = await place(orderBody([{ product_id: product.id, variant_id: large.id, quantity: 1 }]));
      expect(response.statusCode, response.body).toBe(201);
      expect(linePrices(response.json())).toEqual([80]);
      const [row] = await db.select().from(productVariants).where(eq(productVariants.id, large.id));
      expect(row?.stockQuantity).toBe(4);
      expect(await stockOf(db, product.id)).toEqual({ stock: 9, inStock: true });
    });

    it('variant stock: a short variant is refused while its sibling has plenty', async () => {
      const { product, variants } = await twoVariants();
      const [small] = variants;
      if (!small) throw new Error('no variant');
      await ctx.app.catalogue.fresh();
      await ctx.database.db.update(productVariants).set({ stockQuantity: 1 }).where(eq(productVariants.id, small.id));
      // The product still has 6 (its 8 GB has 5): stock is the variant's, not the product's.
      await refusedEverywhere(product.id, [claimOf(small.id, 2, 35)], [{ variant_id: small.id, quantity: 2 }], {
        status: 409,
        errors: [{ path: 'items.0', message: 'Only 1 left of Rule Board (4 GB)' }],
      });
    });

    it('max_per_order is the product’s: two variants together over it are refused', async () => {
      const { product, variants } = await twoVariants();
      const [small, large] = variants;
      if (!small || !large) throw new Error('no variants');
      await ctx.app.catalogue.fresh();
      await refusedEverywhere(
        product.id,
        [claimOf(small.id, 2, 35, 4), claimOf(large.id, 2, 75, 4)],
        [
          { variant_id: small.id, quantity: 2 },
          { variant_id: large.id, quantity: 2 },
        ],
        { status: 400, errors: [{ path: 'items.1', message: 'At most 3 of Rule Board per order' }] },
      );
    });
  });
});

interface StockClaim {
  variant_id: string;
  quantity: number;
  product_quantity: number;
  price: number;
}
