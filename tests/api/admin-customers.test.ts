import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#server/customers/customers.table.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { orderItems, orders } from '#server/orders/orders.table.ts';
import {
  CUSTOMER_ANONYMISED_LOCKED_MESSAGE,
  CUSTOMER_ANONYMISED_MESSAGE,
  CUSTOMER_HAS_OPEN_ORDERS_MESSAGE,
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  type Customer,
} from '#shared/contracts/customers.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, staffSessionForCustomer } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#admin-endpoints: linking orders by phone, figures from the orders, CRUD, anonymising delete. */
describe('admin customers', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let customerToken: string;
  let adminId: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    adminId = admin.id;
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const customer = await createUser(db, { role: 'customer' });
    customerToken = await staffSessionForCustomer(ctx.app, customer);
    productId = (await createProduct(db, { name: 'Soldering Iron', price: 50, stockQuantity: 500 })).id;
  });
  afterAll(() => ctx.close());

  const line = (quantity = 1) => [{ product_id: productId, quantity }];
  const customerIdOf = async (orderId: string) => {
    const [row] = await ctx.database.db.select({ id: orders.customerId }).from(orders).where(eq(orders.id, orderId));
    return row?.id ?? null;
  };
  const getCustomer = async (id: string): Promise<Customer> =>
    (await api('GET', `/api/admin/customers/${id}`)).json().data;

  it('links two checkouts with differently typed numbers to one customer, with figures from the orders', async () => {
    const first = await checkout(
      ctx.app,
      orderBody(line(1), { customer: { name: 'Nadia Aoun', phone: '03 456 789', email: 'nadia@example.com' } }),
    );
    const second = await checkout(
      ctx.app,
      orderBody(line(2), {
        customer: { name: 'Nadia Aoun', phone: '+961 3 456 789' },
        shipping_address: { city: 'Byblos', street: 'Old Souk', governorate: 'mount_lebanon' },
      }),
    );
    const third = await checkout(
      ctx.app,
      orderBody(line(1), { customer: { name: 'Nadia A.', phone: '009613456789' } }),
    );
    const id = await customerIdOf(first.id);
    expect(id).not.toBeNull();
    expect(await customerIdOf(second.id)).toBe(id);
    expect(await customerIdOf(third.id)).toBe(id);

    // One cancelled order and one refund: total spent = 55.50 + 111 + 55.50 − 55.50 − 10 = 156.50.
    expect((await api('PUT', `/api/admin/orders/${third.id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await api('PUT', `/api/admin/orders/${second.id}`, { payment_status: 'paid' })).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/orders/${second.id}/refund`, { refund_amount: 10 })).statusCode).toBe(200);

    const customer = await getCustomer(id as string);
    expect(customer).toMatchObject({
      name: 'Nadia Aoun',
      phone: '+9613456789',
      email: 'nadia@example.com',
      address: { city: 'Beirut', street: 'Bliss Street' },
      orders_count: 3,
      total_spent: 156.5,
    });
    expect(customer.last_order_at).toEqual(expect.any(String));

    const history = await api('GET', `/api/admin/customers/${id}/orders`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((order: { id: string }) => order.id)).toEqual([third.id, second.id, first.id]);
    expect(history.json().meta.status_counts).toMatchObject({ pending: 2, cancelled: 1 });
    const cancelled = await api('GET', `/api/admin/customers/${id}/orders?status=cancelled`);
    expect(cancelled.json().data.map((order: { id: string }) => order.id)).toEqual([third.id]);
  });

  it('creates a customer (audited), one per phone number however typed', async () => {
    const created = await api('POST', '/api/admin/customers', {
      name: '  Karim Nassar ',
      phone: '71 222 333',
      email: 'Karim@Example.com',
      address: { city: 'Zahle', street: 'Main Street' },
      notes: 'Wholesale buyer',
    });
    expect(created.statusCode).toBe(201);
    const customer: Customer = created.json().data;
    expect(customer).toMatchObject({
      name: 'Karim Nassar',
      phone: '+96171222333',
      email: 'karim@example.com',
      address: { city: 'Zahle', street: 'Main Street' },
      notes: 'Wholesale buyer',
      orders_count: 0,
      total_spent: 0,
      last_order_at: null,
    });
    const audit = await auditOf(ctx.database.db, 'customer', customer.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'customer.create',
        userId: adminId,
        after: expect.objectContaining({ phone: '+96171222333' }),
      }),
    ]);

    const duplicate = await api('POST', '/api/admin/customers', { name: 'Someone Else', phone: '+961 71 222 333' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CONFLICT',
      message: CUSTOMER_PHONE_TAKEN_MESSAGE,
      errors: [{ path: 'phone', message: CUSTOMER_PHONE_TAKEN_MESSAGE }],
    });

    // A later checkout with that number joins this customer.
    const order = await checkout(ctx.app, orderBody(line(1), { customer: { name: 'Karim', phone: '0096171222333' } }));
    expect(await customerIdOf(order.id)).toBe(customer.id);
  });

  it('validates: 400 names each bad field', async () => {
    const response = await api('POST', '/api/admin/customers', { name: 'K', phone: '123', email: 'nope', extra: 1 });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'phone', 'email']));
    expect((await api('PUT', '/api/admin/customers/00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/customers/not-a-uuid')).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000/orders')).statusCode).toBe(404);
  });

  it('updates a customer (audited with before and after); a taken phone is a 409', async () => {
    const created = (await api('POST', '/api/admin/customers', { name: 'Hala Frem', phone: '81 123 456' })).json().data;
    const updated = await api('PUT', `/api/admin/customers/${created.id}`, { name: 'Hala Frem-Issa', notes: 'VIP' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Hala Frem-Issa', notes: 'VIP', phone: '+96181123456' });
    const audit = await auditOf(ctx.database.db, 'customer', created.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'customer.update',
      before: { name: 'Hala Frem', notes: null },
      after: { name: 'Hala Frem-Issa', notes: 'VIP' },
    });
    const taken = await api('PUT', `/api/admin/customers/${created.id}`, { phone: '71-222-333' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CUSTOMER_PHONE_TAKEN_MESSAGE);
    // Its own number again is fine.
    expect((await api('PUT', `/api/admin/customers/${created.id}`, { phone: '+961 81 123 456' })).statusCode).toBe(200);
  });

  it('lists with search (name, email, phone in any form), sort and pages', async () => {
    const names = async (query: string) => {
      const response = await api('GET', `/api/admin/customers?${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((customer: Customer) => customer.name);
    };
    expect(await names('search=nassar')).toEqual(['Karim Nassar']);
    expect(await names('search=nadia%40example')).toEqual(['Nadia Aoun']);
    expect(await names(`search=${encodeURIComponent('03-456-789')}`)).toEqual(['Nadia Aoun']);
    expect(await names('search=456789')).toEqual(['Nadia Aoun']);
    expect(await names('sort_by=name&sort_order=asc')).toEqual(['Hala Frem-Issa', 'Karim Nassar', 'Nadia Aoun']);
    expect(await names('sort_by=total_spent&sort_order=desc')).toEqual([
      'Nadia Aoun',
      'Karim Nassar',
      'Hala Frem-Issa',
    ]);
    // Never ordered: last either way.
    expect((await names('sort_by=last_order_at&sort_order=asc')).at(-1)).toBe('Hala Frem-Issa');
    expect((await names('sort_by=orders_count&sort_order=desc'))[0]).toBe('Nadia Aoun');
    const page = await api('GET', '/api/admin/customers?limit=2&page=2&sort_by=name&sort_order=asc');
    expect(page.json().data.map((customer: Customer) => customer.name)).toEqual(['Nadia Aoun']);
    expect(page.json().pagination).toMatchObject({ total: 3, totalPages: 2, hasPrev: true, hasNext: false });
    expect((await api('GET', '/api/admin/customers?sort_by=phone')).statusCode).toBe(400);
  });

  it('deletes a customer without orders (204)', async () => {
    const created = (await api('POST', '/api/admin/customers', { name: 'Passing By', phone: '70 999 888' })).json()
      .data;
    const response = await api('DELETE', `/api/admin/customers/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect((await api('GET', `/api/admin/customers/${created.id}`)).statusCode).toBe(404);
    expect((await auditOf(ctx.database.db, 'customer', created.id)).at(-1)?.action).toBe('customer.delete');
  });

  it('anonymises a customer with orders: the orders stay, their personal details go', async () => {
    const order = await checkout(
      ctx.app,
      orderBody(line(2), {
        customer: { name: 'Fadi Rahme', phone: '76 333 444', email: 'fadi@example.com' },
        notes: 'Ring twice, Fadi',
      }),
    );
    const id = (await customerIdOf(order.id)) as string;
    await api('PUT', `/api/admin/customers/${id}`, { notes: 'Prefers evening calls' });
    await api('PUT', `/api/admin/orders/${order.id}`, {
      shipping_address: { city: 'Zahle', street: 'Boulevard', building: 'Rahme House' },
    });

    // While the order is on its way the shop still needs the contact details.
    const refused = await api('DELETE', `/api/admin/customers/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CUSTOMER_HAS_OPEN_ORDERS_MESSAGE);
    expect((await api('PUT', `/api/admin/orders/${order.id}`, { status: 'cancelled' })).statusCode).toBe(200);

    const response = await api('DELETE', `/api/admin/customers/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ anonymised: true, message: CUSTOMER_ANONYMISED_MESSAGE });

    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toMatchObject({ name: 'Deleted customer', phone: null, email: null, address: null, notes: null });
    expect(row?.anonymisedAt).toBeInstanceOf(Date);

    const kept = await api('GET', `/api/admin/orders/${order.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      total: 111,
      customer: { id, name: 'Deleted customer', phone: '', email: null },
      shipping_address: { city: '', street: '' },
    });
    const lines = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toHaveLength(1);
    // Gone from the list and from searches, but its orders are still reachable.
    const list = await api('GET', '/api/admin/customers?search=fadi');
    expect(list.json().data).toEqual([]);
    expect((await api('GET', `/api/admin/customers/${id}/orders`)).json().data).toHaveLength(1);
    expect((await api('GET', '/api/admin/orders?search=fadi')).json().data).toEqual([]);
    // Nothing else keeps the details: not the audit log (this entry or earlier ones), not the
    // order's own notes, not the admins' notifications.
    const audit = await auditOf(ctx.database.db, 'customer', id);
    expect(audit.at(-1)).toMatchObject({ action: 'customer.anonymise' });
    const orderAudit = await auditOf(ctx.database.db, 'order', order.id);
    const traces = JSON.stringify([audit, orderAudit]);
    for (const detail of ['Fadi', '333444', 'fadi@example.com', 'Rahme House', 'Prefers evening']) {
      expect(traces).not.toContain(detail);
    }
    const [orderRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.notes).toBeNull();
    const alerts = await ctx.database.db.select().from(notifications).where(eq(notifications.orderId, order.id));
    expect(alerts.length).toBeGreaterThan(0);
    expect(JSON.stringify(alerts)).not.toContain('Fadi');
    // And the record stays anonymous.
    const edit = await api('PUT', `/api/admin/customers/${id}`, { phone: '76 333 444' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(CUSTOMER_ANONYMISED_LOCKED_MESSAGE);
    // The number is free again: a new checkout with it makes a new customer.
    const again = await checkout(ctx.app, orderBody(line(1), { customer: { name: 'Fadi Rahme', phone: '76333444' } }));
    const newId = await customerIdOf(again.id);
    expect(newId).not.toBe(id);
    expect(newId).not.toBeNull();
  });

  it('401 without a token, 403 for a customer', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET', url: '/api/admin/customers' },
      { method: 'POST', url: '/api/admin/customers', payload: { name: 'Anon', phone: '03 111 222' } },
      { method: 'GET', url: `/api/admin/customers/${id}` },
      { method: 'PUT', url: `/api/admin/customers/${id}`, payload: { name: 'Anon' } },
      { method: 'DELETE', url: `/api/admin/customers/${id}` },
      { method: 'GET', url: `/api/admin/customers/${id}/orders` },
    ] as const;
    for (const call of calls) {
      expect((await ctx.app.inject({ ...call })).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await ctx.app.inject({ ...call, headers: bearer(customerToken) })).statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.phone, '+9613111222'));
    expect(row).toBeUndefined();
  });
});
