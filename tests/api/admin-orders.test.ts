import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/notifications/notifications.table.ts';
import { orderRefunds, orders } from '#server/orders/orders.table.ts';
import {
  type AdminOrder,
  type AdminOrderListItem,
  REFUND_NOT_PAID_MESSAGE,
  refundTooLargeMessage,
} from '#shared/contracts/admin-orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, staffSessionForCustomer } from '../helpers/auth.ts';
import { orderBody, outboxMails, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#admin-endpoints: the list, stats, refunds and orders entered by an admin. */
describe('admin orders', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let customerToken: string;
  let admin: { id: string; name: string };
  let productId: string;
  let cheapId: string;
  const placed: Record<'rami' | 'lina' | 'omar' | 'old', { id: string; order_number: string; total: number }> =
    {} as never;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const user = await createUser(db, { role: 'admin', name: 'Maya Admin' });
    admin = { id: user.id, name: user.name };
    api = apiAs(ctx.app, (await signInAs(ctx.app, user.email)).token);
    const customer = await createUser(db, { role: 'customer' });
    customerToken = await staffSessionForCustomer(ctx.app, customer);
    productId = (await createProduct(db, { name: 'Oscilloscope', price: 100, stockQuantity: 50, maxPerOrder: 100 })).id;
    cheapId = (await createProduct(db, { name: 'Fuse', price: 1, stockQuantity: 500, maxPerOrder: 100 })).id;

    // Four orders: totals 111.00, 22.20, 333.00 and 1.11 (11 % tax).
    placed.rami = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }]));
    placed.lina = await checkout(
      ctx.app,
      orderBody([{ product_id: cheapId, quantity: 20 }], {
        customer: { name: 'Lina Khoury', phone: '+961 71 555 666', email: 'lina@example.com' },
      }),
    );
    placed.omar = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 3 }], {
        customer: { name: 'Omar Saleh', phone: '76-111-222', email: 'OMAR@Example.com' },
      }),
    );
    placed.old = await checkout(
      ctx.app,
      orderBody([{ product_id: cheapId, quantity: 1 }], {
        customer: { name: 'Old Timer', phone: '01 234 567' },
      }),
    );
    // One from forty days ago, one cancelled.
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, placed.old.id));
    expect((await api('PUT', `/api/admin/orders/${placed.lina.id}`, { status: 'cancelled' })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const list = async (query: string) => {
    const response = await api('GET', `/api/admin/orders?${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json() as {
      data: AdminOrderListItem[];
      pagination: { total: number; page: number; totalPages: number; hasNext: boolean };
      meta: { status_counts: Record<string, number> };
    };
  };
  const numbers = (page: { data: AdminOrderListItem[] }) => page.data.map((order) => order.order_number);

  describe('GET /api/admin/orders', () => {
    it('lists newest first with customer, item count, totals, pagination and the status tabs', async () => {
      const page = await list('');
      expect(numbers(page)).toEqual([
        placed.omar.order_number,
        placed.lina.order_number,
        placed.rami.order_number,
        placed.old.order_number,
      ]);
      expect(page.data[0]).toMatchObject({
        status: 'pending',
        payment_status: 'pending',
        customer: { name: 'Omar Saleh', phone: '+96176111222', email: 'omar@example.com' },
        item_count: 3,
        total: 333,
        refunded_amount: 0,
      });
      expect(page.data[0]?.customer.id).toEqual(expect.any(String));
      expect(page.pagination).toMatchObject({ page: 1, total: 4, totalPages: 1, hasNext: false });
      expect(page.meta.status_counts).toEqual({
        pending: 3,
        confirmed: 0,
        processing: 0,
        shipped: 0,
        delivered: 0,
        cancelled: 1,
      });
    });

    it('filters by status, keeping the tab counts over the other filters', async () => {
      const page = await list('status=cancelled');
      expect(numbers(page)).toEqual([placed.lina.order_number]);
      expect(page.pagination.total).toBe(1);
      expect(page.meta.status_counts.pending).toBe(3);
      const searched = await list('status=pending&search=omar');
      expect(numbers(searched)).toEqual([placed.omar.order_number]);
      expect(searched.meta.status_counts).toMatchObject({ pending: 1, cancelled: 0 });
    });

    it('searches by order number, name, email and phone however it is typed', async () => {
      expect(numbers(await list(`search=${placed.rami.order_number}`))).toEqual([placed.rami.order_number]);
      expect(numbers(await list('search=khoury'))).toEqual([placed.lina.order_number]);
      expect(numbers(await list('search=omar%40example'))).toEqual([placed.omar.order_number]);
      for (const typed of ['71555666', '+961 71 555 666', '0096171555666', '071-555-666', '555 666']) {
        expect(numbers(await list(`search=${encodeURIComponent(typed)}`)), typed).toEqual([placed.lina.order_number]);
      }
      expect((await list('search=nobody-at-all')).data).toEqual([]);
    });

    it('filters by payment status, customer and inclusive UTC dates', async () => {
      expect((await list('payment_status=paid')).data).toEqual([]);
      expect((await list('payment_status=pending')).pagination.total).toBe(4);
      const omar = (await list('search=omar')).data[0];
      expect(numbers(await list(`customer_id=${omar?.customer.id}`))).toEqual([placed.omar.order_number]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(`date_from=${today}&date_to=${today}`)).pagination.total).toBe(3);
      const oldDay = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
      expect(numbers(await list(`date_from=${oldDay}&date_to=${oldDay}`))).toEqual([placed.old.order_number]);
      expect(numbers(await list(`date_to=${oldDay}`))).toEqual([placed.old.order_number]);
    });

    it('sorts and pages', async () => {
      expect(numbers(await list('sort_by=total&sort_order=asc'))).toEqual([
        placed.old.order_number,
        placed.lina.order_number,
        placed.rami.order_number,
        placed.omar.order_number,
      ]);
      expect(numbers(await list('sort_by=customer_name&sort_order=asc'))[0]).toBe(placed.lina.order_number);
      expect(numbers(await list('sort_by=order_number&sort_order=asc'))[0]).toBe(placed.rami.order_number);
      const first = await list('limit=3&page=1');
      const second = await list('limit=3&page=2');
      expect(first.data).toHaveLength(3);
      expect(second.data).toHaveLength(1);
      expect(first.pagination).toMatchObject({ totalPages: 2, hasNext: true });
      expect(new Set([...numbers(first), ...numbers(second)]).size).toBe(4);
    });

    it('answers 400 naming the bad query fields', async () => {
      const response = await api('GET', '/api/admin/orders?status=lost&date_from=2026-13-01&limit=0');
      expect(response.statusCode).toBe(400);
      const paths = response.json().errors.map((error: { path: string }) => error.path);
      expect(paths).toEqual(expect.arrayContaining(['status', 'date_from', 'limit']));
      const reversed = await api('GET', '/api/admin/orders?date_from=2026-11-20&date_to=2026-11-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().errors[0].path).toBe('date_from');
      // Days that do not exist (the shared calendar date type): a 400 naming the field, never a 500.
      for (const query of ['date_from=2030-02-31', 'date_to=2030-02-29', 'date_from=0000-01-01']) {
        const impossible = await api('GET', `/api/admin/orders?${query}`);
        expect(impossible.statusCode, `${query}: ${impossible.body}`).toBe(400);
        expect(impossible.json().errors[0].path).toBe(query.split('=')[0]);
      }
    });
  });

  describe('GET /api/admin/orders/{id}', () => {
    it('has lines, totals, customer, address, history, refunds and what may come next', async () => {
      const response = await api('GET', `/api/admin/orders/${placed.rami.id}`);
      expect(response.statusCode).toBe(200);
      const order: AdminOrder = response.json().data;
      expect(order).toMatchObject({
        order_number: placed.rami.order_number,
        status: 'pending',
        source: 'checkout',
        subtotal: 100,
        tax: 11,
        total: 111,
        refunded_amount: 0,
        refundable_amount: 0,
        allowed_transitions: ['confirmed', 'cancelled'],
        customer: { name: 'Rami Haddad', phone: '+9613123456', email: 'rami@example.com' },
        shipping_address: { city: 'Beirut', street: 'Bliss Street', building: 'Nour', floor: '3' },
        internal_notes: null,
        whatsapp_sent_at: null,
        refunds: [],
      });
      expect(order.items).toEqual([expect.objectContaining({ name: 'Oscilloscope', quantity: 1, line_total: 100 })]);
      expect(order.history).toEqual([
        expect.objectContaining({ kind: 'status', from_status: null, to_status: 'pending', changed_by: null }),
      ]);
      expect(order).not.toHaveProperty('access_token');
      expect((await api('GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('POST /api/admin/orders/{id}/refund', () => {
    it('refuses an unpaid order', async () => {
      const response = await api('POST', `/api/admin/orders/${placed.omar.id}/refund`, { refund_amount: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(REFUND_NOT_PAID_MESSAGE);
    });

    it('checks the amount: positive, 2 decimals, at most what remains', async () => {
      const { id } = placed.rami;
      expect((await api('PUT', `/api/admin/orders/${id}`, { payment_status: 'paid' })).statusCode).toBe(200);
      for (const refund_amount of [0, -5, 1.234, 'ten']) {
        const response = await api('POST', `/api/admin/orders/${id}/refund`, { refund_amount });
        expect(response.statusCode, String(refund_amount)).toBe(400);
        expect(response.json().errors[0].path).toBe('refund_amount');
      }
      const over = await api('POST', `/api/admin/orders/${id}/refund`, { refund_amount: 111.01 });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(refundTooLargeMessage(111));
      expect(over.json().message).toBe('Refund cannot exceed the remaining $111.00');
    });

    it('a partial refund, then the rest: partially refunded, then refunded, each recorded', async () => {
      const { id } = placed.rami;
      const partial = await api('POST', `/api/admin/orders/${id}/refund`, {
        refund_amount: 11.1,
        reason: 'Scratched case',
      });
      expect(partial.statusCode).toBe(200);
      expect(partial.json().data).toMatchObject({
        payment_status: 'partially_refunded',
        refunded_amount: 11.1,
        refundable_amount: 99.9,
      });
      const tooMuch = await api('POST', `/api/admin/orders/${id}/refund`, { refund_amount: 100 });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toBe(refundTooLargeMessage(99.9));

      const rest = await api('POST', `/api/admin/orders/${id}/refund`, { refund_amount: 99.9 });
      expect(rest.statusCode).toBe(200);
      const order: AdminOrder = rest.json().data;
      expect(order).toMatchObject({ payment_status: 'refunded', refunded_amount: 111, refundable_amount: 0 });
      expect(order.refunds).toEqual([
        expect.objectContaining({ amount: 11.1, reason: 'Scratched case', created_by: admin }),
        expect.objectContaining({ amount: 99.9, reason: null, created_by: admin }),
      ]);
      expect(order.history.filter((entry) => entry.kind === 'refund').map((entry) => entry.note)).toEqual([
        'Refunded $11.10: Scratched case',
        'Refunded $99.90',
      ]);
      const again = await api('POST', `/api/admin/orders/${id}/refund`, { refund_amount: 0.01 });
      expect(again.statusCode).toBe(409);
      const audit = (await auditOf(ctx.database.db, 'order', id)).filter((row) => row.action === 'order.refund');
      expect(audit).toHaveLength(2);
      expect(audit[1]).toMatchObject({ userId: admin.id, after: { payment_status: 'refunded', refund: 99.9 } });
    });

    it('concurrent refunds never add up to more than the total', async () => {
      const { id } = await checkout(ctx.app, orderBody([{ product_id: cheapId, quantity: 10 }]));
      expect((await api('PUT', `/api/admin/orders/${id}`, { payment_status: 'paid' })).statusCode).toBe(200);
      // Total 11.10: two refunds of 8 cannot both pass.
      const answers = await Promise.all([
        api('POST', `/api/admin/orders/${id}/refund`, { refund_amount: 8 }),
        api('POST', `/api/admin/orders/${id}/refund`, { refund_amount: 8 }),
      ]);
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const rows = await ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('GET /api/admin/orders/stats', () => {
    it('counts by status, revenue net of refunds without cancelled orders, average and refunds', async () => {
      const response = await api('GET', '/api/admin/orders/stats');
      expect(response.statusCode).toBe(200);
      const stats = response.json().data;
      // Orders: rami 111 (fully refunded), lina 22.20 cancelled, omar 333, old 1.11 (40 days ago),
      // and the concurrent-refund one 11.10 (8 refunded).
      expect(stats.total_orders).toBe(5);
      expect(stats.by_status).toEqual({
        pending: 4,
        confirmed: 0,
        processing: 0,
        shipped: 0,
        delivered: 0,
        cancelled: 1,
      });
      // Today: 0 + 333 + 3.10 = 336.10; the 40-day-old order counts in none of the windows.
      expect(stats.revenue).toEqual({ today: 336.1, last_7_days: 336.1, last_30_days: 336.1 });
      // Average of 111, 333 and 11.10 (the last 30 days, not cancelled).
      expect(stats.average_order_value).toBe(151.7);
      expect(stats.refunds).toEqual({ count: 3, amount: 119 });
    });
  });

  describe('POST /api/admin/orders', () => {
    it('enters an order with checkout pricing and stock, linked to the customer, from the admin', async () => {
      const before = (await stockOf(ctx.database.db, productId)).stock;
      const response = await api(
        'POST',
        '/api/admin/orders',
        orderBody([{ product_id: productId, quantity: 2 }], {
          customer: { name: 'Omar Saleh', phone: '+961 76 111 222' },
          notes: 'Phone order',
        }),
      );
      expect(response.statusCode).toBe(201);
      const order: AdminOrder = response.json().data;
      expect(order).toMatchObject({ source: 'admin', status: 'pending', subtotal: 200, tax: 22, total: 222 });
      expect(order.history[0]).toMatchObject({ kind: 'status', to_status: 'pending', changed_by: admin });
      expect((await stockOf(ctx.database.db, productId)).stock).toBe(before - 2);
      // The same customer as Omar's checkout, found by the normalised phone.
      const omar = await api('GET', `/api/admin/orders/${placed.omar.id}`);
      expect(order.customer.id).toBe(omar.json().data.customer.id);
      const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ source: 'admin', createdBy: admin.id });
      const alerts = await ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.orderId, order.id), eq(notifications.type, 'new_order')));
      expect(alerts).toHaveLength(1);
      const audit = await auditOf(ctx.database.db, 'order', order.id);
      expect(audit.map((entry) => entry.action)).toEqual(['order.create']);
      expect(audit[0]).toMatchObject({
        userId: admin.id,
        after: { order_number: order.order_number, total: 222, source: 'admin', customer_id: order.customer.id },
      });
      // Written in the order's own transaction: now() is the transaction's start, the same for both.
      expect(audit[0]?.createdAt.toISOString()).toBe(row?.createdAt.toISOString());
      const mails = await outboxMails(ctx.app);
      expect(mails.some((mail) => mail.includes(order.order_number))).toBe(true);
    });

    it('refuses what checkout refuses: 400 with field names, 409 for missing stock', async () => {
      const invalid = await api('POST', '/api/admin/orders', {
        customer: { name: 'X', phone: '12' },
        shipping_address: { city: '', street: 'Somewhere' },
        items: [],
      });
      expect(invalid.statusCode).toBe(400);
      const paths = invalid.json().errors.map((error: { path: string }) => error.path);
      expect(paths).toEqual(
        expect.arrayContaining(['customer.name', 'customer.phone', 'shipping_address.city', 'items']),
      );
      const short = await api('POST', '/api/admin/orders', orderBody([{ product_id: productId, quantity: 99 }]));
      expect(short.statusCode).toBe(409);
      expect(short.json().code).toBe('OUT_OF_STOCK');
    });
  });

  describe('access', () => {
    it('401 without a token, 403 for a customer', async () => {
      const calls = [
        { method: 'GET', url: '/api/admin/orders' },
        { method: 'GET', url: '/api/admin/orders/stats' },
        { method: 'GET', url: `/api/admin/orders/${placed.omar.id}` },
        { method: 'PUT', url: `/api/admin/orders/${placed.omar.id}`, payload: { status: 'confirmed' } },
        { method: 'POST', url: `/api/admin/orders/${placed.omar.id}/refund`, payload: { refund_amount: 1 } },
        { method: 'POST', url: `/api/admin/orders/${placed.omar.id}/whatsapp` },
        { method: 'POST', url: '/api/admin/orders', payload: orderBody([{ product_id: cheapId, quantity: 1 }]) },
      ] as const;
      for (const call of calls) {
        const anonymous = await ctx.app.inject({ ...call });
        expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
        const customer = await ctx.app.inject({ ...call, headers: bearer(customerToken) });
        expect(customer.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
      expect((await api('GET', `/api/admin/orders/${placed.omar.id}`)).json().data.status).toBe('pending');
    });
  });
});
