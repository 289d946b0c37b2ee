import { randomUUID } from 'node:crypto';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { Mail } from '#server/mail/mailer.ts';
import type { OutgoingMessage } from './message-channel.ts';
import { type MessageChannelKind, messageOutbox } from './message-outbox.table.ts';

/**
 * Delivers the message outbox (message-outbox.table.ts; docs/architecture.md#the-message-outbox).
 * Started with the app (`app.messageSender`): a pass runs when a request kicks it after its
 * commit, and every `intervalMs` (retries, messages of other processes, rows left by a crash).
 *
 * A pass claims due rows in one statement (`… for update skip locked`): each row goes to one
 * sender, which holds it for `leaseMs` under a random claim token. Marking a row sent or failed is
 * conditional on still holding that token, so a sender whose lease ran out cannot overwrite the
 * work of the one that reclaimed it. A sender that stops between claiming and marking (a crash)
 * leaves the row to be claimed again once the lease has passed: delivery is once unless a process
 * dies after the mail server accepted a message and before the row was marked, when it is sent
 * again (at least once, never lost). The lease outlasts the mailer's own timeouts.
 *
 * Failures: attempts + 1, `last_error` a short reason (`describeError`, never a stack or a secret),
 * the next attempt after 30 s × 2^(attempts so far), at most an hour; after `maxAttempts` the row
 * is `failed` and left alone.
 */
export interface MessageSenderOptions {
  db: Db;
  /** The app mailer's `send`, awaited: resolves once the mail was accepted (or written to the outbox). */
  send: (mail: Mail) => Promise<unknown>;
  /**
   * A text to a phone through the shop's message channel (`app.messages`: the outbox folder, SMS
   * or WhatsApp), awaited like `send`; rows of channel 'text'.
   */
  sendText: (message: OutgoingMessage) => Promise<void>;
  /** A failure in the merchant's words (mail/mailer.ts explainMailError). */
  describeError: (error: unknown, channel: MessageChannelKind) => string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** How long a kick waits before its pass, gathering the messages of the requests meanwhile. */
  kickDelayMs?: number;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
}

export interface MessageSender {
  /** Runs a pass now and then every interval (the timer never keeps the process alive). */
  start(): void;
  /** Asks for a pass within `kickDelayMs` (after a commit that queued a message); never throws, never waits. */
  kick(): void;
  /**
   * Waits for the pass under way, then delivers everything due now (tests; a pass of its own, so
   * two drains at once race exactly like two processes). Resolves with the number of rows it
   * handled (sent or failed).
   */
  drain(): Promise<number>;
  /**
   * How to draw the HTML part of a queued mail whose row holds its text only (a new order's
   * mails: orders/announce-new-order.ts), drawn and added when this process sends it. At most
   * HTML_KEPT are kept.
   */
  rememberHtml(dedupeKey: string, drawHtml: () => string): void;
  /** Stops the timer and waits for the pass under way (app.close, before the database closes). */
  stop(): Promise<void>;
}

export const MESSAGE_SENDER_DEFAULTS = {
  intervalMs: 5_000,
  // Under load a pass then claims the messages of many orders at once (one claim and one mark
  // per batch, not per order: on the embedded database every statement queues with the orders);
  // an idle shop's message leaves a tenth of a second later.
  kickDelayMs: 100,
  // Longer than the mailer's connect, greeting and socket timeouts together.
  leaseMs: 120_000,
  batchSize: 50,
  maxAttempts: 8,
} as const;

const LAST_ERROR_LENGTH = 300;
/** HTML parts waiting for their mail's send (rememberHtml): a few seconds of orders at most. */
const HTML_KEPT = 500;

export type ClaimedMessage = typeof messageOutbox.$inferSelect & { claimToken: string };

/** Claims up to `limit` due rows for `leaseMs` (one statement); returns them with their claim token. */
export async function claimDueMessages(db: Db, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const token = randomUUID();
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.status, 'pending'),
        lte(messageOutbox.nextAttemptAt, sql`now()`),
        or(isNull(messageOutbox.claimedUntil), lt(messageOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(messageOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(messageOutbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      claimToken: token,
    })
    .where(inArray(messageOutbox.id, due))
    .returning();
  return rows
    .map((row) => ({ ...row, claimToken: token }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Marks a claimed row sent, only while `token` still holds it; false when the claim was lost. */
export async function markSent(db: Db, id: string, token: string): Promise<boolean> {
  return (await markAllSent(db, [id], token)).length > 0;
}

/**
 * Marks the claimed rows `ids` sent in one statement (a pass's batch, all under one claim token),
 * each only while `token` still holds it; returns the ids marked. One statement per batch, not
 * per message: on the embedded database every statement queues behind the orders.
 */
export async function markAllSent(db: Db, ids: readonly string[], token: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const marked = await db
    .update(messageOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      attempts: sql`${messageOutbox.attempts} + 1`,
      lastError: null,
      claimedUntil: null,
      claimToken: null,
    })
    .where(
      and(
        inArray(messageOutbox.id, [...ids]),
        eq(messageOutbox.claimToken, token),
        eq(messageOutbox.status, 'pending'),
      ),
    )
    .returning({ id: messageOutbox.id });
  return marked.map((row) => row.id);
}

/** Records a failed attempt on a claimed row (backoff, or `failed` at the last attempt). */
export async function markFailed(
  db: Db,
  id: string,
  token: string,
  reason: string,
  maxAttempts: number,
): Promise<{ status: string; attempts: number } | undefined> {
  const [row] = await db
    .update(messageOutbox)
    .set({
      // The right-hand sides read the row as it was: attempts before this one.
      attempts: sql`${messageOutbox.attempts} + 1`,
      status: sql`case when ${messageOutbox.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      nextAttemptAt: sql`now() + least(interval '30 seconds' * power(2, ${messageOutbox.attempts}), interval '1 hour')`,
      lastError: reason.slice(0, LAST_ERROR_LENGTH),
      claimedUntil: null,
      claimToken: null,
    })
    .where(and(eq(messageOutbox.id, id), eq(messageOutbox.claimToken, token), eq(messageOutbox.status, 'pending')))
    .returning({ status: messageOutbox.status, attempts: messageOutbox.attempts });
  return row;
}

export function createMessageSender(options: MessageSenderOptions): MessageSender {
  const { db, send, sendText, describeError, log } = options;
  const intervalMs = options.intervalMs ?? MESSAGE_SENDER_DEFAULTS.intervalMs;
  const leaseMs = options.leaseMs ?? MESSAGE_SENDER_DEFAULTS.leaseMs;
  const batchSize = options.batchSize ?? MESSAGE_SENDER_DEFAULTS.batchSize;
  const kickDelayMs = options.kickDelayMs ?? MESSAGE_SENDER_DEFAULTS.kickDelayMs;
  /** How to draw HTML parts, by their row's dedupe key, oldest first (rememberHtml). */
  const waitingHtml = new Map<string, () => string>();
  /** A kick's pass waiting to start; later kicks join it. */
  let kicked: NodeJS.Timeout | undefined;
  const maxAttempts = options.maxAttempts ?? MESSAGE_SENDER_DEFAULTS.maxAttempts;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The kicked or timed pass under way; another kick meanwhile asks for one more. */
  let running: Promise<void> | undefined;
  let again = false;
  const drains = new Set<Promise<number>>();

  /** Sends one claimed row; true when it went (to be marked sent with its batch), false when it failed (marked now). */
  async function deliver(row: ClaimedMessage): Promise<boolean> {
    // Not the recipient or the subject in the log (personal data): the row and its event.
    const context = { outboxId: row.id, event: row.event };
    const html = row.bodyHtml ?? waitingHtml.get(row.dedupeKey)?.();
    try {
      if (row.channel === 'text') await sendText({ to: row.recipient, text: row.bodyText });
      else
        await send({
          to: row.recipient,
          subject: row.subject,
          text: row.bodyText,
          ...(html ? { html } : {}),
        });
      waitingHtml.delete(row.dedupeKey);
      return true;
    } catch (error) {
      const marked = await markFailed(
        db,
        row.id,
        row.claimToken,
        describeError(error, row.channel as MessageChannelKind),
        maxAttempts,
      );
      log.warn({ ...context, attempts: marked?.attempts, status: marked?.status }, 'message not sent');
      return false;
    }
  }

  /**
   * Delivers a claimed batch, then marks what went in one statement. A process that dies before
   * that mark leaves the batch's sent rows to be claimed and sent again once the lease passes (at
   * least once, never lost), as a death between one send and its own mark did.
   */
  async function deliverBatch(rows: readonly ClaimedMessage[]): Promise<void> {
    const sent: string[] = [];
    for (const row of rows) {
      if (await deliver(row)) sent.push(row.id);
      // The outbox channels write synchronously and resolve at once: without a turn of the event
      // loop between messages, a batch of 50 would hold every waiting request for its whole length.
      await setImmediatePromise();
    }
    const token = rows[0]?.claimToken;
    if (!token || sent.length === 0) return;
    const marked = new Set(await markAllSent(db, sent, token));
    for (const id of sent) {
      if (!marked.has(id))
        log.warn({ outboxId: id }, 'message sent after its claim ran out: another sender may send it again');
    }
  }

  /** Claims and delivers batches until nothing is due; the number of rows handled. */
  async function pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await claimDueMessages(db, batchSize, leaseMs);
      await deliverBatch(rows);
      handled += rows.length;
      if (rows.length < batchSize || stopped) return handled;
    }
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      // After the current request's answer went out.
      await new Promise<void>((resolve) => setImmediate(resolve));
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'message outbox pass failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (stopped || timer) return;
      timer = setInterval(run, intervalMs);
      timer.unref();
      run();
    },
    rememberHtml(dedupeKey, drawHtml) {
      waitingHtml.set(dedupeKey, drawHtml);
      if (waitingHtml.size > HTML_KEPT) waitingHtml.delete(waitingHtml.keys().next().value as string);
    },
    kick() {
      if (stopped || kicked) return;
      kicked = setTimeout(() => {
        kicked = undefined;
        run();
      }, kickDelayMs);
    },
    async drain() {
      await running;
      const draining = pass();
      drains.add(draining);
      try {
        return await draining;
      } finally {
        drains.delete(draining);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(kicked);
      await running;
      await Promise.allSettled([...drains]);
    },
  };
}
