import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { errorChain } from './errors.ts';
import { openPgliteThread } from './pglite-thread.ts';

/**
 * The embedded database on its own thread (pglite-thread.ts), as the server opens it: what
 * crosses the thread keeps the meaning it has in process. The whole app over the thread is the
 * E2E suite's and the bench's server; here, each promise the services and Drizzle rely on.
 */
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

describe('the database thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', thread: 'worker' });
    await database.db.execute(sql`create table counters (id int primary key, value int not null, note text)`);
    await database.db.execute(sql`insert into counters values (1, 0, null)`);
  });

  afterAll(async () => {
    await database.close();
  });

  it('answers values as the in-process database does: text timestamps, numeric as text, jsonb, bytea, dates as parameters', async () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const [row] = await rowsOf<Record<string, unknown>>(
      database,
      sql`select ${at}::timestamptz as at, 12.50::numeric as amount, '{"a":[1,2]}'::jsonb as doc,
        '\\x0102'::bytea as bytes, '2026-11-29'::date as day, 7::int as seven, null::text as nothing`,
    );
    expect(row).toEqual({
      at: expect.stringMatching(/^2026-11-29 10:00:00(\+00)?/),
      amount: '12.50',
      doc: { a: [1, 2] },
      bytes: new Uint8Array([1, 2]),
      day: '2026-11-29',
      seven: 7,
      nothing: null,
    });
  });

  it('runs plain parameters in one protocol message, in and out of transactions, errors and all', async () => {
    // Strings, numbers, booleans and nulls go as one message (pglite-worker.mjs plainQuery).
    const [row] = await rowsOf<Record<string, unknown>>(
      database,
      sql`select ${'text'}::text as word, ${42}::int as answer, ${1.5}::numeric as half, ${true}::boolean as yes,
        ${null}::text as nothing, ${'{"a":1}'}::jsonb as doc`,
    );
    expect(row).toEqual({
      word: 'text',
      answer: 42,
      half: '1.5',
      yes: true,
      nothing: null,
      doc: { a: 1 },
    });
    await database.db.execute(sql`insert into counters values (${50}, ${1}, ${'plain'})`);
    const refused = await database.db
      .execute(sql`insert into counters values (${50}, ${2}, ${'again'})`)
      .catch((error) => error);
    expect([...errorChain(refused)].find((link) => link.code)).toMatchObject({ code: '23505' });
    // The connection is usable after the error, and a transaction sees its own plain writes.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update counters set value = value + ${10} where id = ${50}`);
      const inside = (await tx.execute(sql`select value from counters where id = ${50}`)) as unknown as Rows<{
        value: number;
      }>;
      expect(inside.rows[0]?.value).toBe(11);
    });
    expect(
      (await rowsOf<{ value: number }>(database, sql`select value from counters where id = ${50}`))[0]?.value,
    ).toBe(11);
  });

  it("keeps a database error's fields (code, constraint), which the services translate", async () => {
    const failure = await database.db.execute(sql`insert into counters values (1, 5, null)`).catch((error) => error);
    const fields = [...errorChain(failure)].find((link) => link.code);
    expect(fields).toMatchObject({ code: '23505', constraint: 'counters_pkey' });
  });

  it('commits a transaction, rolls one back on a throw, and a savepoint inside one', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update counters set value = value + 1 where id = 1`);
    });
    const thrown = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update counters set value = value + 100 where id = 1`);
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    expect(thrown).toBe('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update counters set note = 'kept' where id = 1`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`update counters set value = value + 1000 where id = 1`);
          throw new Error('inner only');
        })
        .catch(() => {});
    });
    expect(await rowsOf(database, sql`select value, note from counters where id = 1`)).toEqual([
      { value: 1, note: 'kept' },
    ]);
  });

  it('serialises concurrent transactions: 40 read-then-write increments lose none', async () => {
    const [before] = await rowsOf<{ value: number }>(database, sql`select value from counters where id = 1`);
    await Promise.all(
      Array.from({ length: 40 }, () =>
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select value from counters where id = 1`)) as unknown as Rows<{
            value: number;
          }>;
          await tx.execute(sql`update counters set value = ${(rows[0]?.value ?? 0) + 1} where id = 1`);
        }),
      ),
    );
    const [after] = await rowsOf<{ value: number }>(database, sql`select value from counters where id = 1`);
    expect(after?.value).toBe((before?.value ?? 0) + 40);
  });

  it('delivers a notification before the committing statement answers (read-your-writes for caches)', async () => {
    const heard: string[] = [];
    const subscription = await database.listen('cedar_thread_test', {
      onMessage: (payload) => heard.push(payload),
      onGap() {},
    });
    const seenAtCommit = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('cedar_thread_test', 'one')`);
      })
      .then(() => [...heard]);
    expect(seenAtCommit).toEqual(['one']);
    await subscription.close();
    await database.db.execute(sql`select pg_notify('cedar_thread_test', 'two')`);
    expect(heard).toEqual(['one']);
  });
});

describe('the database thread, stopped', () => {
  it('answers every call after close with an error, never a hang', async () => {
    const database = await openDatabase({ kind: 'pglite', thread: 'worker' });
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    await database.close();
  });

  it('parses a type as each query asks: the usual text types set once, others per query', async () => {
    // Set on the database: timestamptz and date come back as text unless a query asks otherwise.
    const thread = await openPgliteThread({ dataDir: undefined, settings: [], textTypes: [1184, 1082] });
    try {
      const query = "select '2026-11-29T10:00:00Z'::timestamptz as at, '2026-11-29'::date as day";
      const keep = (value: string) => value;
      // Exactly the usual set: no parsers of its own, both as text.
      const usual = await thread.query<Record<string, unknown>>(query, [], { parsers: { 1184: keep, 1082: keep } });
      expect(usual.rows[0]).toEqual({ at: expect.stringMatching(/^2026-11-29 10:00:00/), day: '2026-11-29' });
      // Only the date as text: the timestamp is parsed as PGlite parses it, a Date.
      const dateOnly = await thread.query<Record<string, unknown>>(query, [], { parsers: { 1082: keep } });
      expect(dateOnly.rows[0]).toEqual({ at: new Date('2026-11-29T10:00:00Z'), day: '2026-11-29' });
      // No parsers at all: both parsed.
      const none = await thread.query<Record<string, unknown>>(query);
      expect(none.rows[0]?.at).toEqual(new Date('2026-11-29T10:00:00Z'));
      expect(none.rows[0]?.day).toBeInstanceOf(Date);
      // And the usual set again, after the others.
      expect(
        (await thread.query<Record<string, unknown>>(query, [], { parsers: { 1082: keep, 1184: keep } })).rows[0],
      ).toEqual(usual.rows[0]);
    } finally {
      await thread.close();
    }
  });

  it('answers a statement sent before close, then refuses', async () => {
    const thread = await openPgliteThread({ dataDir: undefined, settings: [], textTypes: [] });
    const inFlight = thread.query<{ one: number }>('select 1 as one');
    const closing = thread.close();
    expect((await inFlight).rows).toEqual([{ one: 1 }]);
    await closing;
    expect(thread.closed).toBe(true);
    await expect(thread.query('select 1')).rejects.toThrow(/database thread stopped/);
  });

  it('reports a database that cannot open (a file where its folder should be) instead of hanging', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-thread-'));
    const notAFolder = path.join(dir, 'db');
    await writeFile(notAFolder, 'not a database');
    try {
      await expect(openPgliteThread({ dataDir: notAFolder, settings: [], textTypes: [] })).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
