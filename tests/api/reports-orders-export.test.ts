import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { listWalk, orderRowPages, periodWalk } from '#server/orders/admin-order-export.ts';
import { orders } from '#server/orders/orders.table.ts';
import { ADMIN_ORDER_SORT_FIELDS, AdminOrdersQuerySchema } from '#shared/contracts/admin-orders.ts';
import { ORDER_ROW_COLUMNS } from '#shared/contracts/analytics.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { manualClock } from '../helpers/clocks.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * `GET /admin/orders/export` (docs/product.md#orders-export-and-bulk-status): the orders list's
 * filters and sort, every matching order, as a streamed CSV, read a step at a time.
 */
describe('GET /admin/orders/export', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const placed: { id: string; order_number: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ clock: manualClock(new Date('2026-11-20T10:00:00Z')) });
    const db = ctx.database.db;
    const staff = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    const cheap = await createProduct(db, { name: 'Resistor Pack', price: 3, stockQuantity: 500 });
    const dear = await createProduct(db, { name: 'Oscilloscope', price: 250, stockQuantity: 50 });
    await ctx.app.catalogue.fresh();
    const names = ['Rami Haddad', 'maya saad', 'Karim Aoun', 'Rami Haddad', 'Nour Khalil', 'Maya Saad', 'Ali Hassan'];
    for (const [index, name] of names.entries()) {
      // Equal totals (ties in the sort) for orders 0, 3 and 6.
      const lines =
        index % 3 === 0
          ? [{ product_id: cheap.id, quantity: 2 }]
          : [{ product_id: dear.id, quantity: 1 + (index % 2) }];
      const order = await checkout(
        ctx.app,
        orderBody(lines, { customer: { name, phone: `03 100 20${index}`, email: `buyer${index}@example.com` } }),
      );
      placed.push(order);
      // A few seconds apart, two at the very same instant (a tie on created_at).
      await db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2026, 10, 10, 8, 0, index === 5 ? 4 : index)) })
        .where(eq(orders.id, order.id));
    }
    for (const index of [1, 4]) {
      expect((await api('PUT', `/api/admin/orders/${placed[index]?.id}`, { status: 'confirmed' })).statusCode).toBe(
        200,
      );
    }
  });
  afterAll(() => ctx?.close());

  const exported = async (query: string) => {
    const response = await api('GET', `/api/admin/orders/export?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
  };
  const listed = async (query: string) => {
    const response = await api('GET', `/api/admin/orders?limit=100&${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data.map((order: { order_number: string }) => order.order_number);
  };

  it('is a CSV of every order with the columns as keys, named after the shop day', async () => {
    const response = await api('GET', '/api/admin/orders/export');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cedar-orders-2026-11-20.csv"');
    const parsed = await exported('');
    expect(parsed.meta.fields).toEqual(ORDER_ROW_COLUMNS.map((column) => column.key));
    expect(parsed.data.map((row) => row.order_number)).toEqual(await listed(''));
    const first = parsed.data.find((row) => row.order_number === placed[0]?.order_number);
    expect(first).toMatchObject({
      placed_at: '2026-11-10 10:00',
      status: 'pending',
      payment_status: 'pending',
      customer_name: 'Rami Haddad',
      // A leading + would be read as a formula: quoted like every such cell (docs/product.md#csv-import-and-export).
      customer_phone: "'+9613100200",
      items: '2',
      subtotal: '6.00',
      tax: '0.66',
      total: '6.66',
      refunded: '0.00',
    });
  });

  it("keeps the list's filters and its sort, ties and all, in any direction", async () => {
    const filters = [
      'status=confirmed',
      'search=rami',
      'search=maya&status=pending',
      'date_from=2026-11-10&date_to=2026-11-10',
    ];
    for (const filter of filters) {
      expect(
        (await exported(filter)).data.map((row) => row.order_number),
        filter,
      ).toEqual(await listed(filter));
    }
    expect((await exported('status=confirmed')).data).toHaveLength(2);
    for (const sortBy of ADMIN_ORDER_SORT_FIELDS) {
      for (const sortOrder of ['asc', 'desc']) {
        const query = `sort_by=${sortBy}&sort_order=${sortOrder}`;
        expect(
          (await exported(query)).data.map((row) => row.order_number),
          query,
        ).toEqual(await listed(query));
      }
    }
  });

  it('reads a step at a time after the last row read, missing and repeating none', async () => {
    for (const sortBy of ADMIN_ORDER_SORT_FIELDS) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const query = AdminOrdersQuerySchema.parse({ sort_by: sortBy, sort_order: sortOrder });
        const inSteps: string[] = [];
        let steps = 0;
        for await (const page of orderRowPages(ctx.database.db, listWalk(query), 'Asia/Beirut', 2)) {
          steps += 1;
          inSteps.push(...page.map((row) => String(row.order_number)));
        }
        expect(steps, `${sortBy} ${sortOrder}`).toBe(4);
        expect(inSteps, `${sortBy} ${sortOrder}`).toEqual(await listed(`sort_by=${sortBy}&sort_order=${sortOrder}`));
      }
    }
  });

  it('walks a period a step at a time, oldest first, the step its end cuts short the last', async () => {
    // 08:00:01 up to 08:00:05: five orders, two of them at the same instant (08:00:04).
    const [from, to] = [new Date('2026-11-10T08:00:01Z'), new Date('2026-11-10T08:00:05Z')];
    const expected = (
      await ctx.database.db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
        .orderBy(asc(orders.createdAt), asc(orders.id))
    ).map((row) => row.orderNumber);
    expect(expected).toHaveLength(5);
    const walk = periodWalk(sql`${from.toISOString()}::timestamptz`, sql`${to.toISOString()}::timestamptz`);
    for (const step of [1, 2, 3, 5, 10]) {
      const inSteps: string[] = [];
      let steps = 0;
      for await (const page of orderRowPages(ctx.database.db, walk, 'Asia/Beirut', step)) {
        steps += 1;
        inSteps.push(...page.map((row) => String(row.order_number)));
      }
      expect(inSteps, `step ${step}`).toEqual(expected);
      expect(steps, `step ${step}`).toBe(Math.ceil(5 / step));
    }
  });

  it('neutralises cells a spreadsheet would run', async () => {
    const target = placed[2];
    await ctx.database.db
      .update(orders)
      .set({ customerName: '@SUM(A1:A9)' })
      .where(eq(orders.id, target?.id ?? ''));
    const row = (await exported('')).data.find((entry) => entry.order_number === target?.order_number);
    expect(row?.customer_name).toBe("'@SUM(A1:A9)");
  });

  it('refuses the filters the list refuses, naming them, and records who took a copy', async () => {
    const reversed = await api('GET', '/api/admin/orders/export?date_from=2026-11-20&date_to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toContainEqual({
      path: 'date_from',
      message: 'date_from must not be after date_to',
    });
    const badStatus = await api('GET', '/api/admin/orders/export?status=lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors.map((error: { path: string }) => error.path)).toEqual(['status']);
    await exported('status=confirmed&sort_by=total');
    const entries = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'order.export'));
    expect(entries.at(-1)?.after).toEqual({ status: 'confirmed', sort_by: 'total', sort_order: 'desc' });
  });
});
