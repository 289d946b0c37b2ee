import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '#server/db/transaction.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { enqueueMessage } from '#server/messages/message-outbox.ts';
import { claimDueMessages, markSent } from '#server/messages/message-sender.ts';
import { updateAdminOrder } from '#server/orders/order-transitions.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { closedPort } from '../helpers/fake-smtp.ts';
import { orderBody, outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 34 (docs/architecture.md#the-message-outbox, docs/product.md#order-mails-to-the-shopper): a status
 * change queues the shopper's mail in its own transaction, and the sender delivers each row once.
 * The sender's timer and its kicks wait an hour here: the test drives it with drain().
 */
describe('message outbox: order status mails', () => {
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
    productId = (await createProduct(ctx.database.db, { name: 'Arduino Uno', price: 20, stockQuantity: 1000 })).id;
  });
  afterAll(() => ctx.close());

  const placeOrder = (overrides: Record<string, unknown> = {}) =>
    checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }], overrides));
  const setStatus = (id: string, status: OrderStatus, extra: Record<string, unknown> = {}) =>
    api('PUT', `/api/admin/orders/${id}`, { status, ...extra });
  /** The order's status and refund mails (its placement's messages and the texts: placed-order-messages.test.ts). */
  const rowsOf = (orderId: string) =>
    ctx.database.db
      .select()
      .from(messageOutbox)
      .where(
        and(
          eq(messageOutbox.orderId, orderId),
          eq(messageOutbox.channel, 'email'),
          notInArray(messageOutbox.event, ['order.placed', 'order.new']),
        ),
      );
  /** The mails (whole, as written to the outbox) about one order, without the placement's receipts. */
  const statusMails = async (app: TestApp['app'], orderNumber: string) =>
    (await outboxMails(app)).filter(
      (mail) => mail.includes(orderNumber) && !mail.includes('New order') && !mail.includes('We received your order'),
    );
  const emailSettings = async () => (await api('GET', '/api/admin/settings/email')).json().data;
  const saveEmail = async (patch: Record<string, unknown>) => {
    const response = await api('PUT', '/api/admin/settings/email', patch);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('queues one row per status change and, after drain, sends exactly one mail each', async () => {
    const order = await placeOrder();
    expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
    // "Being prepared" is off by default: no row.
    expect((await setStatus(order.id, 'processing')).statusCode).toBe(200);
    const shipped = await setStatus(order.id, 'shipped', {
      shipment: { carrier: 'Aramex', tracking_number: 'AX123456', tracking_url: 'https://track.example/AX123456' },
    });
    expect(shipped.statusCode).toBe(200);
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(200);

    await ctx.app.messageSender.drain();
    const rows = await rowsOf(order.id);
    expect(rows.map((row) => row.event).sort()).toEqual(['order.confirmed', 'order.delivered', 'order.shipped']);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'sent',
        attempts: 1,
        channel: 'email',
        recipient: 'rami@example.com',
        lastError: null,
        claimedUntil: null,
        dedupeKey: `order:${order.id}:status:${row.event.slice('order.'.length)}`,
      });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    const mails = await statusMails(ctx.app, order.order_number);
    expect(mails).toHaveLength(3);
    const shippedMail = mails.find((mail) => mail.includes('Tracking number'));
    expect(shippedMail).toContain('To: rami@example.com');
    expect(shippedMail).toContain(`Subject: Your Cedar Shop order ${order.order_number} is on its way`);
    expect(shippedMail).toContain('with Aramex');
    expect(shippedMail).toContain('Tracking number: AX123456');
    expect(shippedMail).toContain('Track it: https://track.example/AX123456');
    expect(shippedMail).toMatch(
      new RegExp(`See your order: https://shop\\.example/checkout\\?order=${order.id}&token=`),
    );

    // A second drain finds nothing and sends nothing again.
    expect(await ctx.app.messageSender.drain()).toBe(0);
    expect(await statusMails(ctx.app, order.order_number)).toHaveLength(3);
  });

  it('a cancellation carries the note as its reason', async () => {
    const order = await placeOrder();
    expect((await setStatus(order.id, 'cancelled', { note: 'Out of stock at the supplier' })).statusCode).toBe(200);
    await ctx.app.messageSender.drain();
    const [mail, ...more] = await statusMails(ctx.app, order.order_number);
    expect(more).toHaveLength(0);
    expect(mail).toContain('was cancelled');
    expect(mail).toContain('Reason: Out of stock at the supplier');
  });

  it('each refund mails its amount and reason once; the whole order says so; switched off, none', async () => {
    const order = await placeOrder();
    expect((await api('PUT', `/api/admin/orders/${order.id}`, { payment_status: 'paid' })).statusCode).toBe(200);
    const refund = (body: Record<string, unknown>) => api('POST', `/api/admin/orders/${order.id}/refund`, body);
    expect((await refund({ refund_amount: 5, reason: 'Scratched case' })).statusCode).toBe(200);
    // A refused refund (more than remains) queues nothing.
    expect((await refund({ refund_amount: 10_000 })).statusCode).toBe(409);
    const { messages } = await emailSettings();
    await saveEmail({ messages: { ...messages, customer: { ...messages.customer, refunded: false } } });
    try {
      expect((await refund({ refund_amount: 1 })).statusCode).toBe(200);
    } finally {
      await saveEmail({ messages });
    }
    const rest = Math.round((order.total - 6) * 100) / 100;
    expect((await refund({ refund_amount: rest })).statusCode).toBe(200);
    expect((await rowsOf(order.id)).map((row) => row.event)).toEqual(['order.refunded', 'order.refunded']);
    await ctx.app.messageSender.drain();
    const mails = (await statusMails(ctx.app, order.order_number)).filter((mail) => mail.includes('refunded'));
    expect(mails).toHaveLength(2);
    expect(mails.find((mail) => mail.includes('$5.00'))).toContain('Reason: Scratched case');
    expect(mails.find((mail) => mail.includes(`$${rest.toFixed(2)}`))).toContain('the whole order');
    expect(
      mails.every((mail) => mail.includes(`See your order: https://shop.example/checkout?order=${order.id}`)),
    ).toBe(true);
  });

  it("a customer's anonymisation deletes the outbox rows of their orders", async () => {
    const order = await placeOrder({
      customer: { name: 'Leila Khoury', phone: '71 222 333', email: 'leila@example.com' },
    });
    expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
    await ctx.app.messageSender.drain();
    expect(await rowsOf(order.id)).toHaveLength(1);
    const customerId = (await api('GET', `/api/admin/orders/${order.id}`)).json().data.customer.id;
    expect((await api('DELETE', `/api/admin/customers/${customerId}`)).statusCode).toBe(200);
    expect(await rowsOf(order.id)).toHaveLength(0);
  });

  it('a refused or rolled-back change queues nothing; an order without email queues nothing', async () => {
    const order = await placeOrder();
    expect((await setStatus(order.id, 'delivered')).statusCode).toBe(409);
    expect(await rowsOf(order.id)).toHaveLength(0);

    // The change itself succeeds inside a transaction that then rolls back.
    const { email } = ctx.app.settings.values;
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        const result = await updateAdminOrder(
          tx,
          order.id,
          { status: 'confirmed' },
          { actor: null },
          { shopName: 'Cedar Shop', switches: email.messages.customer, linkBase: '' },
        );
        expect(result.messageQueued).toBe(true);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsOf(order.id)).toHaveLength(0);

    const anonymous = await placeOrder({ customer: { name: 'Rami Haddad', phone: '03 123 456' } });
    expect((await setStatus(anonymous.id, 'confirmed')).statusCode).toBe(200);
    expect(await rowsOf(anonymous.id)).toHaveLength(0);
  });

  it('an event switched off in the settings queues nothing', async () => {
    const { messages } = await emailSettings();
    await saveEmail({ messages: { ...messages, customer: { ...messages.customer, confirmed: false } } });
    try {
      const order = await placeOrder();
      expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
      expect(await rowsOf(order.id)).toHaveLength(0);
      expect((await setStatus(order.id, 'cancelled')).statusCode).toBe(200);
      expect((await rowsOf(order.id)).map((row) => row.event)).toEqual(['order.cancelled']);
    } finally {
      await saveEmail({ messages });
    }
  });

  it('a failing mailer leaves the row pending with a reason and a later attempt, then sends once fixed', async () => {
    const port = await closedPort();
    await saveEmail({ smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', smtp_user: '' });
    const order = await placeOrder();
    let row: typeof messageOutbox.$inferSelect | undefined;
    try {
      const started = Date.now();
      expect((await setStatus(order.id, 'confirmed')).statusCode).toBe(200);
      // The answer did not wait for the mail server; the kicked pass tried and failed.
      await ctx.app.messageSender.drain();
      [row] = await rowsOf(order.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
      expect(row?.lastError).toMatch(new RegExp(`^Could not reach 127\\.0\\.0\\.1:${port}`));
      expect(row?.lastError).not.toMatch(/\n\s+at /);
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(started + 20_000);
      // Not due yet: another drain leaves it alone.
      expect(await ctx.app.messageSender.drain()).toBe(0);
    } finally {
      await saveEmail({ smtp_host: '' });
    }
    // Time passes: the retry falls due.
    await ctx.database.db
      .update(messageOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messageOutbox.id, row?.id ?? ''));
    expect(await ctx.app.messageSender.drain()).toBe(1);
    const [sent] = await rowsOf(order.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await statusMails(ctx.app, order.order_number)).toHaveLength(1);
  });

  it('gives up after the last attempt: failed, and never tried again', async () => {
    const port = await closedPort();
    const failing = await createTestApp({
      database: ctx.database,
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000, maxAttempts: 2 },
    });
    await saveEmail({ smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', smtp_user: '' });
    try {
      await failing.app.settings.fresh();
      // Its start's own pass is over before the row exists.
      await failing.app.messageSender.drain();
      await enqueueMessage(ctx.database.db, {
        event: 'test.give_up',
        recipient: 'rami@example.com',
        subject: 'Give up',
        bodyText: 'x',
        dedupeKey: 'test:give-up',
      });
      const due = () =>
        ctx.database.db
          .update(messageOutbox)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(eq(messageOutbox.dedupeKey, 'test:give-up'));
      expect(await failing.app.messageSender.drain()).toBe(1);
      await due();
      expect(await failing.app.messageSender.drain()).toBe(1);
      await due();
      expect(await failing.app.messageSender.drain()).toBe(0);
      const [row] = await ctx.database.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.dedupeKey, 'test:give-up'));
      expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    } finally {
      await saveEmail({ smtp_host: '' });
      await failing.close();
    }
  });

  it('two senders at once deliver each message once', async () => {
    const other = await createTestApp({
      database: ctx.database,
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000, batchSize: 3 },
    });
    try {
      // Its start's own pass is over before the race begins (else it may take a row first).
      await other.app.messageSender.drain();
      const keys = Array.from({ length: 12 }, (_, i) => `test:race:${i}`);
      for (const key of keys) {
        await enqueueMessage(ctx.database.db, {
          event: 'test.race',
          recipient: 'rami@example.com',
          subject: `Race ${key}`,
          bodyText: key,
          dedupeKey: key,
        });
      }
      // Enqueued twice: still one row.
      expect(
        await enqueueMessage(ctx.database.db, {
          event: 'test.race',
          recipient: 'rami@example.com',
          subject: 'Race again',
          bodyText: 'x',
          dedupeKey: keys[0] ?? '',
        }),
      ).toBe(false);
      const handled = await Promise.all([
        ctx.app.messageSender.drain(),
        other.app.messageSender.drain(),
        ctx.app.messageSender.drain(),
        other.app.messageSender.drain(),
      ]);
      expect(handled.reduce((a, b) => a + b, 0)).toBe(keys.length);
      const mails = [...(await outboxMails(ctx.app)), ...(await outboxMails(other.app))].filter((mail) =>
        mail.includes('Subject: Race test:race:'),
      );
      for (const key of keys) {
        expect(
          mails.filter((mail) => mail.includes(`Subject: Race ${key}\n`)),
          key,
        ).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });

  it('a claim whose sender died is delivered once after its lease, and the old claim cannot mark it', async () => {
    await enqueueMessage(ctx.database.db, {
      event: 'test.crash',
      recipient: 'rami@example.com',
      subject: 'Crash test',
      bodyText: 'crash',
      dedupeKey: 'test:crash',
    });
    // A sender claims it and dies before sending or marking.
    const claimed = (await claimDueMessages(ctx.database.db, 100, 60_000)).filter(
      (row) => row.dedupeKey === 'test:crash',
    );
    expect(claimed).toHaveLength(1);
    const dead = claimed[0];
    // While the lease holds, nobody else takes it.
    expect(await ctx.app.messageSender.drain()).toBe(0);
    // The lease runs out.
    await ctx.database.db
      .update(messageOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(messageOutbox.dedupeKey, 'test:crash'));
    expect(await ctx.app.messageSender.drain()).toBe(1);
    expect(await ctx.app.messageSender.drain()).toBe(0);
    // The dead sender's claim token no longer holds the row.
    expect(await markSent(ctx.database.db, dead?.id ?? '', dead?.claimToken ?? '')).toBe(false);
    const [row] = await ctx.database.db.select().from(messageOutbox).where(eq(messageOutbox.dedupeKey, 'test:crash'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    const mails = (await outboxMails(ctx.app)).filter((mail) => mail.includes('Subject: Crash test'));
    expect(mails).toHaveLength(1);
  });
});
