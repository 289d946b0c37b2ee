import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';

/**
 * Carries socket.io broadcasts between server processes through Redis pub/sub (docs/product.md#real-time-notifications,
 * docs/engineering.md#scale-out): an order placed on one process reaches admins connected to another.
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
  // The adapter sends these commands without handling their answer: with Redis down each would
  // be an unhandled rejection, which ends a Node process. Log them instead; notification rows are
  // stored anyway and the bell's list shows them.
  for (const client of [pub, sub])
    guardCommands(client, ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], log);
  io.adapter(createAdapter(pub, sub));
  return async () => {
    // QUIT to an unreachable Redis would wait out the retries: drop such a connection at once.
    await Promise.allSettled(
      [pub, sub].map((client) =>
        client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
      ),
    );
  };
}

type CommandClient = Record<string, unknown>;

/** Wraps `methods` of `client` so a failed command is logged rather than left unhandled. */
function guardCommands(client: object, methods: string[], log: FastifyBaseLogger): void {
  const target = client as CommandClient;
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = (...args: unknown[]) => {
      const result: unknown = original.apply(client, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => log.warn({ err: error, command: method }, 'redis (real-time) command failed'));
      }
      return result;
    };
  }
}
