import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/mail/outbox-file.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 34 (docs/architecture.md#the-message-outbox, docs/product.md#order-mails-to-the-shopper):
 * a new order's messages (the customer's receipt, the shop's new-order mail, the order-placed text,
 * a low-stock mail) are queued by cedar_place_order in the order's own transaction, with the
 * order's real id and number, each behind its switch; status changes and refunds text the phone
 * too. On both databases (the suite runs on PostgreSQL in CI).
 */
describe('messages of a new order, and texts to the phone', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example' },
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    productId = (await createProduct(ctx.database.db, { name: 'ESP32 board', price: 9, stockQuantity: 10_000 })).id;
  });
  afterAll(() => ctx.close());

  const rowsOf = (orderId: string) =>
    ctx.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.orderId, orderId))
      .orderBy(asc(messageOutbox.event), asc(messageOutbox.channel));
  /** The texts (the outbox channel's texts file) to `phone`, oldest first. */
  const textsTo = async (phone: string) => {
    await ctx.app.messageSender.drain();
    const texts = await readOutbox(ctx.config.paths.outbox, 'text');
    return texts.filter((text) => text.startsWith(`To: ${phone}\n`));
  };
  const saveEmail = async (patch: Record<string, unknown>) => {
    const response = await api('PUT', '/api/admin/settings/email', patch);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('queues the receipt, the shop mail and the text with the order, with its real id and number', async () => {
    const order = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 2 }]));
    const rows = await rowsOf(order.id);
    expect(rows.map((row) => [row.event, row.channel, row.status])).toEqual([
      ['order.new', 'email', 'pending'],
      ['order.placed', 'email', 'pending'],
      ['order.placed', 'text', 'pending'],
    ]);
    for (const row of rows) {
      const written = `${row.subject}\n${row.bodyText}\n${row.dedupeKey}`;
      expect(written).not.toContain('__ORDER_');
      expect(row.dedupeKey).toContain(order.id);
    }
    const [, receipt, text] = rows;
    expect(receipt).toMatchObject({
      recipient: 'rami@example.com',
      subject: expect.stringContaining(order.order_number),
    });
    expect(receipt?.bodyText).toContain(`https://shop.example/checkout?order=${order.id}&token=`);
    // The HTML part is not in the order's statement (announce-new-order.ts): this process's sender adds it.
    expect(receipt?.bodyHtml).toBeNull();
    expect(text).toMatchObject({ recipient: '+9613123456', subject: '' });
    expect(text?.bodyText).toMatch(
      new RegExp(
        `^Cedar Shop: we received your order ${order.order_number} \\(\\$\\d+\\.\\d{2}\\)\\. .* https://shop\\.example/checkout\\?order=${order.id}&token=`,
      ),
    );

    // Delivered after the commit: the receipt as a mail, the text through the message channel.
    const mails = (await outboxMails(ctx.app)).filter((mail) => mail.includes(order.order_number));
    expect(mails.filter((mail) => mail.includes('To: rami@example.com'))).toHaveLength(1);
    const raw = await readOutbox(ctx.config.paths.outbox, 'mail');
    const sentReceipt = raw.find((mail) => mail.includes('To: rami@example.com') && mail.includes(order.order_number));
    expect(sentReceipt).toContain('Content-Type: text/html');
    expect(sentReceipt).not.toContain('__ORDER_');
    expect((await textsTo('+9613123456')).filter((file) => file.includes(order.order_number))).toHaveLength(1);
    expect((await rowsOf(order.id)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('queues nothing for a replayed order, nor for a refused one', async () => {
    const body = orderBody([{ product_id: productId, quantity: 1 }]);
    const headers = { 'idempotency-key': 'placed-messages-replay-1' };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(await rowsOf(first.json().data.id)).toHaveLength(3);

    const scarce = await createProduct(ctx.database.db, { name: 'Last relay', price: 4, stockQuantity: 1 });
    await ctx.app.catalogue.fresh();
    const before = await ctx.database.db.select({ id: messageOutbox.id }).from(messageOutbox);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: scarce.id, quantity: 2 }]),
    });
    expect(refused.statusCode).toBe(409);
    expect(await ctx.database.db.select({ id: messageOutbox.id }).from(messageOutbox)).toHaveLength(before.length);
  });

  it('each switch holds back its own message', async () => {
    await saveEmail({
      messages: { customer: { order_placed: false }, shop: { new_order: false }, texts: { order_placed: false } },
    });
    try {
      const order = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }]));
      expect(await rowsOf(order.id)).toEqual([]);
    } finally {
      await saveEmail({
        messages: { customer: { order_placed: true }, shop: { new_order: true }, texts: { order_placed: true } },
      });
    }
    // Without an email, the text still goes.
    const noEmail = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Maya', phone: '71 222 333' } }),
    );
    expect((await rowsOf(noEmail.id)).map((row) => [row.event, row.channel])).toEqual([
      ['order.new', 'email'],
      ['order.placed', 'text'],
    ]);
  });

  it('tells the shop once when an order takes a product to its low-stock threshold', async () => {
    const lamp = await createProduct(ctx.database.db, {
      name: 'Desk lamp',
      price: 15,
      stockQuantity: 7,
      lowStockThreshold: 5,
    });
    await ctx.app.catalogue.fresh();
    const lowStock = async (orderId: string) =>
      (await rowsOf(orderId)).filter((row) => row.event === 'product.low_stock').map((row) => row.subject);
    // 7 → 6: still above the threshold.
    const first = await checkout(ctx.app, orderBody([{ product_id: lamp.id, quantity: 1 }]));
    expect(await lowStock(first.id)).toEqual([]);
    await ctx.app.catalogue.fresh();
    // 6 → 4: crosses it.
    const second = await checkout(ctx.app, orderBody([{ product_id: lamp.id, quantity: 2 }]));
    expect(await lowStock(second.id)).toEqual(['Low stock: Desk lamp (4 left)']);
    await ctx.app.catalogue.fresh();
    // 4 → 0: already below, no new mail.
    const third = await checkout(ctx.app, orderBody([{ product_id: lamp.id, quantity: 4 }]));
    expect(await lowStock(third.id)).toEqual([]);
  });

  it('texts the phone when the order ships (carrier, tracking), is cancelled (the reason) or refunded (the amount)', async () => {
    const phone = '+96170111222';
    const order = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Nadim', phone: '70 111 222' } }),
    );
    const put = (body: Record<string, unknown>) => api('PUT', `/api/admin/orders/${order.id}`, body);
    const confirmed = await put({ status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await put({ status: 'processing' })).statusCode).toBe(200);
    const shipped = await put({ status: 'shipped', shipment: { carrier: 'Aramex', tracking_number: 'AX99' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const texts = (await textsTo(phone)).filter((file) => file.includes(order.order_number));
    // Placed and shipped; "confirmed" and "being prepared" are not texted by default. (Both were
    // sent by one drain: their files' names do not say which came first.)
    expect(texts).toHaveLength(2);
    const shippedText = texts.find((text) => text.includes('is on its way'));
    expect(shippedText).toContain(`your order ${order.order_number} is on its way with Aramex, tracking AX99.`);
    expect(shippedText).toContain(`https://shop.example/checkout?order=${order.id}&token=`);

    const other = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Nadim', phone: '70 111 222' } }),
    );
    expect(
      (await api('PUT', `/api/admin/orders/${other.id}`, { status: 'cancelled', note: 'Out of delivery area' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await textsTo(phone)).filter((text) =>
        text.includes(`your order ${other.order_number} was cancelled. Reason: Out of delivery area`),
      ),
    ).toHaveLength(1);

    expect((await api('PUT', `/api/admin/orders/${order.id}`, { payment_status: 'paid' })).statusCode).toBe(200);
    const refund = await api('POST', `/api/admin/orders/${order.id}/refund`, { refund_amount: 3, reason: 'Scratched' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(
      (await textsTo(phone)).filter((text) => text.includes(`we refunded $3.00 of your order ${order.order_number}.`)),
    ).toHaveLength(1);
  });

  it('an order entered by an admin queues the same messages', async () => {
    const response = await api(
      'POST',
      '/api/admin/orders',
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Phone order', phone: '76 555 111' } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const rows = await rowsOf(response.json().data.id);
    expect(rows.map((row) => [row.event, row.channel])).toEqual([
      ['order.new', 'email'],
      ['order.placed', 'text'],
    ]);
  });

  it('ten orders at once: each queues exactly its own three messages', async () => {
    const placed = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        checkout(
          ctx.app,
          orderBody([{ product_id: productId, quantity: 1 }], {
            customer: {
              name: `Buyer ${index}`,
              phone: `03 400 ${String(100 + index)}`,
              email: `buyer${index}@example.com`,
            },
          }),
        ),
      ),
    );
    const rows = await ctx.database.db
      .select()
      .from(messageOutbox)
      .where(
        and(
          inArray(
            messageOutbox.orderId,
            placed.map((order) => order.id),
          ),
        ),
      );
    expect(rows).toHaveLength(30);
    for (const order of placed) {
      const own = rows.filter((row) => row.orderId === order.id);
      expect(own).toHaveLength(3);
      expect(
        own.every((row) => row.subject.includes(order.order_number) || row.bodyText.includes(order.order_number)),
      ).toBe(true);
    }
  });
});
