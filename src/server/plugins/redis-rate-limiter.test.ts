import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, Redis, redisReachable, TEST_REDIS_URL, uniquePrefix } from '../../../tests/helpers/redis.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';

// CI has Redis; only a machine without one skips this.
const reachable = await redisReachable();

describe.skipIf(!reachable)('RedisRateLimiter', () => {
  const prefix = uniquePrefix();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    await redis.quit();
  });

  it('allows `limit` hits per window, then refuses with the time left, and shares counts between clients', async () => {
    const a = new RedisRateLimiter(redis, 'unit', { limit: 2, windowMs: 30_000, prefix });
    const other = new Redis(TEST_REDIS_URL);
    try {
      const b = new RedisRateLimiter(other, 'unit', { limit: 2, windowMs: 30_000, prefix });
      expect(await a.hit('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await a.peek('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await b.hit('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
      const peeked = await b.peek('k');
      expect(peeked.allowed).toBe(false);
      const refused = await a.hit('k');
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(25);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
      expect(await a.hit('other-key')).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await redis.get(`${prefix}:unit:k`)).toBe('3');
      const ttl = await redis.pttl(`${prefix}:unit:k`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
    } finally {
      await other.quit();
    }
  });

  it('opens a new window once the key expires', async () => {
    const limiter = new RedisRateLimiter(redis, 'short', { limit: 1, windowMs: 150, prefix });
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await limiter.peek('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await limiter.hit('k')).allowed).toBe(true);
  });
});
