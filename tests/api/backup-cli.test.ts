import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { type CliOutput, withBackups } from '../../scripts/backup-cli.ts';
import { TEMPLATE_ENV, type TemplateInfo } from '../helpers/database-template.ts';

/**
 * `npm run backup` (scripts/backup.ts, backup-cli.ts) on a DATA_DIR where the shop never
 * started: one plain line telling the operator to start the shop once, exit code 1, no stack
 * trace, and nothing created in the folder. On a set-up shop it writes the backup. Always on the
 * embedded database in a temporary DATA_DIR (the operator's default).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDataDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-backup-cli-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function recorder(): CliOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, log: (line) => lines.push(line), error: (line) => errors.push(line) };
}

const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

/** The run's migrated PGlite template (global setup), unless the run's template is on PostgreSQL. */
const pgliteTemplate = () => {
  const template = JSON.parse(process.env[TEMPLATE_ENV] ?? '{}') as Partial<TemplateInfo>;
  return template.kind === 'pglite' ? template.location : undefined;
};
/** A fresh PGlite takes seconds to initialise (tens on a busy machine): copies are used when there is a template. */
const SLOW_START_MS = 120_000;

/** A DATA_DIR whose embedded database is set up (migrated). */
async function migratedDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  const target = configFor(dataDir).paths.database;
  const template = pgliteTemplate();
  if (template) {
    await cp(template, target, { recursive: true });
  } else {
    const database = await openDatabase({ kind: 'pglite', dataDir: target });
    await runMigrations(database);
    await database.close();
  }
  return dataDir;
}

/** A DATA_DIR with a database but none of the shop's tables (as a start that stopped before migrating leaves it). */
async function unmigratedDataDir(): Promise<string> {
  if (!pgliteTemplate()) {
    const dataDir = await tempDataDir();
    await (await openDatabase({ kind: 'pglite', dataDir: configFor(dataDir).paths.database })).close();
    return dataDir;
  }
  const dataDir = await migratedDataDir();
  const emptied = await openDatabase({ kind: 'pglite', dataDir: configFor(dataDir).paths.database });
  await emptied.db.execute(sql`drop schema drizzle cascade`);
  await emptied.db.execute(sql`drop schema public cascade`);
  await emptied.db.execute(sql`create schema public`);
  await emptied.close();
  return dataDir;
}
const backupInto = (dataDir: string, output: CliOutput) =>
  withBackups(
    'Backup failed',
    async (service, out) => {
      const entry = await service.create('manual', { actor: { email: 'npm run backup' } });
      out.log(`Backup written: ${entry.name}`);
    },
    { needsShop: true, config: configFor(dataDir), output },
  );

describe('npm run backup before the shop ever started', () => {
  it('the command itself exits 1 with one plain line and creates nothing', async () => {
    const dataDir = await tempDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, stderr).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      `No shop to back up in DATA_DIR=${dataDir}: it has no database (${path.join(dataDir, 'db')}). Check DATA_DIR. Start the shop once with \`npm start\` (it creates and sets up the database), then back up.`,
    ]);
    expect(stderr).not.toMatch(/audit_logs|does not exist|\n\s+at /);
    expect(await readdir(dataDir)).toEqual([]);
  }, 90_000);

  it(
    'refuses a database that exists but was never set up, in the same words',
    async () => {
      const dataDir = await unmigratedDataDir();
      const output = recorder();
      expect(await backupInto(dataDir, output)).toBe(1);
      expect(output.errors).toEqual([
        `The shop's database (${path.join(dataDir, 'db')}) has never been set up: it has no tables yet, so there is nothing to back up. Start the shop once with \`npm start\` (it creates and sets up the database), then back up.`,
      ]);
      expect(output.lines).toEqual([]);
      expect(await readdir(dataDir)).toEqual(['db']);
    },
    SLOW_START_MS,
  );

  it(
    'backs up once the database is set up',
    async () => {
      const dataDir = await migratedDataDir();
      const output = recorder();
      expect(await backupInto(dataDir, output)).toBe(0);
      expect(output.errors).toEqual([]);
      const [written] = await readdir(path.join(dataDir, 'backups'));
      expect(written).toMatch(/^cedar-backup-.+-manual\.tar\.gz$/);
      expect(output.lines).toEqual([`Backup written: ${written}`]);
    },
    SLOW_START_MS,
  );
});
