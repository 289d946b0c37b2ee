import type { FastifyInstance } from 'fastify';
import { MemoryRateLimiter, type RateLimiter, type RateLimitOptions } from './rate-limiter.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';

export type RateLimiterFactory = (name: string, options: RateLimitOptions) => RateLimiter;

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes a named limiter: shared through Redis when REDIS_URL is set, else in this process. */
    rateLimiter: RateLimiterFactory;
  }
}

/**
 * Decorates `app.rateLimiter`. The Redis client is created (and its module loaded) only when a
 * limiter is first made with REDIS_URL set, connects lazily and closes with the app.
 */
export async function registerRateLimiters(
  app: FastifyInstance,
  options: { redisUrl?: string; prefix?: string },
): Promise<void> {
  const { redisUrl } = options;
  if (!redisUrl) {
    app.decorate('rateLimiter', ((_name, limits) => new MemoryRateLimiter(limits)) satisfies RateLimiterFactory);
    return;
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) unavailable'));
  app.addHook('onClose', async () => {
    if (redis.status === 'wait') redis.disconnect();
    else await redis.quit().catch(() => redis.disconnect());
  });
  app.decorate(
    'rateLimiter',
    ((name, limits) =>
      new RedisRateLimiter(redis, name, { ...limits, prefix: options.prefix })) satisfies RateLimiterFactory,
  );
}
