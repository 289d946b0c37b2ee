import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { orderStatusHistory } from '#server/orders/orders.table.ts';
import {
  type AdminOrder,
  ALREADY_OUT_FOR_DELIVERY_MESSAGE,
  ORDER_TRANSITIONS,
  outForDeliveryRefusedMessage,
} from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody, outboxMails, outboxMessages } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#out-for-delivery: a shipped order's delivery step (not a status). Recorded once,
 * even by requests at the same moment; refused (409) for an order that is not shipped; in the
 * admin's and the shopper's timelines; its mail and text queued in the step's transaction, each
 * behind its switch (off by default). On both databases (the suite runs on PostgreSQL in CI).
 * The sender's timer and kicks wait an hour here: the test drives it with drain().
 */
describe('out for delivery', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let admin: { id: string; name: string };
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example' },
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 },
    });
    const user = await createUser(ctx.database.db, { role: 'admin', name: 'Maya Admin' });
    admin = { id: user.id, name: user.name };
    api = apiAs(ctx.app, (await signInAs(ctx.app, user.email)).token);
    productId = (await createProduct(ctx.database.db, { name: 'Arduino Uno', price: 20, stockQuantity: 10_000 })).id;
  });
  afterAll(() => ctx.close());

  const setStatus = (id: string, status: OrderStatus, extra: Record<string, unknown> = {}) =>
    api('PUT', `/api/admin/orders/${id}`, { status, ...extra });
  const outForDelivery = (id: string, body?: unknown) => api('POST', `/api/admin/orders/${id}/out-for-delivery`, body);
  /** A fresh order moved along the happy path to `status` (shipped with Aramex and tracking). */
  async function orderAt(status: OrderStatus, overrides: Record<string, unknown> = {}) {
    const order = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }], overrides));
    const path: OrderStatus[] =
      status === 'cancelled' ? ['cancelled'] : ['confirmed', 'processing', 'shipped', 'delivered'];
    for (const step of path) {
      if (status === 'pending') break;
      const response = await setStatus(
        order.id,
        step,
        step === 'shipped'
          ? { shipment: { carrier: 'Aramex', tracking_number: 'AX77', tracking_url: 'https://track.example/AX77' } }
          : {},
      );
      expect(response.statusCode, response.body).toBe(200);
      if (step === status) break;
    }
    return order;
  }
  /** The order's messages of the step (not its placement's or its status changes'). */
  const stepMessages = (orderId: string) =>
    ctx.database.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.event, 'order.out_for_delivery')));
  const historyOf = (orderId: string) =>
    ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.kind, 'out_for_delivery')));
  const saveSwitches = async (on: { mail: boolean; text: boolean }) => {
    const response = await api('PUT', '/api/admin/settings/email', {
      messages: { customer: { out_for_delivery: on.mail }, texts: { out_for_delivery: on.text } },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('records the step on a shipped order: the order stays shipped, the timeline, the audit', async () => {
    const order = await orderAt('shipped');
    const response = await outForDelivery(order.id, { note: 'With Karim, afternoon round' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as AdminOrder;
    expect(data.status).toBe('shipped');
    expect(data.allowed_transitions).toEqual(ORDER_TRANSITIONS.shipped);
    expect(Date.parse(data.out_for_delivery_at ?? '')).not.toBeNaN();
    expect(data.history.at(-1)).toMatchObject({
      kind: 'out_for_delivery',
      from_status: 'shipped',
      to_status: 'shipped',
      note: 'With Karim, afternoon round',
      changed_by: admin,
    });
    const audit = await auditOf(ctx.database.db, 'order', order.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'order.out_for_delivery',
      userId: admin.id,
      before: { out_for_delivery_at: null },
      after: { out_for_delivery_at: data.out_for_delivery_at, note: 'With Karim, afternoon round' },
    });

    // Not a status: the list's status filter and the figures count it as shipped.
    const listed = await api('GET', '/api/admin/orders?status=shipped&limit=100');
    expect((listed.json().data as { id: string }[]).map((row) => row.id)).toContain(order.id);
    expect(Object.keys(listed.json().meta.status_counts)).not.toContain('out_for_delivery');

    // Delivering it later keeps the step, in its place in the timeline.
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(200);
    const after = (await api('GET', `/api/admin/orders/${order.id}`)).json().data as AdminOrder;
    expect(after.out_for_delivery_at).toBe(data.out_for_delivery_at);
    expect(after.history.map((entry) => [entry.kind, entry.to_status])).toEqual([
      ['status', 'pending'],
      ['status', 'confirmed'],
      ['status', 'processing'],
      ['status', 'shipped'],
      ['out_for_delivery', 'shipped'],
      ['status', 'delivered'],
    ]);
  });

  it('the guest link and the account show the step, between shipped and delivered', async () => {
    const session = await signUpShopper(ctx.app, { phone: '03 700 301' });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(session.access_token),
      payload: orderBody([{ product_id: productId, quantity: 1 }], {
        customer: { name: 'Rana Haddad', phone: '03 700 301' },
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id, access_token } = placed.json().data as { id: string; access_token: string };
    const guest = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}?token=${access_token}` })).json().data;
    expect((await guest()).out_for_delivery_at).toBeNull();
    for (const status of ['confirmed', 'processing', 'shipped'] as const)
      expect((await setStatus(id, status)).statusCode).toBe(200);
    const marked = await outForDelivery(id);
    expect(marked.statusCode, marked.body).toBe(200);
    const at = marked.json().data.out_for_delivery_at as string;
    expect(await guest()).toMatchObject({ status: 'shipped', out_for_delivery_at: at });
    expect((await setStatus(id, 'delivered')).statusCode).toBe(200);

    const account = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: bearer(session.access_token),
    });
    expect(account.statusCode, account.body).toBe(200);
    const history = account.json().data.history as { kind: string; status: string; created_at: string }[];
    expect(history.map((event) => [event.kind, event.status])).toEqual([
      ['status', 'pending'],
      ['status', 'confirmed'],
      ['status', 'processing'],
      ['status', 'shipped'],
      ['out_for_delivery', 'shipped'],
      ['status', 'delivered'],
    ]);
    const step = history[4];
    expect(Math.abs(Date.parse(step?.created_at ?? '') - Date.parse(at))).toBeLessThan(5_000);
    expect(account.json().data.out_for_delivery_at).toBe(at);
  });

  it('a second call is a 409 that changes nothing; an order not shipped is refused with 409 naming its status', async () => {
    await saveSwitches({ mail: true, text: true });
    try {
      const order = await orderAt('shipped');
      expect((await outForDelivery(order.id)).statusCode).toBe(200);
      const first = (await api('GET', `/api/admin/orders/${order.id}`)).json().data as AdminOrder;
      const again = await outForDelivery(order.id, { note: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: ALREADY_OUT_FOR_DELIVERY_MESSAGE,
        statusCode: 409,
        code: 'CONFLICT',
        errors: [{ path: 'out_for_delivery_at', message: ALREADY_OUT_FOR_DELIVERY_MESSAGE }],
      });
      const second = (await api('GET', `/api/admin/orders/${order.id}`)).json().data as AdminOrder;
      expect(second.out_for_delivery_at).toBe(first.out_for_delivery_at);
      expect(second.history).toHaveLength(first.history.length);
      expect((await stepMessages(order.id)).map((row) => row.channel).sort()).toEqual(['email', 'text']);

      for (const status of ['pending', 'confirmed', 'processing', 'delivered', 'cancelled'] as const) {
        const other = await orderAt(status);
        const refused = await outForDelivery(other.id);
        expect(refused.statusCode, status).toBe(409);
        expect(refused.json()).toEqual({
          message: outForDeliveryRefusedMessage(status),
          statusCode: 409,
          code: 'CONFLICT',
          errors: [{ path: 'status', message: outForDeliveryRefusedMessage(status) }],
        });
        expect(refused.json().message).toContain(status);
        const read = (await api('GET', `/api/admin/orders/${other.id}`)).json().data as AdminOrder;
        expect(read.out_for_delivery_at).toBeNull();
        expect(read.status).toBe(status);
        expect(await historyOf(other.id)).toHaveLength(0);
        expect(await stepMessages(other.id)).toHaveLength(0);
      }
    } finally {
      await saveSwitches({ mail: false, text: false });
    }
  });

  it('refuses bad input with 400 and an unknown order with 404, in the error shape', async () => {
    const order = await orderAt('shipped');
    const long = await outForDelivery(order.id, { note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'note', message: 'Note must be at most 500 characters' }],
    });
    const extra = await outForDelivery(order.id, { note: 'ok', status: 'delivered' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('VALIDATION_ERROR');
    const badId = await outForDelivery('not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual([{ path: 'id', message: 'Order not found' }]);
    const missing = await outForDelivery('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await api('GET', `/api/admin/orders/${order.id}`)).json().data.out_for_delivery_at).toBeNull();
  });

  it('queues one mail and one text, each behind its switch (both off by default)', async () => {
    const defaults = (await api('GET', '/api/admin/settings/email')).json().data.messages;
    expect(defaults.customer.out_for_delivery).toBe(false);
    expect(defaults.texts.out_for_delivery).toBe(false);

    const quiet = await orderAt('shipped');
    expect((await outForDelivery(quiet.id)).statusCode).toBe(200);
    expect(await stepMessages(quiet.id)).toHaveLength(0);

    try {
      await saveSwitches({ mail: true, text: false });
      const mailed = await orderAt('shipped');
      expect((await outForDelivery(mailed.id)).statusCode).toBe(200);
      expect((await stepMessages(mailed.id)).map((row) => [row.channel, row.recipient])).toEqual([
        ['email', 'rami@example.com'],
      ]);

      await saveSwitches({ mail: false, text: true });
      const texted = await orderAt('shipped');
      expect((await outForDelivery(texted.id)).statusCode).toBe(200);
      expect((await stepMessages(texted.id)).map((row) => [row.channel, row.recipient])).toEqual([
        ['text', '+9613123456'],
      ]);

      await saveSwitches({ mail: true, text: true });
      const both = await orderAt('shipped');
      expect((await outForDelivery(both.id)).statusCode).toBe(200);
      const rows = await stepMessages(both.id);
      expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'text']);
      expect(rows.map((row) => row.dedupeKey).sort()).toEqual([
        `order:${both.id}:step:out_for_delivery`,
        `order:${both.id}:text:step:out_for_delivery`,
      ]);
      // An order without an email: the text alone.
      const noEmail = await orderAt('shipped', { customer: { name: 'Nadim', phone: '70 111 333' } });
      expect((await outForDelivery(noEmail.id)).statusCode).toBe(200);
      expect((await stepMessages(noEmail.id)).map((row) => row.channel)).toEqual(['text']);

      // Sent: the mail says so with the carrier and tracking; the text is one line with the link.
      const mails = (await outboxMails(ctx.app)).filter(
        (mail) => mail.includes(both.order_number) && mail.includes('out for delivery'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`Subject: Your Cedar Shop order ${both.order_number} is out for delivery`);
      expect(mails[0]).toContain('should reach you today');
      expect(mails[0]).toContain('It comes with Aramex.');
      expect(mails[0]).toContain('Tracking number: AX77');
      expect(mails[0]).toContain('Track it: https://track.example/AX77');
      expect(mails[0]).toContain(`See your order: https://shop.example/checkout?order=${both.id}&token=`);
      const [text] = rows.filter((row) => row.channel === 'text');
      expect(text?.bodyText).toMatch(
        new RegExp(
          `^Cedar Shop: your order ${both.order_number} is out for delivery and should reach you today with Aramex\\. https://shop\\.example/checkout\\?order=${both.id}&token=\\S+$`,
        ),
      );
      const sent = await stepMessages(both.id);
      expect(sent.map((row) => row.status)).toEqual(['sent', 'sent']);
    } finally {
      await saveSwitches({ mail: false, text: false });
    }
  });

  it("Settings → Email previews its mail with the merchant's wording and sends a test of it", async () => {
    const wording = { subject: 'On the road: {order_number}', intro: 'Hi {customer_name}, the driver has it.' };
    const preview = await api('POST', '/api/admin/settings/email/preview', { event: 'out_for_delivery', wording });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.subject).toBe('On the road: CS-100123');
    expect(preview.json().data.text).toContain('Hi Rami Haddad, the driver has it.');
    expect(preview.json().data.text).toContain('It comes with Aramex.');
    expect(preview.json().data.html).toContain('Track your parcel');

    const saved = await api('PUT', '/api/admin/settings/email', { templates: { out_for_delivery: wording } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const sent = await api('POST', '/api/admin/settings/email/test', {
        to: 'owner@example.com',
        event: 'out_for_delivery',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toMatchObject({ delivered: true, transport: 'outbox' });
      const mail = (await outboxMessages(ctx.app)).at(-1);
      expect(mail?.headers).toContain('Subject: On the road: CS-100123');
      expect(mail?.text).toContain('Tracking number: AX123456789');
      // A real order's mail takes the saved wording too.
      await saveSwitches({ mail: true, text: false });
      const order = await orderAt('shipped');
      expect((await outForDelivery(order.id)).statusCode).toBe(200);
      expect((await stepMessages(order.id))[0]?.subject).toBe(`On the road: ${order.order_number}`);
    } finally {
      await api('PUT', '/api/admin/settings/email', { templates: { out_for_delivery: { subject: '', intro: '' } } });
      await saveSwitches({ mail: false, text: false });
    }
  });

  it('requests at the same moment record the step once: one 200, the rest 409, one entry, one message per channel', async () => {
    await saveSwitches({ mail: true, text: true });
    try {
      const order = await orderAt('shipped');
      const responses = await Promise.all(Array.from({ length: 8 }, () => outForDelivery(order.id)));
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const response of responses.filter((one) => one.statusCode === 409)) {
        expect(response.json().message).toBe(ALREADY_OUT_FOR_DELIVERY_MESSAGE);
      }
      expect(await historyOf(order.id)).toHaveLength(1);
      const audit = await auditOf(ctx.database.db, 'order', order.id);
      expect(audit.filter((row) => row.action === 'order.out_for_delivery')).toHaveLength(1);
      expect((await stepMessages(order.id)).map((row) => row.channel).sort()).toEqual(['email', 'text']);

      // Racing "Mark delivered": either the step came first (both 200) or the delivery did (409),
      // never a delivered order that went out for delivery after it.
      const raced = await orderAt('shipped');
      const [step, delivered] = await Promise.all([outForDelivery(raced.id), setStatus(raced.id, 'delivered')]);
      expect(delivered.statusCode).toBe(200);
      const final = (await api('GET', `/api/admin/orders/${raced.id}`)).json().data as AdminOrder;
      expect(final.status).toBe('delivered');
      if (step.statusCode === 200) {
        expect(final.out_for_delivery_at).not.toBeNull();
        expect(final.history.map((entry) => entry.kind).slice(-2)).toEqual(['out_for_delivery', 'status']);
      } else {
        expect(step.statusCode).toBe(409);
        expect(step.json().message).toBe(outForDeliveryRefusedMessage('delivered'));
        expect(final.out_for_delivery_at).toBeNull();
        expect(await stepMessages(raced.id)).toHaveLength(0);
      }
    } finally {
      await saveSwitches({ mail: false, text: false });
    }
  });
});
