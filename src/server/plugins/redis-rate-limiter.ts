import type { Redis } from 'ioredis';
import type { RateLimiter, RateLimitOptions, RateLimitResult } from './rate-limiter.ts';

// INCR and the first PEXPIRE in one script: a crash between them can never leave a key without expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

/**
 * The fixed-window limiter shared by every server process (docs/engineering.md#scale-out): one counter
 * per key at `<prefix>:<name>:<key>`, which expires when its window ends.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly options: RateLimitOptions & { prefix?: string },
  ) {}

  private keyOf(key: string): string {
    return `${this.options.prefix ?? 'cedar:rl'}:${this.name}:${key}`;
  }

  async hit(key: string): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.keyOf(key), this.options.windowMs)) as [
      number,
      number,
    ];
    return this.result(count > this.options.limit, ttl);
  }

  async peek(key: string): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, this.keyOf(key))) as [number, number];
    return this.result(count >= this.options.limit && ttl > 0, ttl);
  }

  private result(refused: boolean, ttlMs: number): RateLimitResult {
    if (!refused) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }
}
