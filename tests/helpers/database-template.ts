import { accessSync, constants, statfsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';

/**
 * Test databases are made from a migrated template, built once per test run by the Vitest global
 * setup: PGlite takes ~2 s to initialise, copying a migrated data dir takes milliseconds. With
 * TEST_DATABASE_URL (CI), the template is a real PostgreSQL database and each test file gets a
 * fresh `CREATE DATABASE … TEMPLATE` copy.
 */

export interface TemplateInfo {
  kind: 'pglite' | 'postgres';
  /** PGlite: the migrated data dir to copy. Postgres: the template database name. */
  location: string;
}

export const TEMPLATE_ENV = 'CEDAR_TEST_DB_TEMPLATE';

/** Room for the template and a few copies at a time (a migrated PGlite data dir is ~40 MB). */
const MEMORY_DISK_MIN_FREE_BYTES = 1024 ** 3;

/**
 * Where PGlite data dirs go: /dev/shm (memory) when there is one with room, else the temp dir.
 * A data dir is ~1,100 files: copying it to a disk took 1–2.7 s on the 2-core CI machine while
 * other processes wrote, to memory 0.2–0.5 s, and the file's queries then write to memory too.
 * Measured in docs/testing.md; a test file copies one to three of them.
 */
function databaseScratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= MEMORY_DISK_MIN_FREE_BYTES) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows) or not writable: the temp dir.
  }
  return os.tmpdir();
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A run that was killed leaves its copies behind; in /dev/shm they hold memory until removed. */
const STALE_SCRATCH_MS = 6 * 60 * 60 * 1000;

/** Removes test data dirs older than any run could be (other runs on the machine may be going on). */
async function sweepStaleScratch(root: string): Promise<void> {
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const entry of entries) {
    if (!entry.startsWith('cedar-test-')) continue;
    const dir = path.join(root, entry);
    const info = await stat(dir).catch(() => undefined);
    if (info?.isDirectory() && Date.now() - info.mtimeMs > STALE_SCRATCH_MS) {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

export async function createTemplate(): Promise<{ info: TemplateInfo; dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `cedar_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name), maxConnections: 1 });
    await runMigrations(database);
    await database.close();
    return {
      info: { kind: 'postgres', location: name },
      dispose: async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        // Drop the template and every per-file copy made from it in this run.
        const { rows } = await client.query<{ datname: string }>(
          `select datname from pg_database where datname = $1 or datname like $2`,
          [name, `${name}_f%`],
        );
        for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
        await client.end();
      },
    };
  }
  await sweepStaleScratch(databaseScratchRoot());
  const dir = await mkdtemp(path.join(databaseScratchRoot(), 'cedar-test-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await runMigrations(database);
  await database.close();
  return { info: { kind: 'pglite', location: dir }, dispose: () => rm(dir, { recursive: true, force: true }) };
}

let copies = 0;

/** A fresh, migrated, empty database for one test file. */
export async function openTestDatabase(): Promise<Database & { dispose: () => Promise<void> }> {
  const raw = process.env[TEMPLATE_ENV];
  if (!raw) throw new Error(`${TEMPLATE_ENV} is not set: run the tests through vitest.config.ts (global setup)`);
  const info = JSON.parse(raw) as TemplateInfo;
  if (info.kind === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `${info.location}_f${process.pid}_${copies++}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${info.location}"`);
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name) });
    return { ...database, dispose: () => database.close() };
  }
  const dir = await mkdtemp(path.join(databaseScratchRoot(), 'cedar-test-db-'));
  await cp(info.location, dir, { recursive: true });
  // TEST_PGLITE_THREAD=worker runs a suite over the database thread the server uses (decision 031).
  const thread = process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main';
  const database = await openDatabase({ kind: 'pglite', dataDir: dir, thread });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
