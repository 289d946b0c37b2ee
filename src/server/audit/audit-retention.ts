import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/client.ts';
import { auditLogHourly, auditLogHourlyActions, auditLogHourlyUsers, auditLogs } from './audit.table.ts';

/**
 * The audit log's retention (docs/product.md#audit-log): entries older than the security
 * setting's `audit.retention_days` are deleted, once a day, by one process, a batch at a time.
 *
 * - **Once a day.** The cutoff is the start of a UTC day (that day `retention_days` before today),
 *   so it moves at UTC midnight only; the check runs every RETENTION_CHECK_MS and finds nothing to
 *   do the rest of the day (one index probe). Day-aligned, the cutoff is also an hour boundary of
 *   the hourly counts, which the run removes with the entries of their hours.
 * - **One process.** Each batch is a transaction that first takes a transaction-scoped advisory
 *   lock with `pg_try_advisory_xact_lock`, as the backup schedule does: a process that finds it
 *   taken leaves the run to the one holding it and looks again at its next check.
 * - **Never long.** A batch deletes at most RETENTION_BATCH_ROWS entries (oldest first, through the
 *   time index) and commits; the event loop gets a turn before the next. On the embedded database
 *   a transaction holds the one connection, so a single large delete would stall every request.
 * - **Counts stay right.** The log's delete trigger takes each batch off the daily counts (the
 *   total) in its statement; the hourly counts below the cutoff go in the run's last transaction.
 * - **Append-only.** The batches mark their transaction (`cedar.audit_retention`), the one mark
 *   the log's guard lets delete, and then only entries over 30 days old (src/server/db/sql/audit-log.sql).
 */

/** Arbitrary constant naming the retention's advisory lock. */
export const RETENTION_LOCK_KEY = 4_204_035;
export const RETENTION_BATCH_ROWS = 5_000;
export const RETENTION_CHECK_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** Entries created before this instant are past retention: the start of today (UTC) less `retentionDays` days. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - retentionDays * DAY_MS);
}

export interface RetentionRun {
  /** False when another process held the lock: it runs (or ran) the deletion. */
  ran: boolean;
  deleted: number;
  cutoff: Date;
}

type Rows<T> = { rows: T[] };

/** One transaction under the retention's lock, marked for the log's guard; undefined when the lock is taken. */
async function underLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [lock] = (
      (await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`)) as unknown as Rows<{
        locked: boolean;
      }>
    ).rows;
    if (!lock?.locked) return undefined;
    await tx.execute(sql`select set_config('cedar.audit_retention', 'on', true)`);
    return work(tx);
  });
}

/** Deletes the entries past retention in batches; tests call it after setting their clock. */
export async function runAuditRetention(
  db: Db,
  options: { now: Date; retentionDays: number; batchRows?: number },
): Promise<RetentionRun> {
  const cutoff = retentionCutoff(options.now, options.retentionDays);
  const batchRows = options.batchRows ?? RETENTION_BATCH_ROWS;
  let deleted = 0;
  for (;;) {
    const removed = await underLock(db, async (tx) => {
      const rows = (
        (await tx.execute(
          sql`delete from ${auditLogs} where ${auditLogs.id} in (
                select ${auditLogs.id} from ${auditLogs} where ${auditLogs.createdAt} < ${cutoff}
                order by ${auditLogs.createdAt} limit ${batchRows}
              ) returning 1 as gone`,
        )) as unknown as Rows<unknown>
      ).rows;
      return rows.length;
    });
    if (removed === undefined) return { ran: false, deleted, cutoff };
    deleted += removed;
    if (removed < batchRows) break;
    // Requests waiting for the database go before the next batch.
    await nextTurn();
  }
  const done = await underLock(db, async (tx) => {
    await tx.delete(auditLogHourly).where(sql`${auditLogHourly.hour} < ${cutoff}`);
    await tx.delete(auditLogHourlyActions).where(sql`${auditLogHourlyActions.hour} < ${cutoff}`);
    await tx.delete(auditLogHourlyUsers).where(sql`${auditLogHourlyUsers.hour} < ${cutoff}`);
    return true;
  });
  return { ran: done === true, deleted, cutoff };
}

/** The daily run inside the server: a timer that never keeps the process alive. */
export class AuditRetention {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RetentionRun> | undefined;

  constructor(
    private readonly options: {
      db: Db;
      clock: Clock;
      retentionDays: () => number;
      log?: { warn: (details: object, message: string) => void };
    },
  ) {}

  /** Runs the retention unless a run of this process is under way (then answers that one). */
  runDue(): Promise<RetentionRun> {
    this.running ??= runAuditRetention(this.options.db, {
      now: this.options.clock.now(),
      retentionDays: this.options.retentionDays(),
    }).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.options.log?.warn({ err: error }, 'audit retention failed'));
    }, RETENTION_CHECK_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way (before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
  }
}
