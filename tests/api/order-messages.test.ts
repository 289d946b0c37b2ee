import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { enqueueMessage } from '#server/messages/message-outbox.ts';
import type { OrderMessage } from '#shared/contracts/order-messages.ts';
import { RETRY_NOT_FAILED_MESSAGES } from '#shared/contracts/order-messages.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { closedPort } from '../helpers/fake-smtp.ts';
import { orderBody, outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * An order's delivery log (docs/product.md#delivery-log, issue 34): the outbox rows of one order
 * for staff, masked, and the retry of a failed one. Messages are made the real way (status
 * changes queue them) and driven by real senders: `ctx` gives up after the default 8 attempts (a
 * refused send leaves the row retrying), `quitter`, a second process on the same database, after
 * one (a refused send leaves it failed). Both timers are an hour: the test drains by hand.
 */
describe('order delivery log: GET /admin/orders/{id}/messages and retry', () => {
  let ctx: TestApp;
  let quitter: TestApp;
  let token: string;
  let api: ReturnType<typeof apiAs>;
  let quitterApi: ReturnType<typeof apiAs>;
  let adminId: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 } });
    quitter = await createTestApp({
      database: ctx.database,
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000, maxAttempts: 1 },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    adminId = admin.id;
    token = (await signInAs(ctx.app, admin.email)).token;
    api = apiAs(ctx.app, token);
    quitterApi = apiAs(quitter.app, token);
    productId = (await createProduct(ctx.database.db, { name: 'ESP32 board', price: 12, stockQuantity: 1000 })).id;
    // The status mails alone: an order's placement messages and the texts (placed-order-messages.test.ts)
    // are switched off, so each list below is what the status changes queued.
    const off = { order_placed: false, confirmed: false, processing: false, shipped: false, delivered: false };
    const quiet = await api('PUT', '/api/admin/settings/email', {
      messages: {
        customer: { order_placed: false },
        shop: { new_order: false, low_stock: false },
        texts: { ...off, cancelled: false, refunded: false },
      },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    await quitter.app.settings.fresh();
  });
  afterAll(async () => {
    await quitter?.close();
    await ctx?.close();
  });

  const placeOrder = () => checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }]));
  const setStatus = async (call: typeof api, id: string, status: OrderStatus) => {
    const response = await call('PUT', `/api/admin/orders/${id}`, { status });
    expect(response.statusCode, response.body).toBe(200);
  };
  const messagesOf = async (orderId: string): Promise<OrderMessage[]> => {
    const response = await api('GET', `/api/admin/orders/${orderId}/messages`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const retry = (orderId: string, messageId: string) =>
    api('POST', `/api/admin/orders/${orderId}/messages/${messageId}/retry`);
  /**
   * Waits for the pass that `app`'s write kicked, then drains the other process too. The process
   * that took the write drains first: the other must not claim its row before its own pass does.
   */
  const drainAfter = async (app: TestApp) => {
    await app.app.messageSender.drain();
    await (app === ctx ? quitter : ctx).app.messageSender.drain();
  };
  /** Runs `work` while the shop's mail server refuses connections (both processes see it). */
  const withRefusingSmtp = async (work: () => Promise<void>) => {
    const port = await closedPort();
    const save = async (patch: Record<string, unknown>) => {
      const response = await api('PUT', '/api/admin/settings/email', patch);
      expect(response.statusCode, response.body).toBe(200);
      await ctx.app.settings.fresh();
      await quitter.app.settings.fresh();
    };
    await save({ smtp_host: '127.0.0.1', smtp_port: port, smtp_security: 'none', smtp_user: '' });
    try {
      await work();
    } finally {
      await save({ smtp_host: '' });
    }
  };
  /** A shipped order's mail that failed for good (sent through `quitter`), and the order. */
  const failedMessage = async () => {
    const order = await placeOrder();
    await setStatus(api, order.id, 'confirmed');
    await setStatus(api, order.id, 'processing');
    await drainAfter(ctx);
    await withRefusingSmtp(async () => {
      await setStatus(quitterApi, order.id, 'shipped');
      await drainAfter(quitter);
    });
    const failed = (await messagesOf(order.id)).find((message) => message.event === 'order.shipped');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    return { order, message: failed as OrderMessage };
  };
  const mailsWithSubject = async (subject: string) =>
    (await outboxMails(ctx.app)).filter((mail) => mail.includes(`Subject: ${subject}\n`));

  it('lists the messages newest first with their state, the recipient masked', async () => {
    const order = await placeOrder();
    await setStatus(api, order.id, 'confirmed');
    await drainAfter(ctx);
    await setStatus(api, order.id, 'processing');
    await withRefusingSmtp(async () => {
      // Refused once by a sender that tries 8 times: retrying.
      await setStatus(api, order.id, 'shipped');
      await drainAfter(ctx);
      // Refused by a sender that tries once: failed.
      await setStatus(quitterApi, order.id, 'delivered');
      await drainAfter(quitter);
    });
    // Queued and not tried yet (no kick, no drain): pending.
    await enqueueMessage(ctx.database.db, {
      event: 'order.refunded',
      orderId: order.id,
      recipient: 'rami@example.com',
      subject: 'Refund test',
      bodyText: 'x',
      dedupeKey: `test:${order.id}:refund`,
    });
    const started = Date.now();

    const response = await api('GET', `/api/admin/orders/${order.id}/messages`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('rami@example.com');
    expect(response.body).not.toContain('03 123 456');
    expect(response.body).not.toContain('+9613123456');
    const messages: OrderMessage[] = response.json().data;
    expect(messages.map((message) => [message.event, message.status, message.attempts])).toEqual([
      ['order.refunded', 'pending', 0],
      ['order.delivered', 'failed', 1],
      ['order.shipped', 'retrying', 1],
      ['order.confirmed', 'sent', 1],
    ]);
    const [pending, failed, retrying, sent] = messages;
    for (const message of messages) {
      expect(message).toMatchObject({ channel: 'email', recipient: 'r…@example.com' });
    }
    expect(sent).toMatchObject({
      last_error: null,
      next_attempt_at: null,
      subject: expect.stringContaining('confirmed'),
    });
    expect(Date.parse(sent?.sent_at ?? '')).toBeLessThanOrEqual(started);
    expect(failed).toMatchObject({ next_attempt_at: null, sent_at: null });
    expect(failed?.last_error).toMatch(/^Could not reach 127\.0\.0\.1:\d+/);
    expect(retrying?.last_error).toMatch(/^Could not reach 127\.0\.0\.1:\d+/);
    // The next try is 30 s after the failed one.
    expect(Date.parse(retrying?.next_attempt_at ?? '')).toBeGreaterThan(started + 20_000);
    expect(pending).toMatchObject({ last_error: null, sent_at: null });
    expect(Date.parse(pending?.next_attempt_at ?? '')).toBeLessThanOrEqual(started);

    // Another order's log holds only its own messages; one without any is empty.
    const quiet = await placeOrder();
    expect(await messagesOf(quiet.id)).toEqual([]);
    await ctx.database.db.delete(messageOutbox).where(eq(messageOutbox.dedupeKey, `test:${order.id}:refund`));
  });

  it('a retry puts a failed message back to pending, due now, audited; the sender then delivers it once', async () => {
    const { order, message } = await failedMessage();
    const subject = message.subject;
    expect(await mailsWithSubject(subject)).toHaveLength(0);

    const response = await retry(order.id, message.id);
    expect(response.statusCode, response.body).toBe(200);
    const answered: OrderMessage = response.json().data;
    // Pending again with its attempt kept: "retrying", due now.
    expect(answered).toMatchObject({ id: message.id, status: 'retrying', attempts: 1, sent_at: null });
    expect(answered.recipient).toBe('r…@example.com');
    expect(Date.parse(answered.next_attempt_at ?? '')).toBeLessThanOrEqual(Date.now());

    const audit = (await auditOf(ctx.database.db, 'order', order.id)).filter(
      (row) => row.action === 'order.message_retry',
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: adminId,
      before: { message_id: message.id, event: 'order.shipped', status: 'failed', attempts: 1 },
      after: { message_id: message.id, event: 'order.shipped', status: 'pending' },
    });
    expect(JSON.stringify(audit[0])).not.toContain('rami@example.com');

    // The route kicked the sender; drain waits for that pass and finds nothing more.
    await drainAfter(ctx);
    const [delivered] = (await messagesOf(order.id)).filter((entry) => entry.id === message.id);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, last_error: null, next_attempt_at: null });
    expect(await mailsWithSubject(subject)).toHaveLength(1);

    // A sent message is never sent again: 409, and no second mail.
    const again = await retry(order.id, message.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: RETRY_NOT_FAILED_MESSAGES.sent,
      statusCode: 409,
      code: 'CONFLICT',
      errors: [],
    });
    await drainAfter(ctx);
    expect(await mailsWithSubject(subject)).toHaveLength(1);
  });

  it('refuses a retry of a message still being retried or not tried yet (409)', async () => {
    const order = await placeOrder();
    await withRefusingSmtp(async () => {
      await setStatus(api, order.id, 'confirmed');
      await drainAfter(ctx);
    });
    const [retrying] = await messagesOf(order.id);
    expect(retrying).toMatchObject({ status: 'retrying' });
    const refused = await retry(order.id, retrying?.id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RETRY_NOT_FAILED_MESSAGES.retrying);
    const [row] = await ctx.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.id, retrying?.id ?? ''));
    // Untouched: still waiting for its backoff.
    expect(row?.nextAttemptAt.getTime()).toBe(Date.parse(retrying?.next_attempt_at ?? ''));

    await enqueueMessage(ctx.database.db, {
      event: 'order.refunded',
      orderId: order.id,
      recipient: 'rami@example.com',
      subject: 'Pending refund',
      bodyText: 'x',
      dedupeKey: `test:${order.id}:pending`,
    });
    const pending = (await messagesOf(order.id)).find((message) => message.status === 'pending');
    const refusedPending = await retry(order.id, pending?.id ?? '');
    expect(refusedPending.statusCode).toBe(409);
    expect(refusedPending.json().message).toBe(RETRY_NOT_FAILED_MESSAGES.pending);
    await ctx.database.db.delete(messageOutbox).where(eq(messageOutbox.orderId, order.id));
  });

  it('ten retries at once: exactly one resets the message, and it is delivered once', async () => {
    const { order, message } = await failedMessage();
    const answers = await Promise.all(Array.from({ length: 10 }, () => retry(order.id, message.id)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const audit = (await auditOf(ctx.database.db, 'order', order.id)).filter(
      (row) => row.action === 'order.message_retry',
    );
    expect(audit).toHaveLength(1);
    await drainAfter(ctx);
    await drainAfter(ctx);
    const [row] = await ctx.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, message.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await mailsWithSubject(message.subject)).toHaveLength(1);
  });

  it('404 for an unknown order or a message of another order, 400 for a malformed id', async () => {
    const { order, message } = await failedMessage();
    const other = await placeOrder();
    const unknown = randomUUID();
    const notFound = { message: 'Order not found', statusCode: 404, code: 'NOT_FOUND', errors: [] };
    const list = await api('GET', `/api/admin/orders/${unknown}/messages`);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual(notFound);
    const retryUnknownOrder = await retry(unknown, message.id);
    expect(retryUnknownOrder.statusCode).toBe(404);
    expect(retryUnknownOrder.json()).toEqual(notFound);
    // The message exists, but not on that order: not found, and left failed.
    const elsewhere = await retry(other.id, message.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Message not found');
    expect((await retry(order.id, unknown)).json().message).toBe('Message not found');
    expect((await api('GET', '/api/admin/orders/not-a-uuid/messages')).statusCode).toBe(400);
    expect((await retry(order.id, 'not-a-uuid')).statusCode).toBe(400);
    const [still] = (await messagesOf(order.id)).filter((entry) => entry.id === message.id);
    expect(still?.status).toBe('failed');
  });

  it('needs a staff token: 401 without one (tests/api/admin-routes.test.ts: every token kind)', async () => {
    const { order, message } = await failedMessage();
    const anonymousList = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/messages` });
    expect(anonymousList.statusCode).toBe(401);
    expect(anonymousList.json().code).toBe('UNAUTHORIZED');
    const anonymousRetry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/messages/${message.id}/retry`,
    });
    expect(anonymousRetry.statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, message.id));
    expect(row?.status).toBe('failed');
  });
});
