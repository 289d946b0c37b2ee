import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { DASHBOARD_RECENT_ORDERS } from '#shared/contracts/auth.ts';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/admin/stats', () => {
  let ctx: TestApp;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    token = (await signInAs(ctx.app, admin.email)).token;
  });
  afterAll(() => ctx.close());

  const stats = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const place = async (lines: { product_id: string; quantity: number }[]) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(lines) });
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: string; order_number: string };
  };

  it('is all zeros for an empty shop', async () => {
    expect(await stats()).toEqual({
      today: { orders: 0, revenue: 0 },
      pending_orders: 0,
      low_stock_count: 0,
      out_of_stock_count: 0,
      active_products: 0,
      recent_orders: [],
    });
  });

  it("counts today's orders and revenue, pending orders, stock levels and the latest orders", async () => {
    const db = ctx.database.db;
    const board = await createProduct(db, { price: 10, stockQuantity: 50, lowStockThreshold: 5 });
    const cable = await createProduct(db, { price: 2.5, stockQuantity: 8, lowStockThreshold: 5 });
    await createProduct(db, { stockQuantity: 3, lowStockThreshold: 5 }); // low
    await createProduct(db, { stockQuantity: 5, lowStockThreshold: 5 }); // low (at the threshold)
    await createProduct(db, { stockQuantity: 0 }); // out
    await createProduct(db, { stockQuantity: 0, isActive: false }); // inactive: not counted
    await createProduct(db, { stockQuantity: 1, isActive: false }); // inactive: not counted

    const first = await place([{ product_id: board.id, quantity: 2 }]); // 20 + 11 % = 22.20
    const second = await place([
      { product_id: board.id, quantity: 1 },
      { product_id: cable.id, quantity: 4 },
    ]); // 20 + 11 % = 22.20; cable stock 8 → 4 (low)
    const cancelled = await place([{ product_id: board.id, quantity: 1 }]);
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const yesterday = await place([{ product_id: board.id, quantity: 1 }]);
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 36 * 3600 * 1000), status: 'confirmed' })
      .where(eq(orders.id, yesterday.id));

    const data = await stats();
    expect(data.today).toEqual({ orders: 2, revenue: 44.4 });
    expect(data.pending_orders).toBe(2);
    expect(data.low_stock_count).toBe(3);
    expect(data.out_of_stock_count).toBe(1);
    expect(data.active_products).toBe(5);
    expect(data.recent_orders.map((order: { id: string }) => order.id)).toEqual([
      cancelled.id,
      second.id,
      first.id,
      yesterday.id,
    ]);
    expect(data.recent_orders[1]).toEqual({
      id: second.id,
      order_number: second.order_number,
      customer_name: 'Rami Haddad',
      total: 22.2,
      status: 'pending',
      item_count: 5,
      created_at: expect.any(String),
    });
    expect(data.recent_orders[0].status).toBe('cancelled');
  });

  it(`lists at most ${DASHBOARD_RECENT_ORDERS} recent orders`, async () => {
    const product = await createProduct(ctx.database.db, { price: 1, stockQuantity: 100 });
    for (let i = 0; i < DASHBOARD_RECENT_ORDERS; i++) await place([{ product_id: product.id, quantity: 1 }]);
    expect((await stats()).recent_orders).toHaveLength(DASHBOARD_RECENT_ORDERS);
  });
});
