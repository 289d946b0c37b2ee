import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at TEST_REDIS_URL (CI has one; a laptop may not). */
export function redisReachable(url = TEST_REDIS_URL, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Whether the Redis suites run here. A machine without Redis skips them, but with
 * TEST_REQUIRE_SERVICES=1 (set by .ci/run) a missing Redis fails the file: CI must never pass
 * with the shared-limit and real-time suites silently skipped.
 */
export async function redisForTests(): Promise<boolean> {
  if (await redisReachable()) return true;
  if (process.env.TEST_REQUIRE_SERVICES === '1') {
    throw new Error(`Redis is required (TEST_REQUIRE_SERVICES=1) but nothing answers at ${TEST_REDIS_URL}`);
  }
  return false;
}

/** A key prefix no other test run shares. */
export const uniquePrefix = () => `cedar-test:${randomUUID()}`;

/** Deletes every key under `prefix` (the tests' own keys only). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 100);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export { Redis };
