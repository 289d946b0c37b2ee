import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '#server/clock.ts';

/** A clock that stands still until the test moves it: `createTestApp({ clock })`. */
export interface ManualClock extends Clock {
  set(at: Date | number): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | number = Date.now()): ManualClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (next) => {
      at = new Date(next).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

/** The request header with which an E2E test reads the shop at another time (ISO 8601). */
export const TEST_NOW_HEADER = 'x-test-now';

/**
 * The E2E server's clock: the real time, unless a request carries `x-test-now`, in which case the
 * business rules answering that request read that time. Per request and not a clock the test
 * moves for everyone, because three Playwright workers share the one server: a scheduled post made
 * public for one test must not turn up early in another test's page. Only the E2E server
 * (tests/helpers/e2e-server.ts) builds the app with it.
 */
export function requestHeaderClock(): Clock {
  const requestTime = new AsyncLocalStorage<Date>();
  return {
    now: () => new Date(requestTime.getStore() ?? Date.now()),
    onRequest: (request, _reply, done) => {
      const header = request.headers[TEST_NOW_HEADER];
      const at = typeof header === 'string' ? new Date(header) : undefined;
      // The rest of the request (hooks, handler, page drawing) runs inside `run`, so it reads `at`.
      // Meant for reads (GET): a body is parsed on the socket's own events, which may run outside.
      if (at && !Number.isNaN(at.getTime())) requestTime.run(at, done);
      else done();
    },
  };
}
