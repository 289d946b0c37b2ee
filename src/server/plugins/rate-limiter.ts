import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '#server/errors.ts';
import type { FieldError } from '#shared/contracts/common.ts';

/**
 * Fixed-window rate limits (docs/engineering.md#rate-limits) on rate-limiter-flexible: at most
 * `limit` attempts per key in each window of `windowMs`. The rule is consume-first: an attempt is
 * counted atomically *before* the guarded work (one store operation: a Map update in this
 * process, a Lua script in Redis), and given back (`reward`) when the work succeeds or is not
 * done. So however many requests arrive at once, at most `limit` get past `hit`, and a parallel
 * burst cannot slip between a check and a count.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed): the `retry-after` header. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt; refused once the window already holds `limit`. A refused attempt is not
   * kept, so the count is always what was let through (and not given back).
   */
  hit(key: string): Promise<RateLimitResult>;
  /** Gives one counted attempt back: the guarded work succeeded (a right password) or was not done. */
  reward(key: string): Promise<void>;
}

export interface RateLimitOptions {
  limit: number;
  /** A whole number of seconds (the Redis store keeps whole-second expiries). */
  windowMs: number;
}

export type RateLimiterFactory = (name: string, options: RateLimitOptions) => RateLimiter;

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes a named limiter: shared through Redis when REDIS_URL is set, else in this process. */
    rateLimiter: RateLimiterFactory;
  }
}

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

/** The one store interface both stores share (consume, reward, delete). */
type Store = Pick<RateLimiterMemory, 'consume' | 'reward' | 'delete'>;

/** The `RateLimiter` of this app over one rate-limiter-flexible store. */
class FlexibleRateLimiter implements RateLimiter {
  constructor(private readonly store: Store) {}

  async hit(key: string): Promise<RateLimitResult> {
    try {
      await this.store.consume(key);
      return ALLOWED;
    } catch (rejection) {
      // The library rejects with an Error when the store fails (Redis down): the caller decides.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // Not kept: a refused attempt did no work, and a count above the limit would make a later
      // reward (a right password) leave the key locked.
      await this.reward(key);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }

  async reward(key: string): Promise<void> {
    const result = await this.store.reward(key);
    // The window ended between the count and this reward: the store opened a new one at -1,
    // which would be a free extra attempt. Drop it (a fresh window starts at the next attempt).
    if (result.consumedPoints < 0) await this.store.delete(key);
  }
}

function windowSeconds(name: string, windowMs: number): number {
  if (!Number.isInteger(windowMs / 1000) || windowMs < 1000) {
    throw new Error(`rate limit ${name}: the window must be a whole number of seconds (got ${windowMs} ms)`);
  }
  return windowMs / 1000;
}

/** Limiters kept in this process (no REDIS_URL): one store per limiter. */
export const memoryRateLimiter: RateLimiterFactory = (name, { limit, windowMs }) =>
  new FlexibleRateLimiter(
    // execEvenly stays off (the default): an allowed attempt is never delayed.
    new RateLimiterMemory({ keyPrefix: name, points: limit, duration: windowSeconds(name, windowMs) }),
  );

/**
 * Limiters shared by every server process through one ioredis client (docs/engineering.md#scale-out).
 * One counter per key at `<prefix>:<name>:<key>`, expiring with its window. No insurance limiter:
 * a store that is down surfaces as an error and each caller decides (sign-in fails closed, orders
 * and reviews fail open).
 */
export function redisRateLimiter(redis: Redis, prefix = 'cedar:rl'): RateLimiterFactory {
  return (name, { limit, windowMs }) =>
    new FlexibleRateLimiter(
      new RateLimiterRedis({
        // ioredis is the library's default client (useRedisPackage stays off).
        storeClient: redis,
        keyPrefix: `${prefix}:${name}`,
        points: limit,
        duration: windowSeconds(name, windowMs),
      }),
    );
}

/**
 * Decorates `app.rateLimiter`. The Redis client is created (and its module loaded) only with
 * REDIS_URL set; it connects lazily and closes with the app. `prefix` isolates the keys (tests).
 */
export async function registerRateLimiters(
  app: FastifyInstance,
  options: { redisUrl?: string; prefix?: string },
): Promise<void> {
  const { redisUrl } = options;
  if (!redisUrl) {
    app.decorate('rateLimiter', memoryRateLimiter);
    return;
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limits) unavailable'));
  app.addHook('onClose', async () => {
    if (redis.status === 'wait') redis.disconnect();
    else await redis.quit().catch(() => redis.disconnect());
  });
  app.decorate('rateLimiter', redisRateLimiter(redis, options.prefix));
}

/**
 * The 429 `RATE_LIMITED` of docs/product.md#rate-limits. The error handler sets `retry-after`
 * from it, so services that have no reply (two-step checks) can throw it too.
 */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    errors: FieldError[] = [],
  ) {
    super(429, 'RATE_LIMITED', message, errors);
  }
}

/** Counts a hit for `key`; over the limit, throws the 429 (with `retry-after`). */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  reply: FastifyReply,
  message: string,
): Promise<void> {
  refuseIfLimited(await limiter.hit(key), reply, message);
}

/** Throws the 429 (with `retry-after`) when `result` is a refusal. */
export function refuseIfLimited(result: RateLimitResult, reply: FastifyReply, message: string): void {
  if (result.allowed) return;
  reply.header('retry-after', String(result.retryAfterSeconds));
  throw new RateLimitedError(message, result.retryAfterSeconds);
}
