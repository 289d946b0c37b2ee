import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, type Subscription } from '#server/db/client.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';

/**
 * Issue 18: on PostgreSQL every catalogue read calls `sync()`, one `select 1` on the single
 * listening connection. Concurrent calls now share round trips (one in flight at a time) and a
 * sync still sees every notification committed before it was called (read-your-writes).
 */
describe.skipIf(!(await postgresForTests()))('Subscription.sync() on PostgreSQL', () => {
  const channel = 'cedar_sync_test';
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  let subscription: Subscription;
  const heard: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('cedar_sync');
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    subscription = await database.listen(channel, { onMessage: (payload) => heard.push(payload), onGap: () => {} });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await subscription?.close();
    await database?.close();
    await scratch?.drop();
  });

  /** Round trips the listening connection makes for sync (the driver's calls, watched, not replaced). */
  function countSyncRoundTrips(): () => number {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    return () => query.mock.calls.filter(([text]) => text === 'select 1').length;
  }

  it('answers 200 concurrent calls with far fewer round trips', async () => {
    const roundTrips = countSyncRoundTrips();
    await Promise.all(Array.from({ length: 200 }, () => subscription.sync()));
    // The first call goes alone; everyone who arrived while it was out shares the next one.
    expect(roundTrips()).toBeLessThanOrEqual(2);
  });

  it('still sees a commit made while another sync was in flight (read-your-writes)', async () => {
    for (let round = 0; round < 20; round++) {
      const payload = `write-${round}`;
      // Reads keep arriving, so a sync is in flight when the write commits…
      const background = Array.from({ length: 10 }, () => subscription.sync());
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
      // …and a reader who arrives after the commit must still see it once its sync resolves.
      await subscription.sync();
      expect(heard).toContain(payload);
      await Promise.all(background);
    }
  });
});
