import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Notification, SOCKET_EVENTS } from '#shared/contracts/notifications.ts';
import { orderBody } from '../helpers/orders.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';
import { adminSocket, connectAdmin, freePort, nextEvent } from '../helpers/realtime.ts';
import { redisForTests, TEST_REDIS_URL } from '../helpers/redis.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

/**
 * Issue 8 "More than one server": two real server processes on one PostgreSQL and one Redis. An
 * admin connected to process A hears an order placed through process B (the Redis adapter), and a
 * read in one tab reaches the admin's tab on the other process. Runs wherever PostgreSQL and
 * Redis answer on 127.0.0.1; skipped when one of them is missing, except under .ci/run
 * (TEST_REQUIRE_SERVICES=1), where a missing one fails the file.
 */
const available = (await postgresForTests()) && (await redisForTests());

const ADMIN_EMAIL = 'admin@cedar.shop';
const ADMIN_PASSWORD = 'cluster-admin-password-123';

describe.skipIf(!available)('real-time across two server processes (PostgreSQL + Redis)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createScratchDatabase('cedar_rt');
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      NODE_ENV: 'production',
    };
    // One after the other: the first migrates and seeds, the second finds it done. Orders need
    // the seeded products, not their pictures: no waiting for the drawing.
    const options = { entry: 'api', waitForDemoPictures: false } as const;
    a = await startServerProcess(await freePort(), env, undefined, options);
    servers.push(a);
    b = await startServerProcess(await freePort(), env, undefined, options);
    servers.push(b);
    const login = await fetch(`${a.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { data: { token: string } }).data.token;
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  }, 60_000);

  it('delivers a new order placed on B to the admin connected to A within 5 s', async () => {
    const onA = adminSocket(a.baseUrl, token);
    sockets.push(onA);
    expect(await connectAdmin(onA)).toMatchObject({ unread_count: 0 });

    const products = (await (await fetch(`${b.baseUrl}/api/products?limit=1`)).json()) as {
      data: { id: string }[];
    };
    const productId = products.data[0]?.id;
    expect(productId).toBeDefined();

    const heard = nextEvent<Notification>(onA, SOCKET_EVENTS.newOrder, 5_000);
    const placed = await fetch(`${b.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(orderBody([{ product_id: productId, quantity: 1 }])),
    });
    expect(placed.status).toBe(201);
    const order = ((await placed.json()) as { data: { id: string; order_number: string; total: number } }).data;
    expect(await heard).toMatchObject({
      type: 'new_order',
      order_id: order.id,
      orderNumber: order.order_number,
      totalAmount: order.total,
    });
  });

  it("echoes a read made on A to the same admin's tab on B", async () => {
    const onA = adminSocket(a.baseUrl, token);
    const onB = adminSocket(b.baseUrl, token);
    sockets.push(onA, onB);
    const [first] = await Promise.all([connectAdmin(onA), connectAdmin(onB)]);
    expect(first.unread_count).toBeGreaterThan(0);

    const list = await fetch(`${a.baseUrl}/api/admin/notifications`, { headers: { authorization: `Bearer ${token}` } });
    const id = ((await list.json()) as { data: { notifications: Notification[] } }).data.notifications[0]?.id;
    expect(id).toBeDefined();
    const echoed = nextEvent(onB, SOCKET_EVENTS.read, 5_000);
    expect(await onA.timeout(5_000).emitWithAck(SOCKET_EVENTS.read, { id })).toEqual({ ok: true });
    expect(await echoed).toEqual({ id, is_read: true });
  });

  it('shuts a process down promptly (SIGTERM) with an admin connected, who is left free to reconnect', async () => {
    const onB = adminSocket(b.baseUrl, token);
    sockets.push(onB);
    await connectAdmin(onB);
    const gone = nextEvent<string>(onB, 'disconnect', 10_000);
    const started = Date.now();
    await b.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    // A transport close, not a socket.io "server disconnect": the panel's client reconnects.
    expect(['transport close', 'transport error']).toContain(await gone);
  });
});
