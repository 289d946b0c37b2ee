import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '#server/orders/orders.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { VARIANT_GONE_MESSAGE, VARIANT_UNAVAILABLE_MESSAGE } from '#shared/contracts/orders.ts';
import { createProduct, createVariantProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, orderCount, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Variants (decision 012, docs/product.md#product): answers carry them, a line is priced and
 * placed at its variant's price and takes its variant's stock, and a variant deactivated or
 * removed after it went into a cart is explained at calculate and refused at placement on both
 * paths. The variants are written straight into the test database: the admin write API for
 * variant sets comes later (build order step 4).
 */
describe('product variants', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const staff = await createUser(ctx.database.db);
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  });
  afterAll(() => ctx.close());

  const calculate = (items: unknown[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders/calculate', payload: { items } });
  const place = (lines: Record<string, unknown>[]) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(lines) });

  /** Memory 2 GB ($35), 4 GB ($55, its own photo) and 8 GB ($75), 5 each; 2 GB listed last. */
  let seq = 0;
  const raspberry = async () => {
    seq += 1;
    return createVariantProduct(ctx.database.db, {
      name: 'Raspberry Pi 4 Model B',
      slug: `raspberry-pi-4-${seq}`,
      sku: `RPI4-${seq}`,
      images: ['/uploads/pi-front.webp', '/uploads/pi-4gb.webp'],
      variations: [{ name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] }],
      variants: [
        { options: { Memory: '4 GB' }, price: 55, stockQuantity: 5, image: '/uploads/pi-4gb.webp' },
        { options: { Memory: '8 GB' }, price: 75, stockQuantity: 5 },
        { options: { Memory: '2 GB' }, price: 35, stockQuantity: 5 },
      ],
    });
  };

  it('answers carry the active variants by sort_order, the lowest price and price_max; staff see every variant', async () => {
    const { product, variants } = await raspberry();
    const [four, eight, two] = variants;
    if (!four || !eight || !two) throw new Error('no variants');
    await ctx.database.db.update(productVariants).set({ isActive: false }).where(eq(productVariants.id, eight.id));
    expect(product).toMatchObject({ price: 35, priceMax: 75, stockQuantity: 15 });

    const answer = (await ctx.app.inject({ method: 'GET', url: `/api/products/${product.slug}` })).json().data;
    expect(answer).toMatchObject({ price: 35, price_max: 55, stock_quantity: 10, in_stock: true });
    expect(answer.variants.map((variant: { id: string }) => variant.id)).toEqual([four.id, two.id]);
    expect(answer.variants[0]).toEqual({
      id: four.id,
      sku: four.sku,
      options: { Memory: '4 GB' },
      price: 55,
      compare_at_price: null,
      in_stock: true,
      stock_quantity: 5,
      low_stock_threshold: 5,
      image: '/uploads/pi-4gb.webp',
      sort_order: 0,
    });

    const found = (await ctx.app.inject({ method: 'POST', url: '/api/search', payload: { q: product.sku } })).json()
      .data;
    expect(found.hits.find((hit: { id: string }) => hit.id === product.id)).toMatchObject({
      price: 35,
      price_max: 55,
      variant_count: 2,
    });

    const admin = (await api('GET', `/api/admin/products/${product.id}`)).json().data;
    expect(admin.variants.map((variant: { id: string; is_active: boolean; stock_state: string }) => variant)).toEqual([
      expect.objectContaining({ id: four.id, is_active: true, stock_state: 'low', cost_price: null }),
      expect.objectContaining({ id: eight.id, is_active: false }),
      expect.objectContaining({ id: two.id, is_active: true }),
    ]);
    // 5 left is at the threshold: low (decision 012 §7, Lists).
    expect(admin.stock_state).toBe('low');
  });

  it('prices a line at its variant’s price, by variant_id or by the options chosen, and places it so', async () => {
    const db = ctx.database.db;
    const { product, variants } = await raspberry();
    const [four, eight] = variants;
    if (!four || !eight) throw new Error('no variants');
    await ctx.app.catalogue.fresh();

    const priced = (
      await calculate([
        { product_id: product.id, variant_id: eight.id, quantity: 1 },
        // A cart stored before variants: the options name the variant.
        { product_id: product.id, quantity: 2, selectedVariations: { Memory: '4 GB' } },
      ])
    ).json().data;
    expect(priced.items).toMatchObject([
      { variant_id: eight.id, sku: eight.sku, unit_price: 75, available: true, stock_quantity: 5 },
      { variant_id: four.id, sku: four.sku, unit_price: 55, line_total: 110, image: '/uploads/pi-4gb.webp' },
    ]);
    expect(priced.subtotal).toBe(185);

    const placed = await place([
      { product_id: product.id, variant_id: eight.id, quantity: 1 },
      { product_id: product.id, variant_id: four.id, quantity: 2 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    expect(order.subtotal).toBe(185);
    expect(order.items).toEqual([
      expect.objectContaining({
        variant_id: eight.id,
        sku: eight.sku,
        unit_price: 75,
        // No photo of its own: the product's first.
        image: '/uploads/pi-front.webp',
        selectedVariations: { Memory: '8 GB' },
      }),
      expect.objectContaining({ variant_id: four.id, unit_price: 55, image: '/uploads/pi-4gb.webp' }),
    ]);
    const stored = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(stored.map((row) => row.variantId).sort()).toEqual([eight.id, four.id].sort());
    const stock = await db
      .select({ id: productVariants.id, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(Object.fromEntries(stock.map((row) => [row.id, row.stock]))).toMatchObject({
      [four.id]: 3,
      [eight.id]: 4,
    });
    expect(await stockOf(db, product.id)).toEqual({ stock: 12, inStock: true });
  });

  describe('a variant deactivated after it went into a cart', () => {
    for (const when of ['behind the catalogue', 'once the catalogue knows'] as const) {
      it(`calculate explains it; placement refuses it by name, nothing written (${when})`, async () => {
        const db = ctx.database.db;
        const { product, variants } = await raspberry();
        const [four] = variants;
        if (!four) throw new Error('no variants');
        await ctx.app.catalogue.fresh();
        await db.update(productVariants).set({ isActive: false }).where(eq(productVariants.id, four.id));
        if (when === 'once the catalogue knows') await ctx.app.catalogue.fresh();
        const line = { product_id: product.id, variant_id: four.id, quantity: 1 };

        const priced = (await calculate([line])).json().data;
        expect(priced.items[0]).toMatchObject({
          available: false,
          reason: 'unavailable',
          message: VARIANT_UNAVAILABLE_MESSAGE,
        });
        expect(priced.unavailable).toEqual([0]);

        const before = await orderCount(db);
        const refused = await place([line]);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual([
          { path: 'items.0', message: 'Raspberry Pi 4 Model B (4 GB) is no longer available' },
        ]);
        expect(await orderCount(db)).toBe(before);
        const [row] = await db.select().from(productVariants).where(eq(productVariants.id, four.id));
        expect(row?.stockQuantity).toBe(5);
      });
    }

    it('a variant that is no longer the product’s: "no longer sold", at calculate and placement', async () => {
      const { product } = await raspberry();
      const other = await createProduct(ctx.database.db, { name: 'Other Board' });
      const [foreign] = await ctx.database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, other.id));
      if (!foreign) throw new Error('no variant');
      const line = { product_id: product.id, variant_id: foreign.id, quantity: 1 };
      expect((await calculate([line])).json().data.items[0]).toMatchObject({
        available: false,
        reason: 'invalid_variation',
        message: VARIANT_GONE_MESSAGE,
        variant_id: null,
      });
      const refused = await place([line]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { path: 'items.0', message: 'This option of Raspberry Pi 4 Model B is no longer sold: choose another' },
      ]);
    });

    it('a line without variant_id whose choices name only an inactive variant: unavailable, not a wrong choice', async () => {
      const { product, variants } = await raspberry();
      const [four] = variants;
      if (!four) throw new Error('no variants');
      await ctx.database.db.update(productVariants).set({ isActive: false }).where(eq(productVariants.id, four.id));
      const priced = (
        await calculate([{ product_id: product.id, quantity: 1, selectedVariations: { Memory: '4 GB' } }])
      ).json().data;
      expect(priced.items[0]).toMatchObject({
        available: false,
        reason: 'unavailable',
        message: VARIANT_UNAVAILABLE_MESSAGE,
        variant_id: four.id,
      });
    });

    it('options naming no variant ask for a valid choice', async () => {
      const { product } = await raspberry();
      const answer = (
        await calculate([{ product_id: product.id, quantity: 1, selectedVariations: { Memory: '16 GB' } }])
      ).json().data.items[0];
      expect(answer).toMatchObject({ available: false, reason: 'invalid_variation', message: 'Choose a valid Memory' });
    });
  });

  it('bulk price and stock actions apply to each variant; the product rolls up', async () => {
    const { product, variants } = await raspberry();
    const ids = [product.id];
    const priced = await api('POST', '/api/admin/products/bulk', {
      action: 'adjust_price',
      productIds: ids,
      updateData: { type: 'percent', value: 10 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const stocked = await api('POST', '/api/admin/products/bulk', {
      action: 'set_stock',
      productIds: ids,
      updateData: { stock_quantity: 4 },
    });
    expect(stocked.statusCode, stocked.body).toBe(200);
    const rows = await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, product.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(variants.map((variant) => [byId.get(variant.id)?.price, byId.get(variant.id)?.stockQuantity])).toEqual([
      [60.5, 4],
      [82.5, 4],
      [38.5, 4],
    ]);
    const answer = (await api('GET', `/api/admin/products/${product.id}`)).json().data;
    expect(answer).toMatchObject({ price: 38.5, price_max: 82.5, stock_quantity: 12, stock_state: 'low' });
  });

  /**
   * The product's derived columns as stored, beside its active variants' sum and highest price
   * computed here from the variant rows (decision 012 §1: stock = sum of active variants).
   */
  const rollUpOf = async (productId: string) => {
    const result = (await ctx.database.db.execute(sql`
      select p.stock_quantity as stock, p.price::float8 as price, p.price_max::float8 as price_max,
        (select coalesce(sum(v.stock_quantity), 0)::integer from ${productVariants} as v
          where v.product_id = p.id and v.is_active) as active_stock,
        (select max(v.price)::float8 from ${productVariants} as v where v.product_id = p.id and v.is_active) as active_max
      from products as p where p.id = ${productId}`)) as unknown as {
      rows: { stock: number; price: number; price_max: number; active_stock: number; active_max: number }[];
    };
    const row = result.rows[0];
    if (!row) throw new Error(`no product ${productId}`);
    expect(row.stock).toBe(row.active_stock);
    return row;
  };

  // Migration 0011: a stock-only variant update (order, cancel, stock edit) adds its change to
  // the product; any other (price, is_active) recomputes it. Either way the sum holds.
  it('orders, cancels, stock edits and (de)activations keep the product at its active variants’ sum', async () => {
    const db = ctx.database.db;
    const { product, variants } = await raspberry();
    const [four, eight, two] = variants;
    if (!four || !eight || !two) throw new Error('no variants');
    const setVariant = (id: string, values: Partial<typeof productVariants.$inferInsert>) =>
      db.update(productVariants).set(values).where(eq(productVariants.id, id));

    // Before the catalogue knows the product: the careful path (place-order.ts takeStock).
    const placed = await place([
      { product_id: product.id, variant_id: four.id, quantity: 2 },
      { product_id: product.id, variant_id: eight.id, quantity: 1 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 12, price: 35, price_max: 75 });
    // Then the one-statement path (cedar_place_order).
    await ctx.app.catalogue.fresh();
    const quick = await place([{ product_id: product.id, variant_id: two.id, quantity: 2 }]);
    expect(quick.statusCode, quick.body).toBe(201);
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 10 });

    await setVariant(eight.id, { isActive: false });
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 6, price: 35, price_max: 55 });
    // An inactive variant's stock is not the product's.
    await setVariant(eight.id, { stockQuantity: 9 });
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 6 });

    const cancelled = await api('PUT', `/api/admin/orders/${placed.json().data.id}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 4 GB gets its 2 back; 8 GB's unit goes back to the inactive variant (now 10), not to the product.
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 8 });
    await setVariant(eight.id, { isActive: true });
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 18, price_max: 75 });

    // One statement changing stock on one row and a price on another: the full recompute.
    await db.execute(sql`update ${productVariants} set
        stock_quantity = case when id = ${four.id} then 1 else stock_quantity end,
        price = case when id = ${two.id} then 30 else price end
      where id in (${four.id}, ${two.id})`);
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 14, price: 30, price_max: 75 });
    // A stock-only statement over several products at once (the bulk stock action).
    const other = await createProduct(db, { price: 4, stockQuantity: 3 });
    await db.execute(sql`update ${productVariants} set stock_quantity = stock_quantity + 2
      where product_id in (${product.id}, ${other.id})`);
    expect(await rollUpOf(product.id)).toMatchObject({ stock: 20 });
    expect(await rollUpOf(other.id)).toMatchObject({ stock: 5, price: 4 });
    expect(await stockOf(db, other.id)).toEqual({ stock: 5, inStock: true });
  });

  // Variant sets themselves are written by the admin API (decision 012 step 4): tests/api/admin-products.test.ts.
  it('product writes take a variant set; top-level prices beside it are refused, naming the field', async () => {
    const variant = {
      options: {},
      price: 5,
      stock_quantity: 1,
      low_stock_threshold: 5,
      is_active: true,
      sort_order: 0,
    };
    const response = await api('POST', '/api/admin/products', { name: 'Variant Set', variants: [variant] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.variants).toMatchObject([{ options: {}, price: 5, stock_quantity: 1 }]);
    const both = await api('POST', '/api/admin/products', { name: 'Variant Set 2', price: 5, variants: [variant] });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'variants' }] });
  });

  it('top-level writes go to the default variant; a SKU change renames it too', async () => {
    const created = await api('POST', '/api/admin/products', { name: 'Default Writes', sku: 'DFW-1', price: 8 });
    expect(created.statusCode, created.body).toBe(201);
    const { id, variants } = created.json().data;
    expect(variants).toMatchObject([{ sku: 'DFW-1', options: {}, price: 8, stock_quantity: 0, is_active: true }]);
    const updated = await api('PUT', `/api/admin/products/${id}`, {
      sku: 'DFW-2',
      price: 9.5,
      cost_price: 4,
      stock_quantity: 12,
      low_stock_threshold: 3,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      sku: 'DFW-2',
      price: 9.5,
      price_max: 9.5,
      cost_price: 4,
      stock_quantity: 12,
      low_stock_threshold: 3,
      stock_state: 'in',
      variants: [{ id: variants[0].id, sku: 'DFW-2', price: 9.5, cost_price: 4, stock_quantity: 12 }],
    });
  });
});
