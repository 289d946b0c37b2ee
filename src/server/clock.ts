import type { onRequestHookHandler } from 'fastify';

/**
 * The time the server's business rules read ("is this scheduled post public yet?"). `app.clock`
 * is the system clock in production; tests hand `buildApp` one they set, so a rule that depends
 * on the time is tested by setting the time, never by waiting for it (docs/testing.md).
 * Row timestamps (`updated_at`, audit times) and rate-limit windows keep the real time.
 */
export interface Clock {
  now(): Date;
  /**
   * Test clocks only: runs before every request. The E2E server's clock reads a request's own
   * time there (tests/helpers/clocks.ts); nothing in production sets it.
   */
  onRequest?: onRequestHookHandler;
}

export const systemClock: Clock = { now: () => new Date() };
