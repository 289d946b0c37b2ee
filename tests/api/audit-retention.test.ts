import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { RETENTION_LOCK_KEY, retentionCutoff, runAuditRetention } from '#server/audit/audit-retention.ts';
import { type Database, type Db, openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { type ManualClock, manualClock } from '../helpers/clocks.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#audit-log, "Retention": entries older than the security setting's
 * `audit.retention_days` go once a day, in batches, by one process, and the counts the stats read
 * follow. The app's clock is set by hand (decision 023): nothing here waits.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Entries whose entity id is their label, at the given instants. */
async function addAt(db: Db, entries: [label: string, at: Date][]): Promise<void> {
  await db.insert(auditLogs).values(
    entries.map(([label, at]) => ({
      action: 'product.update',
      entityType: 'product',
      entityId: label,
      createdAt: at,
    })),
  );
}

const labels = async (db: Db) =>
  (await rowsOf<{ entity_id: string }>(db, sql`select entity_id from audit_logs order by created_at`)).map(
    (row) => row.entity_id,
  );

/** The counts the stats read agree with the entries kept: the total, and no hour below the cutoff. */
async function expectCountsFollow(db: Db, cutoff: Date): Promise<void> {
  const [total] = await rowsOf<{ kept: number; counted: number }>(
    db,
    sql`select (select count(*)::int from audit_logs) as kept,
               (select coalesce(sum(events), 0)::int from audit_log_daily) as counted`,
  );
  expect(total?.counted).toBe(total?.kept);
  for (const table of ['audit_log_hourly', 'audit_log_hourly_actions', 'audit_log_hourly_users']) {
    const [stale] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.raw(table)} where hour < ${cutoff.toISOString()}::timestamptz`,
    );
    expect(stale?.n, table).toBe(0);
  }
}

describe('audit retention', () => {
  let ctx: TestApp;
  let clock: ManualClock;
  const start = new Date();

  beforeAll(async () => {
    clock = manualClock(start);
    ctx = await createTestApp({ clock });
  });
  afterAll(() => ctx.close());

  it('cuts at the start of a UTC day, the retention before today', () => {
    expect(retentionCutoff(new Date('2026-11-29T17:45:00Z'), 365).toISOString()).toBe('2025-11-29T00:00:00.000Z');
    expect(retentionCutoff(new Date('2026-11-29T00:00:00Z'), 30).toISOString()).toBe('2026-10-30T00:00:00.000Z');
  });

  it('deletes what the setting no longer keeps, daily, and the counts follow', async () => {
    const db = ctx.database.db;
    expect(ctx.app.settings.values.security.audit.retention_days).toBe(365);
    const cutoff = retentionCutoff(start, 365);
    await addAt(db, [
      ['400 days', new Date(start.getTime() - 400 * DAY)],
      ['an hour past', new Date(cutoff.getTime() - HOUR)],
      ['an hour inside', new Date(cutoff.getTime() + HOUR)],
      ['a day inside', new Date(cutoff.getTime() + DAY + HOUR)],
      ['ten days', new Date(start.getTime() - 10 * DAY)],
    ]);
    const run = await ctx.app.auditRetention.runDue();
    expect(run).toMatchObject({ ran: true, deleted: 2, cutoff });
    expect(await labels(db)).toEqual(['an hour inside', 'a day inside', 'ten days']);
    await expectCountsFollow(db, cutoff);

    // Later the same day: nothing more is due.
    clock.advance(HOUR);
    expect(retentionCutoff(clock.now(), 365)).toEqual(cutoff);
    expect((await ctx.app.auditRetention.runDue()).deleted).toBe(0);

    // The next day the cutoff has moved by a day.
    clock.set(cutoff.getTime() + 365 * DAY + DAY + HOUR);
    expect((await ctx.app.auditRetention.runDue()).deleted).toBe(1);
    expect(await labels(db)).toEqual(['a day inside', 'ten days']);
    await expectCountsFollow(db, retentionCutoff(clock.now(), 365));
  });

  it('follows the setting, and deletes in batches until nothing is left', async () => {
    const db = ctx.database.db;
    clock.set(start);
    await ctx.app.settings.save({ security: { audit: { retention_days: 30 } } }, { actor: null }, true);
    const cutoff = retentionCutoff(start, 30);
    await addAt(
      db,
      Array.from({ length: 11 }, (_, index) => [`old ${index}`, new Date(cutoff.getTime() - (index + 1) * HOUR)]),
    );
    const before = (await labels(db)).length;
    const run = await runAuditRetention(db, { now: clock.now(), retentionDays: 30, batchRows: 4 });
    // The 11 new ones and "a day inside" (a year old) are past 30 days; "ten days" and the
    // setting's own change (its audit entry) are not.
    expect(run.deleted).toBe(before - (await labels(db)).length);
    expect(run.deleted).toBe(12);
    expect(await labels(db)).toEqual(['ten days', 'security_settings']);
    await expectCountsFollow(db, cutoff);
  });
});

describe.skipIf(!(await postgresForTests()))('audit retention on PostgreSQL: one process at a time', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase('cedar_retention');
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('leaves the run to the process holding the lock, and runs once it is free', async () => {
    const now = new Date();
    const cutoff = retentionCutoff(now, 365);
    await addAt(database.db, [
      ['old', new Date(cutoff.getTime() - DAY)],
      ['kept', new Date(now.getTime() - DAY)],
    ]);
    const other = new pg.Client({ connectionString: scratch.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [RETENTION_LOCK_KEY]);
      expect(await runAuditRetention(database.db, { now, retentionDays: 365 })).toMatchObject({
        ran: false,
        deleted: 0,
      });
      await other.query('commit');
      expect(await runAuditRetention(database.db, { now, retentionDays: 365 })).toMatchObject({
        ran: true,
        deleted: 1,
      });
      expect(await labels(database.db)).toEqual(['kept']);
      await expectCountsFollow(database.db, cutoff);
    } finally {
      await other.end();
    }
  });
});
