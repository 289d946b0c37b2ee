import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { categories } from '#server/categories/categories.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { BULK_MAX_PRODUCTS } from '#shared/contracts/admin-products.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The products' rolled-up stock (the sum of their active variants) adds up to the variants'. */
const stockUnitsOf = (rows: readonly { stockQuantity: number }[]) =>
  rows.reduce((sum, row) => sum + row.stockQuantity, 0);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Made {
  id: string;
  slug: string;
}

describe('admin products: bulk actions and stats', () => {
  let ctx: TestApp;
  let token: string;
  let categoryId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'super_admin' });
    token = (await signInAs(ctx.app, admin.email)).token;
    const [row] = await ctx.database.db
      .insert(categories)
      .values({ name: 'Bulk Shelf', slug: 'bulk-shelf' })
      .returning({ id: categories.id });
    categoryId = row?.id as string;
  });
  afterAll(() => ctx.close());

  const made = async (payload: object): Promise<Made> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(token),
      payload: { stock_quantity: 10, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const bulk = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/products/bulk', headers: bearer(token), payload });
  const rowsOf = (ids: string[]) =>
    ctx.database.db.select().from(products).where(inArray(products.id, ids)).orderBy(products.name);
  const publicGet = (slug: string) => ctx.app.inject({ method: 'GET', url: `/api/products/${slug}` });

  it('deactivates and activates; the storefront follows at once', async () => {
    const a = await made({ name: 'Bulk A', price: 5 });
    const b = await made({ name: 'Bulk B', price: 5 });
    const off = await bulk({ action: 'deactivate', productIds: [a.id, b.id, a.id] });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { action: 'deactivate', affected: 2, archived: 0 } });
    expect((await rowsOf([a.id, b.id])).map((row) => row.isActive)).toEqual([false, false]);
    expect((await publicGet(a.slug)).statusCode).toBe(404);

    const on = await bulk({ action: 'activate', productIds: [a.id] });
    expect(on.json().data).toEqual({ action: 'activate', affected: 1, archived: 0 });
    expect((await publicGet(a.slug)).statusCode).toBe(200);
    expect((await publicGet(b.slug)).statusCode).toBe(404);
  });

  it('sets featured, stock and category (null too; an unknown category is a 400)', async () => {
    const a = await made({ name: 'Bulk C', price: 5 });
    const b = await made({ name: 'Bulk D', price: 5 });
    const ids = [a.id, b.id];
    expect((await bulk({ action: 'set_featured', productIds: ids, updateData: { featured: true } })).statusCode).toBe(
      200,
    );
    expect((await rowsOf(ids)).map((row) => row.featured)).toEqual([true, true]);

    const stock = await bulk({ action: 'set_stock', productIds: ids, updateData: { stock_quantity: 0 } });
    expect(stock.json().data.affected).toBe(2);
    expect((await rowsOf(ids)).map((row) => [row.stockQuantity, row.inStock])).toEqual([
      [0, false],
      [0, false],
    ]);
    expect((await publicGet(a.slug)).json().data.in_stock).toBe(false);

    await bulk({ action: 'set_category', productIds: ids, updateData: { category_id: categoryId } });
    expect((await rowsOf(ids)).map((row) => row.categoryId)).toEqual([categoryId, categoryId]);
    const unknown = await bulk({ action: 'set_category', productIds: ids, updateData: { category_id: UNKNOWN_ID } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('updateData.category_id');
    expect((await rowsOf(ids)).map((row) => row.categoryId)).toEqual([categoryId, categoryId]);
    await bulk({ action: 'set_category', productIds: ids, updateData: { category_id: null } });
    expect((await rowsOf(ids)).map((row) => row.categoryId)).toEqual([null, null]);

    expect((await bulk({ action: 'set_stock', productIds: ids, updateData: { stock_quantity: -1 } })).statusCode).toBe(
      400,
    );
    expect((await bulk({ action: 'set_featured', productIds: ids })).statusCode).toBe(400);
  });

  it('adjusts prices in cents and clears compare-at prices no longer above the price', async () => {
    const a = await made({ name: 'Price A', price: 10, compare_at_price: 12 });
    const b = await made({ name: 'Price B', price: 19.99, compare_at_price: 30 });
    const c = await made({ name: 'Price C', price: 0.15 });
    const ids = [a.id, b.id, c.id];
    const response = await bulk({
      action: 'adjust_price',
      productIds: ids,
      updateData: { type: 'percent', value: 25 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ action: 'adjust_price', affected: 3, archived: 0 });
    // 12.50 (compare-at 12 no longer above it: cleared), 24.9875 → 24.99, 0.1875 → 0.19.
    expect((await rowsOf(ids)).map((row) => [row.price, row.compareAtPrice])).toEqual([
      [12.5, null],
      [24.99, 30],
      [0.19, null],
    ]);
    expect((await publicGet(b.slug)).json().data.price).toBe(24.99);

    await bulk({ action: 'adjust_price', productIds: [b.id], updateData: { type: 'amount', value: -4.99 } });
    expect((await rowsOf([b.id]))[0]?.price).toBe(20);
  });

  it('refuses a price change that takes any price to 0 or below, and changes nothing', async () => {
    const a = await made({ name: 'Floor A', price: 50 });
    const b = await made({ name: 'Floor B', price: 3 });
    const response = await bulk({
      action: 'adjust_price',
      productIds: [a.id, b.id],
      updateData: { type: 'amount', value: -3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'updateData.value' }] });
    expect(response.json().errors[0].message).toContain(b.id);
    expect((await rowsOf([a.id, b.id])).map((row) => row.price)).toEqual([50, 3]);
    const percent = await bulk({
      action: 'adjust_price',
      productIds: [a.id],
      updateData: { type: 'percent', value: -95 },
    });
    expect(percent.statusCode).toBe(400);
  });

  it('deletes what no order references and archives the rest', async () => {
    const ordered = await made({ name: 'Gone Ordered', price: 4 });
    const plain = await made({ name: 'Gone Plain', price: 4 });
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: ordered.id, quantity: 1 }]),
    });
    expect(order.statusCode, order.body).toBe(201);
    const response = await bulk({ action: 'delete', productIds: [ordered.id, plain.id] });
    expect(response.json()).toEqual({ data: { action: 'delete', affected: 2, archived: 1 } });
    const rows = await rowsOf([ordered.id, plain.id]);
    expect(rows.map((row) => [row.name, row.isActive])).toEqual([['Gone Ordered', false]]);
    expect((await publicGet(ordered.slug)).statusCode).toBe(404);
  });

  it('is all or nothing: one unknown id is a 404 naming it, and nothing changes', async () => {
    const a = await made({ name: 'Atomic A', price: 5 });
    const b = await made({ name: 'Atomic B', price: 5 });
    for (const payload of [
      { action: 'deactivate', productIds: [a.id, UNKNOWN_ID, b.id] },
      { action: 'delete', productIds: [a.id, UNKNOWN_ID] },
      { action: 'adjust_price', productIds: [UNKNOWN_ID, b.id], updateData: { type: 'percent', value: 50 } },
    ]) {
      const response = await bulk(payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', errors: [{ path: 'productIds' }] });
      expect(response.json().errors[0].message).toContain(UNKNOWN_ID);
    }
    expect((await rowsOf([a.id, b.id])).map((row) => [row.isActive, row.price])).toEqual([
      [true, 5],
      [true, 5],
    ]);
  });

  it('refuses an empty or oversized id list, a bad id and an unknown action with 400', async () => {
    const tooMany = Array.from({ length: BULK_MAX_PRODUCTS + 1 }, () => randomUUID());
    for (const payload of [
      { action: 'activate', productIds: [] },
      { action: 'activate', productIds: tooMany },
      { action: 'activate', productIds: ['nope'] },
      { action: 'explode', productIds: [UNKNOWN_ID] },
    ]) {
      const response = await bulk(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    const empty = await bulk({ action: 'activate', productIds: [] });
    expect(empty.json().errors[0].path).toBe('productIds');
  });

  it('changes the largest allowed selection in one request', async () => {
    const existing = await ctx.database.db.select({ id: products.id }).from(products);
    const missing = Math.max(0, BULK_MAX_PRODUCTS - existing.length);
    // Each with its default variant (decision 012: the database refuses a product without one).
    await ctx.database.db.transaction(async (tx) => {
      const many = await tx
        .insert(products)
        .values(
          Array.from({ length: missing }, (_, i) => ({
            name: `Many ${i}`,
            slug: `many-${i}`,
            sku: `MANY-${i}`,
            price: 1,
          })),
        )
        .returning({ id: products.id, sku: products.sku });
      if (many.length > 0) {
        await tx.insert(productVariants).values(many.map((row) => ({ productId: row.id, sku: row.sku, price: 1 })));
      }
    });
    const ids = (await ctx.database.db.select({ id: products.id }).from(products))
      .map((row) => row.id)
      .slice(0, BULK_MAX_PRODUCTS);
    expect(ids).toHaveLength(BULK_MAX_PRODUCTS);
    const response = await bulk({ action: 'set_stock', productIds: ids, updateData: { stock_quantity: 7 } });
    expect(response.json().data.affected).toBe(BULK_MAX_PRODUCTS);
    expect((await rowsOf(ids)).every((row) => row.stockQuantity === 7)).toBe(true);
    const prices = await bulk({ action: 'adjust_price', productIds: ids, updateData: { type: 'percent', value: 10 } });
    expect(prices.json().data.affected).toBe(BULK_MAX_PRODUCTS);
  });

  it('writes one audit row per request with ids, updateData, counts and the fields as they were', async () => {
    const a = await made({ name: 'Audit Bulk', price: 8 });
    await bulk({ action: 'adjust_price', productIds: [a.id], updateData: { type: 'amount', value: 2 } });
    const rows = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'product.bulk_adjust_price'));
    const row = rows.find((entry) => (entry.after as { productIds: string[] }).productIds.includes(a.id));
    expect(row).toMatchObject({
      entityType: 'product',
      entityId: null,
      before: { products: [{ id: a.id, name: 'Audit Bulk', price: 8, compare_at_price: null }] },
      after: { productIds: [a.id], updateData: { type: 'amount', value: 2 }, affected: 1, archived: 0 },
    });
    const actions = new Set(
      (await ctx.database.db.select({ action: auditLogs.action }).from(auditLogs)).map((entry) => entry.action),
    );
    for (const action of ['activate', 'deactivate', 'delete', 'set_featured', 'set_category', 'set_stock']) {
      expect(actions.has(`product.bulk_${action}`), action).toBe(true);
    }
  });

  // Last: it empties the catalogue for exact figures.
  describe('GET /admin/products/stats', () => {
    const stats = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/products/stats',
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };

    it('agrees with the seeded catalogue computed row by row', async () => {
      const rows = await ctx.database.db.select().from(products);
      const activeProducts = new Set(rows.filter((row) => row.isActive).map((row) => row.id));
      // Stock and money are the active variants' (decision 012); out/low count active variants of active products.
      const variants = (await ctx.database.db.select().from(productVariants)).filter((variant) => variant.isActive);
      const counted = variants.filter((variant) => activeProducts.has(variant.productId));
      const data = await stats();
      const cents = (value: number) => Math.round(value * 100);
      expect(data).toMatchObject({
        total: rows.length,
        active: rows.filter((row) => row.isActive).length,
        inactive: rows.filter((row) => !row.isActive).length,
        featured: rows.filter((row) => row.featured).length,
        out_of_stock: counted.filter((variant) => variant.stockQuantity === 0).length,
        low_stock: counted.filter(
          (variant) => variant.stockQuantity > 0 && variant.stockQuantity <= variant.lowStockThreshold,
        ).length,
        stock_units: variants.reduce((sum, variant) => sum + variant.stockQuantity, 0),
        inventory_value_price:
          variants.reduce((sum, variant) => sum + cents(variant.price) * variant.stockQuantity, 0) / 100,
        inventory_value_cost:
          variants.reduce(
            (sum, variant) => sum + (variant.costPrice === null ? 0 : cents(variant.costPrice) * variant.stockQuantity),
            0,
          ) / 100,
      });
      expect(stockUnitsOf(rows)).toBe(data.stock_units);
      expect(data.by_category.reduce((sum: number, row: { products: number }) => sum + row.products, 0)).toBe(
        rows.length,
      );
      const hasUncategorised = rows.some((row) => row.categoryId === null);
      expect(data.by_category.some((row: { category_id: string | null }) => row.category_id === null)).toBe(
        hasUncategorised,
      );
    });

    it('gives exact figures on a small known catalogue, with an uncategorised row only when needed', async () => {
      await ctx.database.db.delete(products);
      expect(await stats()).toEqual({
        total: 0,
        active: 0,
        inactive: 0,
        featured: 0,
        out_of_stock: 0,
        low_stock: 0,
        stock_units: 0,
        inventory_value_cost: 0,
        inventory_value_price: 0,
        by_category: [],
      });

      await made({ name: 'Stat A', price: 10.1, cost_price: 3.33, stock_quantity: 3, category_id: categoryId });
      await made({ name: 'Stat B', price: 0.1, stock_quantity: 7, category_id: categoryId, featured: true });
      await made({ name: 'Stat C', price: 99.99, cost_price: 50, stock_quantity: 0, category_id: categoryId });
      await made({ name: 'Stat D', price: 5, cost_price: 1.05, stock_quantity: 2, is_active: false });
      const data = await stats();
      expect(data).toEqual({
        total: 4,
        active: 3,
        inactive: 1,
        featured: 1,
        out_of_stock: 1,
        // A (3 left), under the default threshold of 5; D is too but is inactive (active variants
        // of active products count, decision 012)
        low_stock: 1,
        stock_units: 12,
        // 3 × 3.33 + 2 × 1.05 (B has no cost; C has none in stock)
        inventory_value_cost: 12.09,
        // 3 × 10.10 + 7 × 0.10 + 2 × 5.00
        inventory_value_price: 41,
        by_category: [
          {
            category_id: categoryId,
            name: 'Bulk Shelf',
            products: 3,
            active: 3,
            stock_units: 10,
            inventory_value_price: 31,
          },
          {
            category_id: null,
            name: 'Uncategorised',
            products: 1,
            active: 0,
            stock_units: 2,
            inventory_value_price: 10,
          },
        ],
      });
    });
  });
});
