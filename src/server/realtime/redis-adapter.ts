import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';

/**
 * Carries socket.io broadcasts between server processes through Redis pub/sub (spec §7 "Real-time",
 * DESIGN.md "Scale-out"): an order placed on one process reaches admins connected to another.
 * Uses the same client library as the rate limiters (ioredis); the module is loaded only when
 * REDIS_URL is set. Returns the function that closes both connections.
 */
export async function attachRedisAdapter(
  io: Server,
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
  // A subscriber connection cannot publish, hence two clients.
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    // Without a listener an unreachable Redis would crash the process; the HTTP API keeps working.
    client.on('error', (error) => log.warn({ err: error }, 'redis (real-time) unavailable'));
  }
  io.adapter(createAdapter(pub, sub));
  return async () => {
    await Promise.allSettled([pub, sub].map((client) => client.quit().catch(() => client.disconnect())));
  };
}
