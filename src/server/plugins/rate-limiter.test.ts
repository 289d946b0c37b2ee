import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys, Redis, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../../../tests/helpers/redis.ts';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limiter.ts';

const allowedCount = (results: { allowed: boolean }[]) => results.filter((result) => result.allowed).length;

describe('memoryRateLimiter (rate-limiter-flexible in this process)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets `limit` hits through, refuses the next with the time left, and keeps refused hits out of the count', async () => {
    vi.useFakeTimers();
    const limiter = memoryRateLimiter('unit', { limit: 2, windowMs: 10_000 });
    expect(await limiter.hit('a')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await limiter.hit('a')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    vi.advanceTimersByTime(4_000);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
    // One given back (a right password): exactly one more gets through, the refusals cost nothing.
    await limiter.reward('a');
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    // A new window once the old one ends.
    vi.advanceTimersByTime(6_000);
    expect((await limiter.hit('a')).allowed).toBe(true);
  });

  it('counts before the work: of 50 parallel hits exactly `limit` get through', async () => {
    const limiter = memoryRateLimiter('burst', { limit: 10, windowMs: 60_000 });
    expect(allowedCount(await Promise.all(Array.from({ length: 50 }, () => limiter.hit('k'))))).toBe(10);
  });

  it('a reward after the window ended gives no free attempt in the next one', async () => {
    vi.useFakeTimers();
    const limiter = memoryRateLimiter('late', { limit: 1, windowMs: 1_000 });
    expect((await limiter.hit('k')).allowed).toBe(true);
    vi.advanceTimersByTime(1_500);
    await limiter.reward('k');
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
  });

  it('refuses a window that is not a whole number of seconds (Redis keeps whole-second expiries)', () => {
    expect(() => memoryRateLimiter('odd', { limit: 1, windowMs: 1_500 })).toThrow(/whole number of seconds/);
    expect(() => memoryRateLimiter('short', { limit: 1, windowMs: 0 })).toThrow(/whole number of seconds/);
  });
});

// Skipped on a machine without Redis; under .ci/run a missing Redis fails the file (redisForTests).
const reachable = await redisForTests();

describe.skipIf(!reachable)('redisRateLimiter (rate-limiter-flexible on Redis)', () => {
  const prefix = uniquePrefix();
  let redis: Redis;
  let other: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
    other = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    await Promise.all([redis.quit(), other.quit()]);
  });

  it('shares one counter per key between clients at <prefix>:<name>:<key>, expiring with its window', async () => {
    const a = redisRateLimiter(redis, prefix)('unit', { limit: 2, windowMs: 30_000 });
    const b = redisRateLimiter(other, prefix)('unit', { limit: 2, windowMs: 30_000 });
    expect(await a.hit('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await b.hit('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await a.hit('k');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(25);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(await a.hit('other-key')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // The refused hit was not kept; a reward gives one back.
    expect(await redis.get(`${prefix}:unit:k`)).toBe('2');
    await b.reward('k');
    expect(await redis.get(`${prefix}:unit:k`)).toBe('1');
    const ttl = await redis.pttl(`${prefix}:unit:k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it('counts atomically: of 60 parallel hits over two clients exactly `limit` get through', async () => {
    const limiters: RateLimiter[] = [redis, other].map((client) =>
      redisRateLimiter(client, prefix)('burst', { limit: 10, windowMs: 60_000 }),
    );
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % 2]?.hit('k')));
    expect(allowedCount(results.filter((result) => result !== undefined))).toBe(10);
    expect(await redis.get(`${prefix}:burst:k`)).toBe('10');
  });
});
