import type { FastifyReply } from 'fastify';
import { AppError } from '#server/errors.ts';

/**
 * Fixed-window rate limiting: at most `limit` hits per key in each window of `windowMs`.
 * `hit` is async so a shared store can stand in for this in-memory one without changing callers:
 * with several server processes (docs/engineering.md#scale-out) `RedisRateLimiter` (redis-rate-limiter.ts)
 * implements the same interface and shares the counts.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed): the `retry-after` header. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit; refused once the window already holds `limit` hits. */
  hit(key: string): Promise<RateLimitResult>;
  /** Whether the next hit would be refused, without counting one (a lockout check before the real work). */
  peek(key: string): Promise<RateLimitResult>;
}

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** One process's limiter. Expired windows are swept at most once per window, so memory stays bounded by active keys. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep: number;

  constructor(private readonly options: RateLimitOptions & { now?: () => number }) {
    this.nextSweep = this.now() + options.windowMs;
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  async hit(key: string): Promise<RateLimitResult> {
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.options.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.options.limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  async peek(key: string): Promise<RateLimitResult> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.options.limit) {
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  /** Keys being tracked now (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + this.options.windowMs;
  }
}

/**
 * Counts a hit for `key`; over the limit, sets `retry-after` and throws a 429 `RATE_LIMITED`
 * (docs/product.md#rate-limits).
 */
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
  throw new AppError(429, 'RATE_LIMITED', message);
}
