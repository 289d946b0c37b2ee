import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for (`app.background`): the answer goes out first, so
 * its timing says nothing about what the work found (POST /account/otp and /account/recover look
 * the contact up and send after answering 202, docs/product.md#one-time-codes-and-links). A
 * failure is logged, never an unhandled rejection. `idle()` waits for everything started so far
 * (tests read the outbox after it; the app awaits it on close, before the mailer and the database).
 */
export interface BackgroundWork {
  /** Runs `work` after the current request's handler returned; `kind` names it in the log. */
  run(kind: string, work: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const pending = new Set<Promise<unknown>>();
  return {
    run(kind, work) {
      // setImmediate: not even the work's first synchronous step runs before the reply is sent.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error, kind }, 'background work failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
