import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The app's mailer (`app.mailer`). Requests hand mail over with `sendLater` and answer at once:
 * a slow or broken SMTP server must never slow down or fail a checkout. Failures are logged and
 * swallowed. `idle()` waits for everything handed over so far (tests read the outbox after it;
 * the app awaits it on close so no mail is lost on a clean shutdown).
 */
export interface AppMailer extends Mailer {
  /** Where mail goes without SMTP_URL (DATA_DIR/outbox). */
  readonly outboxDir: string;
  sendLater(mail: Mail, context?: Record<string, unknown>): void;
  idle(): Promise<void>;
}

export function createBackgroundMailer(mailer: Mailer, outboxDir: string, log: FastifyBaseLogger): AppMailer {
  const pending = new Set<Promise<unknown>>();
  return {
    outboxDir,
    send: (mail) => mailer.send(mail),
    sendLater(mail, context = {}) {
      const sending = mailer
        .send(mail)
        // Not the subject or the recipient: a contact mail's subject holds the sender's name, and
        // logs never carry personal data. `context` says which mail (an order number, a kind).
        .catch((error: unknown) => log.error({ err: error, ...context }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
