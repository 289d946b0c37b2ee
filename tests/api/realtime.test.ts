import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '#server/auth/tokens.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { type Notification, NotificationSchema, SOCKET_EVENTS } from '#shared/contracts/notifications.ts';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs, staffSessionForCustomer } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { adminSocket, connectAdmin, connectRefused, nextEvent } from '../helpers/realtime.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#real-time-notifications: socket.io on the API's own listener, namespace /admin, admins only. */
describe('admin real-time notifications (socket.io)', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let productId: string;
  const admin = { id: '', email: '', token: '' };
  const otherAdmin = { id: '', token: '' };
  const sockets: Socket[] = [];

  /** A socket closed after the test, so no test leaves a long poll behind. */
  const open = (token?: string) => {
    const socket = adminSocket(baseUrl, token);
    sockets.push(socket);
    return socket;
  };

  const placeOrder = (quantity = 1) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: orderBody([{ product_id: productId, quantity }]),
    });

  /**
   * Places an order and waits until each socket has heard of it: a socket delivers in order, so
   * whatever the server sent these sockets before (an echo that should not be there) has arrived
   * by then. The marker for "nothing more came", instead of a real-time wait.
   */
  const afterNextOrder = async (...sockets: Socket[]): Promise<string> => {
    // What each socket hears from now on; the order's number is known only once it is placed.
    const heard = sockets.map(() => new Set<string>());
    let number: string | undefined;
    let done = (): void => {};
    const allHeard = new Promise<void>((resolve) => {
      done = resolve;
    });
    const check = () => {
      if (number && heard.every((numbers) => numbers.has(number as string))) done();
    };
    const listeners = sockets.map((socket, index) => {
      const onOrder = (notification: Notification) => {
        heard[index]?.add(notification.orderNumber ?? '');
        check();
      };
      socket.on(SOCKET_EVENTS.newOrder, onOrder);
      return () => socket.off(SOCKET_EVENTS.newOrder, onOrder);
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const order = await placeOrder();
      expect(order.statusCode).toBe(201);
      number = order.json().data.order_number as string;
      check();
      await Promise.race([
        allHeard,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${number} was not announced within 5 s`)), 5_000);
        }),
      ]);
      return number;
    } finally {
      clearTimeout(timer);
      for (const off of listeners) off();
    }
  };

  const rowOf = async (userId: string, id: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
    return row;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = address.replace('localhost', '127.0.0.1');
    const db = ctx.database.db;
    productId = (await createProduct(db, { name: 'Live Board', price: 12.5, stockQuantity: 1000 })).id;
    const first = await createUser(db, { role: 'admin' });
    const second = await createUser(db, { role: 'super_admin' });
    Object.assign(admin, { id: first.id, email: first.email, token: (await signInAs(ctx.app, first.email)).token });
    Object.assign(otherAdmin, { id: second.id, token: (await signInAs(ctx.app, second.email)).token });
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await ctx.close();
  });

  describe('handshake', () => {
    it('refuses a connection without a token', async () => {
      const error = await connectRefused(open());
      expect(error.message).toBe('Authentication required');
      expect(error.data?.code).toBe('UNAUTHORIZED');
    });

    it('refuses a forged token', async () => {
      const forged = await signAccessToken(
        { sub: admin.id, role: 'admin', sid: randomUUID() },
        'another-secret-another-secret-another-secret',
        60_000,
      );
      expect((await connectRefused(open(forged))).message).toBe('Authentication required');
    });

    it("refuses a customer's token", async () => {
      const shopper = await createUser(ctx.database.db, { role: 'customer' });
      const token = await staffSessionForCustomer(ctx.app, shopper);
      const error = await connectRefused(open(token));
      expect(error.message).toBe('Admins only');
      expect(error.data?.code).toBe('FORBIDDEN');
    });

    it('refuses an expired token', async () => {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const { token } = await signInAs(ctx.app, staff.email);
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
      // Same user and live session, but signed to have expired a minute ago.
      const expired = await signAccessToken(
        { sub: staff.id, role: 'admin', sid },
        TEST_SECRETS.jwtSecret,
        1_000,
        Date.now() - 60_000,
      );
      const error = await connectRefused(open(expired));
      expect(error.message).toBe('Session expired');
      expect(error.data?.code).toBe('TOKEN_EXPIRED');
    });

    it('refuses the token of a session signed out, and of a disabled admin', async () => {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const { token } = await signInAs(ctx.app, staff.email);
      expect((await connectAdmin(open(token))).userId).toBe(staff.id);
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(204);
      expect((await connectRefused(open(token))).message).toBe('Authentication required');

      const disabled = await createUser(ctx.database.db, { role: 'admin' });
      const disabledToken = (await signInAs(ctx.app, disabled.email)).token;
      const disable = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${disabled.id}/status`,
        headers: bearer(admin.token),
        payload: { is_active: false },
      });
      expect(disable.statusCode).toBe(200);
      expect((await connectRefused(open(disabledToken))).message).toBe('Authentication required');
    });

    it('connects an admin and says who they are and how many notifications are unread', async () => {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const { token } = await signInAs(ctx.app, staff.email);
      expect(await connectAdmin(open(token))).toEqual({ userId: staff.id, unread_count: 0 });
      expect((await placeOrder()).statusCode).toBe(201);
      expect(await connectAdmin(open(token))).toEqual({ userId: staff.id, unread_count: 1 });
    });

    it('has no main namespace to talk to', async () => {
      const main = io(baseUrl, { path: '/socket.io', transports: ['polling'], reconnection: false, forceNew: true });
      sockets.push(main);
      const error = await new Promise<Error>((resolve) => main.once('connect_error', resolve));
      expect(error.message).toBe('Unknown namespace');
    });

    it('serves polling only, on /socket.io, without the client script', async () => {
      const websocket = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=websocket`);
      expect(websocket.status).toBe(400);
      const script = await fetch(`${baseUrl}/socket.io/socket.io.js`);
      expect(script.status).toBe(400);
      const polling = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
      expect(polling.status).toBe(200);
      expect(await polling.text()).toContain('"upgrades":[]');
    });
  });

  describe('events', () => {
    it('announces a checkout to every admin with the order number and total', async () => {
      const mine = open(admin.token);
      const theirs = open(otherAdmin.token);
      await Promise.all([connectAdmin(mine), connectAdmin(theirs)]);
      const mineGets = nextEvent<Notification>(mine, SOCKET_EVENTS.newOrder);
      const theirsGets = nextEvent<Notification>(theirs, SOCKET_EVENTS.newOrder);
      const response = await placeOrder(2);
      expect(response.statusCode).toBe(201);
      const placedAt = Date.now();
      const order = response.json().data;
      const [forMe, forThem] = await Promise.all([mineGets, theirsGets]);
      // Every signed-in admin hears it within a second of the order being placed.
      expect(Date.now() - placedAt).toBeLessThan(1_000);
      expect(NotificationSchema.parse(forMe)).toMatchObject({
        type: 'new_order',
        is_read: false,
        order_id: order.id,
        orderNumber: order.order_number,
        totalAmount: order.total,
        status: 'pending',
      });
      // Each admin gets their own row (own read flag).
      expect(forThem.orderNumber).toBe(order.order_number);
      expect(forThem.id).not.toBe(forMe.id);
      expect((await rowOf(admin.id, forMe.id))?.isRead).toBe(false);
      expect(await rowOf(admin.id, forThem.id)).toBeUndefined();
    });

    it('does not announce a replayed checkout again', async () => {
      const mine = open(admin.token);
      await connectAdmin(mine);
      const seen: Notification[] = [];
      mine.on(SOCKET_EVENTS.newOrder, (notification: Notification) => seen.push(notification));
      const key = randomUUID();
      const body = orderBody([{ product_id: productId, quantity: 1 }]);
      const send = () =>
        ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { 'idempotency-key': key }, payload: body });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(200);
      // A later order's announcement is the marker: an announcement of the replay would have come before it.
      const later = await afterNextOrder(mine);
      expect(seen.map((notification) => notification.orderNumber)).toEqual([seen[0]?.orderNumber, later]);
    });

    it('marks read over the socket: the database changes and only this admin’s other tabs hear it', async () => {
      const tabOne = open(admin.token);
      const tabTwo = open(admin.token);
      const theirs = open(otherAdmin.token);
      await Promise.all([connectAdmin(tabOne), connectAdmin(tabTwo), connectAdmin(theirs)]);
      const arriving = nextEvent<Notification>(tabOne, SOCKET_EVENTS.newOrder);
      await placeOrder();
      const notification = await arriving;
      const echoes = { tabOne: [] as unknown[], theirs: [] as unknown[] };
      tabOne.on(SOCKET_EVENTS.read, (payload) => echoes.tabOne.push(payload));
      theirs.on(SOCKET_EVENTS.read, (payload) => echoes.theirs.push(payload));

      const echoed = nextEvent(tabTwo, SOCKET_EVENTS.read);
      const ack = await tabOne.timeout(5_000).emitWithAck(SOCKET_EVENTS.read, { id: notification.id });
      expect(ack).toEqual({ ok: true });
      expect(await echoed).toEqual({ id: notification.id, is_read: true });
      expect((await rowOf(admin.id, notification.id))?.isRead).toBe(true);
      // The other admin's copy of the same order stays unread.
      const [theirRow] = await ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, otherAdmin.id), eq(notifications.orderId, notification.order_id ?? '')));
      expect(theirRow?.isRead).toBe(false);
      await afterNextOrder(tabOne, theirs);
      expect(echoes).toEqual({ tabOne: [], theirs: [] });
    });

    it('deletes over the socket likewise', async () => {
      const tabOne = open(admin.token);
      const tabTwo = open(admin.token);
      const theirs = open(otherAdmin.token);
      await Promise.all([connectAdmin(tabOne), connectAdmin(tabTwo), connectAdmin(theirs)]);
      const arriving = nextEvent<Notification>(tabOne, SOCKET_EVENTS.newOrder);
      await placeOrder();
      const notification = await arriving;
      const theirsHeard: unknown[] = [];
      theirs.on(SOCKET_EVENTS.delete, (payload) => theirsHeard.push(payload));

      const echoed = nextEvent(tabTwo, SOCKET_EVENTS.delete);
      expect(await tabOne.timeout(5_000).emitWithAck(SOCKET_EVENTS.delete, { id: notification.id })).toEqual({
        ok: true,
      });
      expect(await echoed).toEqual({ id: notification.id });
      expect(await rowOf(admin.id, notification.id)).toBeUndefined();
      await afterNextOrder(theirs);
      expect(theirsHeard).toEqual([]);
    });

    it("refuses a bad id, and another admin's notification, over the socket", async () => {
      const mine = open(admin.token);
      const theirs = open(otherAdmin.token);
      await Promise.all([connectAdmin(mine), connectAdmin(theirs)]);
      const arriving = nextEvent<Notification>(theirs, SOCKET_EVENTS.newOrder);
      await placeOrder();
      const theirNotification = await arriving;

      expect(await mine.timeout(5_000).emitWithAck(SOCKET_EVENTS.read, { id: 'nope' })).toEqual({
        ok: false,
        error: 'A notification id is required',
      });
      expect(await mine.timeout(5_000).emitWithAck(SOCKET_EVENTS.delete, {})).toEqual({
        ok: false,
        error: 'A notification id is required',
      });
      for (const event of [SOCKET_EVENTS.read, SOCKET_EVENTS.delete]) {
        expect(await mine.timeout(5_000).emitWithAck(event, { id: theirNotification.id })).toEqual({
          ok: false,
          error: 'Notification not found',
        });
      }
      const row = await rowOf(otherAdmin.id, theirNotification.id);
      expect(row?.isRead).toBe(false);
    });

    it('echoes REST reads and deletes to all of this admin’s sockets', async () => {
      const tab = open(admin.token);
      await connectAdmin(tab);
      const arriving = nextEvent<Notification>(tab, SOCKET_EVENTS.newOrder);
      await placeOrder();
      const notification = await arriving;

      const read = nextEvent(tab, SOCKET_EVENTS.read);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/notifications/${notification.id}`,
        headers: bearer(admin.token),
        payload: { is_read: true },
      });
      expect(put.statusCode).toBe(200);
      expect(await read).toEqual({ id: notification.id, is_read: true });

      const deleted = nextEvent(tab, SOCKET_EVENTS.delete);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/notifications/${notification.id}`,
        headers: bearer(admin.token),
      });
      expect(del.statusCode).toBe(204);
      expect(await deleted).toEqual({ id: notification.id });
    });

    it("drops a signed-out admin's sockets: a write is refused at once, the others at the next session check", async () => {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const { token } = await signInAs(ctx.app, staff.email);
      const writer = open(token);
      const idle = open(token);
      await Promise.all([connectAdmin(writer), connectAdmin(idle)]);
      const arriving = nextEvent<Notification>(writer, SOCKET_EVENTS.newOrder);
      await placeOrder();
      const notification = await arriving;
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(204);

      const writerGone = nextEvent<string>(writer, 'disconnect');
      expect(await writer.timeout(5_000).emitWithAck(SOCKET_EVENTS.read, { id: notification.id })).toEqual({
        ok: false,
        error: 'Session expired',
      });
      // A server-side disconnect: the client does not reconnect with the dead token.
      expect(await writerGone).toBe('io server disconnect');
      expect((await rowOf(staff.id, notification.id))?.isRead).toBe(false);

      const idleGone = nextEvent<string>(idle, 'disconnect');
      expect(await ctx.app.realtime.recheckSessions()).toBe(1);
      expect(await idleGone).toBe('io server disconnect');
    });

    it('keeps live sessions connected at the session check', async () => {
      const tab = open(admin.token);
      await connectAdmin(tab);
      expect(await ctx.app.realtime.recheckSessions()).toBe(0);
      expect(tab.connected).toBe(true);
    });

    it('announces a status change (PUT /admin/orders/{id}) as notification:order_status', async () => {
      const tab = open(admin.token);
      await connectAdmin(tab);
      const arriving = nextEvent<Notification>(tab, SOCKET_EVENTS.newOrder);
      const order = (await placeOrder()).json().data;
      await arriving;
      const status = nextEvent<Notification>(tab, SOCKET_EVENTS.orderStatus);
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order.id}`,
        headers: bearer(otherAdmin.token),
        payload: { status: 'confirmed', note: 'Called the customer' },
      });
      expect(changed.statusCode).toBe(200);
      expect(NotificationSchema.parse(await status)).toMatchObject({
        type: 'order_status',
        status: 'confirmed',
        order_id: order.id,
        orderNumber: order.order_number,
      });
    });

    it('announces an order an admin enters (POST /admin/orders) as notification:new_order', async () => {
      const tab = open(admin.token);
      await connectAdmin(tab);
      const arriving = nextEvent<Notification>(tab, SOCKET_EVENTS.newOrder);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/orders',
        headers: { ...bearer(otherAdmin.token), 'idempotency-key': randomUUID() },
        payload: orderBody([{ product_id: productId, quantity: 1 }], {
          customer: { name: 'Omar Saleh', phone: '+961 76 111 222' },
        }),
      });
      expect(created.statusCode).toBe(201);
      expect(await arriving).toMatchObject({ type: 'new_order', orderNumber: created.json().data.order_number });
    });
  });
});

/**
 * A log stream for createTestApp, and `seen()`: resolves at the first line matching every pattern
 * (at once if one came already), or fails after `withinMs` with the lines it did get. A bound on
 * an event, not a wait: it ends as soon as the line is written.
 */
function logLineMatching(...patterns: RegExp[]) {
  const lines: string[] = [];
  let found: string | undefined;
  const waiters: ((line: string) => void)[] = [];
  return {
    stream: {
      write: (line: string) => {
        lines.push(line);
        if (found === undefined && patterns.every((pattern) => pattern.test(line))) {
          found = line;
          for (const resolve of waiters.splice(0)) resolve(line);
        }
      },
    },
    seen: (withinMs = 15_000): Promise<string> => {
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no log line matching ${patterns.join(' and ')} within ${withinMs} ms:\n${lines.join('')}`),
            ),
          withinMs,
        );
        waiters.push((line) => {
          clearTimeout(timer);
          resolve(line);
        });
      });
    },
  };
}

describe('admin real-time with REDIS_URL set but Redis unreachable', () => {
  it('still takes orders, stores and delivers notifications locally, and closes at once', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    // The log, to wait for the adapter's failed publish (below) instead of for a while.
    const failedPublish = logLineMatching(/redis \(real-time\) command failed/, /"command":"publish"/);
    // Nothing listens on port 1.
    const ctx = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' },
      logStream: failedPublish.stream,
    });
    try {
      const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      // Sign-in's rate limiter needs Redis itself: sign in through a Redis-less app on the same database.
      const signIn = await createTestApp({ database: ctx.database });
      const { token } = await signInAs(signIn.app, staff.email).finally(() => signIn.close());
      const tab = adminSocket(baseUrl, token);
      try {
        await connectAdmin(tab);
        const product = await createProduct(ctx.database.db, { price: 5, stockQuantity: 10 });
        const heard = nextEvent<Notification>(tab, SOCKET_EVENTS.newOrder);
        const order = await ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { 'idempotency-key': randomUUID() },
          payload: orderBody([{ product_id: product.id, quantity: 1 }]),
        });
        expect(order.statusCode).toBe(201);
        // This process's own sockets are still reached; other processes would not be.
        expect((await heard).orderNumber).toBe(order.json().data.order_number);
        const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(token) });
        expect(list.json().data.unread_count).toBe(1);
        // The adapter's publish of that order fails once the client has given up its retries
        // (maxRetriesPerRequest): it is logged, never left unhandled (checked after the close).
        await failedPublish.seen();
      } finally {
        tab.disconnect();
      }
    } finally {
      const started = Date.now();
      await ctx.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections).toEqual([]);
  });
});
