import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/notifications/notifications.table.ts';
import { orderStatusHistory } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import {
  ADDRESS_LOCKED_MESSAGE,
  type AdminOrder,
  ORDER_TRANSITIONS,
  transitionRefusedMessage,
} from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#admin-endpoints: status changes along ORDER_TRANSITIONS, stock, timeline, notifications. */
describe('admin order status changes', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let admin: { id: string; name: string };
  let productId: string;
  let otherId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const user = await createUser(db, { role: 'admin', name: 'Maya Admin' });
    await createUser(db, { role: 'super_admin', name: 'Second Admin' });
    await createUser(db, { role: 'customer' });
    admin = { id: user.id, name: user.name };
    api = apiAs(ctx.app, (await signInAs(ctx.app, user.email)).token);
    productId = (await createProduct(db, { name: 'Arduino Uno', price: 20, stockQuantity: 1000 })).id;
    otherId = (await createProduct(db, { name: 'Jumper Wires', price: 2.5, stockQuantity: 1000 })).id;
  });
  afterAll(() => ctx.close());

  const placeOrder = () =>
    checkout(
      ctx.app,
      orderBody([
        { product_id: productId, quantity: 2 },
        { product_id: otherId, quantity: 3 },
        { product_id: productId, quantity: 1 },
      ]),
    );
  const setStatus = (id: string, status: OrderStatus, note?: string) =>
    api('PUT', `/api/admin/orders/${id}`, { status, ...(note ? { note } : {}) });
  const getOrder = async (id: string): Promise<AdminOrder> => (await api('GET', `/api/admin/orders/${id}`)).json().data;
  /** Drives a fresh order to `status` along the happy path. */
  async function orderAt(status: OrderStatus): Promise<string> {
    const { id } = await placeOrder();
    const path: OrderStatus[] =
      status === 'cancelled' ? ['cancelled'] : ['confirmed', 'processing', 'shipped', 'delivered'];
    for (const step of path) {
      if (status === 'pending') break;
      expect((await setStatus(id, step)).statusCode).toBe(200);
      if (step === status) break;
    }
    return id;
  }

  it('allows every transition of the table, records who and the note, and notifies each admin', async () => {
    for (const [from, targets] of Object.entries(ORDER_TRANSITIONS) as [OrderStatus, OrderStatus[]][]) {
      for (const to of targets) {
        const id = await orderAt(from);
        const response = await setStatus(id, to, `to ${to}`);
        expect(response.statusCode, `${from} → ${to}`).toBe(200);
        const order: AdminOrder = response.json().data;
        expect(order.status).toBe(to);
        expect(order.allowed_transitions).toEqual(ORDER_TRANSITIONS[to]);
        const last = order.history.at(-1);
        expect(last).toMatchObject({
          kind: 'status',
          from_status: from,
          to_status: to,
          note: `to ${to}`,
          changed_by: admin,
        });
        const rows = await ctx.database.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.orderId, id), eq(notifications.type, 'order_status'), eq(notifications.status, to)),
          );
        // One each for the two active admins; none for the customer account.
        expect(rows).toHaveLength(2);
      }
    }
  });

  it('keeps the whole timeline: the checkout (by nobody) then each change with its admin', async () => {
    const id = await orderAt('delivered');
    const order = await getOrder(id);
    expect(order.history.map((entry) => [entry.kind, entry.from_status, entry.to_status])).toEqual([
      ['status', null, 'pending'],
      ['status', 'pending', 'confirmed'],
      ['status', 'confirmed', 'processing'],
      ['status', 'processing', 'shipped'],
      ['status', 'shipped', 'delivered'],
    ]);
    expect(order.history[0]?.changed_by).toBeNull();
    expect(order.history.slice(1).every((entry) => entry.changed_by?.name === 'Maya Admin')).toBe(true);
    // Cash on delivery: delivered means the cash came in.
    expect(order.payment_status).toBe('paid');
    expect(order.refundable_amount).toBe(order.total);
    const audit = await auditOf(ctx.database.db, 'order', id);
    expect(audit.map((row) => row.action)).toEqual(['order.status', 'order.status', 'order.status', 'order.status']);
    expect(audit[3]).toMatchObject({ userId: admin.id, before: { status: 'shipped' }, after: { status: 'delivered' } });
  });

  it('refuses transitions outside the table with 409 naming both states, changing nothing', async () => {
    const cases: [OrderStatus, OrderStatus][] = [
      ['pending', 'shipped'],
      ['pending', 'delivered'],
      ['pending', 'pending'],
      ['confirmed', 'pending'],
      ['shipped', 'cancelled'],
      ['delivered', 'cancelled'],
      ['delivered', 'pending'],
      ['cancelled', 'confirmed'],
      ['cancelled', 'cancelled'],
    ];
    for (const [from, to] of cases) {
      const id = await orderAt(from);
      const before = await getOrder(id);
      const response = await setStatus(id, to);
      expect(response.statusCode, `${from} → ${to}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: transitionRefusedMessage(from, to) });
      expect(response.json().message).toContain(from);
      expect(response.json().message).toContain(to);
      const after = await getOrder(id);
      expect(after.status).toBe(from);
      expect(after.history).toHaveLength(before.history.length);
    }
  });

  it('cancelling gives every line back to its product, and the storefront sees it', async () => {
    const before = {
      uno: (await stockOf(ctx.database.db, productId)).stock,
      wires: (await stockOf(ctx.database.db, otherId)).stock,
    };
    const { id } = await placeOrder();
    expect((await stockOf(ctx.database.db, productId)).stock).toBe(before.uno - 3);
    expect((await stockOf(ctx.database.db, otherId)).stock).toBe(before.wires - 3);
    expect((await setStatus(id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(id, 'cancelled', 'Customer called')).statusCode).toBe(200);
    expect((await stockOf(ctx.database.db, productId)).stock).toBe(before.uno);
    expect((await stockOf(ctx.database.db, otherId)).stock).toBe(before.wires);
    const product = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(product.json().data.stock_quantity).toBe(before.uno);
  });

  it('two cancels at once: one wins, the other gets 409, and the stock comes back exactly once', async () => {
    const start = (await stockOf(ctx.database.db, productId)).stock;
    const { id } = await placeOrder();
    const [a, b] = await Promise.all([setStatus(id, 'cancelled'), setStatus(id, 'cancelled')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(transitionRefusedMessage('cancelled', 'cancelled'));
    expect((await stockOf(ctx.database.db, productId)).stock).toBe(start);
    const cancels = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'cancelled')));
    expect(cancels).toHaveLength(1);
  });

  it('a product deleted since the order is skipped when the stock goes back', async () => {
    const gone = await createProduct(ctx.database.db, { name: 'Short-lived', stockQuantity: 5 });
    const { id } = await checkout(
      ctx.app,
      orderBody([
        { product_id: gone.id, quantity: 1 },
        { product_id: otherId, quantity: 1 },
      ]),
    );
    const wires = (await stockOf(ctx.database.db, otherId)).stock;
    await ctx.database.db.delete(products).where(eq(products.id, gone.id));
    expect((await setStatus(id, 'cancelled')).statusCode).toBe(200);
    expect((await stockOf(ctx.database.db, otherId)).stock).toBe(wires + 1);
  });

  it('corrects the address before shipping only, and keeps internal notes; both go in the timeline', async () => {
    const id = await orderAt('processing');
    const address = { city: 'Jounieh', street: 'Main Road', building: 'Cedar Tower' };
    const response = await api('PUT', `/api/admin/orders/${id}`, {
      shipping_address: address,
      internal_notes: 'Call before delivery',
    });
    expect(response.statusCode).toBe(200);
    const order: AdminOrder = response.json().data;
    expect(order.shipping_address).toEqual(address);
    expect(order.internal_notes).toBe('Call before delivery');
    expect(order.history.at(-1)).toMatchObject({
      kind: 'update',
      from_status: 'processing',
      to_status: 'processing',
      changed_by: admin,
    });
    expect(order.history.at(-1)?.note).toContain('Address corrected');
    const audit = await auditOf(ctx.database.db, 'order', id);
    expect(audit.at(-1)).toMatchObject({
      action: 'order.update',
      before: { internal_notes: null },
      after: { internal_notes: 'Call before delivery', shipping_address: address },
    });

    // The same address sent again (the edit form sends it whole) adds nothing to the timeline.
    const unchanged = await api('PUT', `/api/admin/orders/${id}`, { shipping_address: address });
    expect(unchanged.statusCode).toBe(200);
    expect((unchanged.json().data as AdminOrder).history).toHaveLength(order.history.length);

    expect((await setStatus(id, 'shipped')).statusCode).toBe(200);
    const locked = await api('PUT', `/api/admin/orders/${id}`, {
      shipping_address: { city: 'Tyre', street: 'Sea Road' },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(ADDRESS_LOCKED_MESSAGE);
    expect((await getOrder(id)).shipping_address.city).toBe('Jounieh');
    // Notes can still change once shipped.
    const notes = await api('PUT', `/api/admin/orders/${id}`, { internal_notes: 'Left with the neighbour' });
    expect(notes.json().data.internal_notes).toBe('Left with the neighbour');
  });

  it('"Mark shipped" keeps the carrier and tracking: the order, its timeline and audit, the list filter (docs/product.md#tracking)', async () => {
    const id = await orderAt('processing');

    // A carrier only goes with shipping; a tracking link is https.
    const early = await api('PUT', `/api/admin/orders/${await orderAt('confirmed')}`, {
      status: 'processing',
      shipment: { carrier: 'Aramex' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { path: 'shipment', message: 'A carrier and tracking go with marking the order shipped' },
    ]);
    const plain = await api('PUT', `/api/admin/orders/${id}`, {
      status: 'shipped',
      shipment: { carrier: 'Aramex', tracking_url: 'http://track.example.com/1' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors).toEqual([
      { path: 'shipment.tracking_url', message: 'Tracking link must start with https://' },
    ]);
    expect((await getOrder(id)).status).toBe('processing');

    const shipped = await api('PUT', `/api/admin/orders/${id}`, {
      status: 'shipped',
      note: 'Fragile',
      shipment: {
        carrier: 'Aramex',
        tracking_number: ' 4471 2290 ',
        tracking_url: 'https://aramex.example/t/44712290',
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json().data as AdminOrder;
    expect(order.shipment).toEqual({
      carrier: 'Aramex',
      tracking_number: '4471 2290',
      tracking_url: 'https://aramex.example/t/44712290',
    });
    expect(order.history.at(-1)).toMatchObject({
      to_status: 'shipped',
      note: 'With Aramex, tracking 4471 2290. Fragile',
    });
    const audit = await auditOf(ctx.database.db, 'order', id);
    expect(audit.at(-1)).toMatchObject({
      action: 'order.status',
      after: { status: 'shipped', shipment: { carrier: 'Aramex', tracking_number: '4471 2290' } },
    });

    // Another order shipped with the shop's own driver, no tracking.
    const own = await orderAt('processing');
    const ownShipped = await api('PUT', `/api/admin/orders/${own}`, {
      status: 'shipped',
      shipment: { carrier: 'Own driver' },
    });
    expect(ownShipped.json().data.shipment).toEqual({
      carrier: 'Own driver',
      tracking_number: null,
      tracking_url: null,
    });

    // The list filters by carrier, in any case.
    const listed = await api('GET', '/api/admin/orders?carrier=aramex&limit=100');
    expect(listed.statusCode).toBe(200);
    expect((listed.json().data as { id: string }[]).map((row) => row.id)).toEqual([id]);
  });

  it('the shopper reads the carrier and tracking link on the order page (guest token)', async () => {
    const placed = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: productId, quantity: 1 }]),
      })
    ).json().data as { id: string; access_token: string; shipment: unknown };
    expect(placed.shipment).toBeNull();
    for (const status of ['confirmed', 'processing'] as const)
      expect((await setStatus(placed.id, status)).statusCode).toBe(200);
    await api('PUT', `/api/admin/orders/${placed.id}`, {
      status: 'shipped',
      shipment: { carrier: 'Wakilni', tracking_number: 'WK-88', tracking_url: 'https://wakilni.example/WK-88' },
    });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/orders/${placed.id}?token=${placed.access_token}` });
    expect(read.json().data).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'Wakilni', tracking_number: 'WK-88', tracking_url: 'https://wakilni.example/WK-88' },
    });
  });

  it('marks a cash payment received', async () => {
    const id = await orderAt('confirmed');
    const response = await api('PUT', `/api/admin/orders/${id}`, { payment_status: 'paid' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ payment_status: 'paid', status: 'confirmed' });
    expect(response.json().data.history.at(-1)).toMatchObject({ kind: 'update', note: 'Payment received' });
  });

  it('validates the body: 400 names the fields', async () => {
    const { id } = await placeOrder();
    const bad = await api('PUT', `/api/admin/orders/${id}`, { status: 'lost', payment_status: 'refunded' });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['status', 'payment_status']));
    expect((await api('PUT', `/api/admin/orders/${id}`, {})).statusCode).toBe(400);
    expect((await api('PUT', `/api/admin/orders/${id}`, { status: 'confirmed', extra: 1 })).statusCode).toBe(400);
    expect((await api('PUT', '/api/admin/orders/not-a-uuid', { status: 'confirmed' })).statusCode).toBe(400);
    const missing = await api('PUT', '/api/admin/orders/00000000-0000-4000-8000-000000000000', { status: 'confirmed' });
    expect(missing.statusCode).toBe(404);
  });

  it('gives a WhatsApp link to the customer with the order, and records it', async () => {
    const { id, order_number } = await placeOrder();
    const response = await api('POST', `/api/admin/orders/${id}/whatsapp`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.phone).toBe('+9613123456');
    expect(data.url.startsWith('https://wa.me/9613123456?text=')).toBe(true);
    expect(decodeURIComponent(data.url.split('?text=')[1])).toBe(data.message);
    expect(data.message).toContain(order_number);
    expect(data.message).toContain('2 × Arduino Uno');
    expect(data.message).toContain('3 × Jumper Wires');
    expect(data.message).toContain('1 × Arduino Uno');
    // 3 × 20 + 3 × 2.50 = 67.50, + 11 % tax = 74.93
    expect(data.message).toContain('Total: $74.93');
    expect(data.message).toContain('Status: Pending');
    const order = await getOrder(id);
    expect(order.whatsapp_sent_at).toBe(data.sent_at);
    expect(order.history.at(-1)).toMatchObject({ kind: 'whatsapp', changed_by: admin });
    expect((await auditOf(ctx.database.db, 'order', id)).at(-1)?.action).toBe('order.whatsapp');
  });
});

describe('WhatsApp turned off', () => {
  it('has no WhatsApp route (404) while the rest of admin orders works', async () => {
    const ctx = await createTestApp({ env: { FEATURE_WHATSAPP: 'false' } });
    try {
      const user = await createUser(ctx.database.db, { role: 'admin' });
      const api = apiAs(ctx.app, (await signInAs(ctx.app, user.email)).token);
      const product = await createProduct(ctx.database.db, { stockQuantity: 5 });
      const { id } = await checkout(ctx.app, orderBody([{ product_id: product.id, quantity: 1 }]));
      expect((await api('POST', `/api/admin/orders/${id}/whatsapp`)).statusCode).toBe(404);
      expect((await api('GET', `/api/admin/orders/${id}`)).json().data.whatsapp_sent_at).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});
