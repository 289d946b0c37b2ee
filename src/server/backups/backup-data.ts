import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';

/**
 * The database half of a backup (decision 030): every table of the app's schema read as JSON lines
 * in primary-key order, the sequences' positions and the schema version (migrations applied); and a
 * restore that rebuilds the schema at the backup's version, loads the rows and migrates forward,
 * all inside the caller's one transaction. Identical on PGlite and PostgreSQL; no binaries.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface SchemaVersion {
  /** Migrations applied (the journal's entries 0 … migrations-1). */
  migrations: number;
  /** The last one's tag, e.g. `0017_order_placement_generic_plans`. */
  tag: string | null;
}

export interface JournalEntry {
  idx: number;
  tag: string;
}

/** The committed migrations, in order (meta/_journal.json). */
export async function migrationJournal(migrationsDir = MIGRATIONS_DIR): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** How far this database is migrated: drizzle's own ledger (schema `drizzle`). */
export async function schemaVersionOf(db: Db, migrationsDir = MIGRATIONS_DIR): Promise<SchemaVersion> {
  const [ledger] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  // A database never migrated (the CLI's restore into an empty one) is at version 0.
  const [row] = ledger?.present
    ? await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`)
    : [];
  const migrations = row?.count ?? 0;
  const journal = await migrationJournal(migrationsDir);
  return { migrations, tag: journal[migrations - 1]?.tag ?? null };
}

/** The app's tables: every ordinary table of the `public` schema, by name. */
export async function appTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((row) => row.name);
}

async function primaryKeyColumns(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name
        from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${quoteIdent(table)}`}::regclass and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
  );
  return rows.map((row) => row.name);
}

/** Columns a restore writes: all but generated ones (Postgres computes them). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public.${quoteIdent(table)}`}::regclass and attnum > 0 and not attisdropped
          and attgenerated = ''
        order by attnum`,
  );
  return rows.map((row) => row.name);
}

/** One table as JSON lines (one row per line, `row_to_json`), in primary-key order. */
export async function exportTable(db: Db, table: string): Promise<{ lines: Buffer; rows: number }> {
  const key = await primaryKeyColumns(db, table);
  const order = (key.length > 0 ? key : ['ctid']).map((column) => `t.${quoteIdent(column)}`).join(', ');
  const rows = await rowsOf<{ line: string }>(
    db,
    sql.raw(`select row_to_json(t)::text as line from public.${quoteIdent(table)} t order by ${order}`),
  );
  const text = rows.map((row) => `${row.line}\n`).join('');
  return { lines: Buffer.from(text, 'utf8'), rows: rows.length };
}

export interface SequenceState {
  value: number;
  is_called: boolean;
}

/** Where each sequence of the schema stands (order numbers), so restored numbers do not repeat. */
export async function exportSequences(db: Db): Promise<Record<string, SequenceState>> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const result: Record<string, SequenceState> = {};
  for (const { name } of names) {
    const [state] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text, is_called from public.${quoteIdent(name)}`),
    );
    if (state) result[name] = { value: Number(state.last_value), is_called: state.is_called };
  }
  return result;
}

/**
 * Replaces the whole schema with the migrations 0 … `upTo`-1 (drizzle's ledger included), as
 * drizzle's migrator would have left it: the same SQL, the same hashes and times.
 */
async function rebuildSchema(db: Db, upTo: number, migrationsDir: string): Promise<void> {
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
  await db.execute(sql.raw('create schema if not exists drizzle'));
  await db.execute(
    sql.raw(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    ),
  );
  await db.execute(sql.raw('delete from drizzle.__drizzle_migrations'));
  await applyMigrations(db, 0, upTo, migrationsDir);
}

async function applyMigrations(db: Db, from: number, upTo: number, migrationsDir: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsDir });
  for (const migration of migrations.slice(from, upTo)) {
    for (const statement of migration.sql) {
      if (statement.trim()) await db.execute(sql.raw(statement));
    }
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/** Rows per INSERT: one JSON parameter each, parsed by Postgres (`json_populate_recordset`). */
const INSERT_BATCH_ROWS = 500;

export interface TableData {
  name: string;
  /** JSON lines as written by exportTable. */
  lines: Buffer;
}

/**
 * Inside the caller's transaction: the schema rebuilt at the backup's version, every table's rows
 * loaded with triggers and foreign-key checks off (`session_replication_role = replica`: the rows
 * were consistent when read, and derived columns are copied, not recomputed), sequences set, then
 * the migrations the backup has not seen yet, which bring old rows forward as they would a live shop.
 */
export async function loadIntoSchema(
  db: Db,
  options: {
    migrations: number;
    tables: TableData[];
    sequences: Record<string, SequenceState>;
    migrationsDir?: string;
  },
): Promise<Record<string, number>> {
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  const total = (await migrationJournal(migrationsDir)).length;
  await rebuildSchema(db, options.migrations, migrationsDir);
  const present = new Set(await appTables(db));
  await db.execute(sql.raw('set local session_replication_role = replica'));
  const counts: Record<string, number> = {};
  for (const table of options.tables) {
    if (!present.has(table.name)) throw new Error(`table ${table.name} is not in the schema`);
    const columns = (await writableColumns(db, table.name)).map(quoteIdent).join(', ');
    const lines = table.lines.toString('utf8').split('\n').filter(Boolean);
    for (let start = 0; start < lines.length; start += INSERT_BATCH_ROWS) {
      const batch = `[${lines.slice(start, start + INSERT_BATCH_ROWS).join(',')}]`;
      const target = `public.${quoteIdent(table.name)}`;
      await db.execute(
        sql`${sql.raw(`insert into ${target} (${columns}) select ${columns} from json_populate_recordset(null::${target}, `)}${batch}${sql.raw('::json)')}`,
      );
    }
    counts[table.name] = lines.length;
  }
  for (const [name, state] of Object.entries(options.sequences)) {
    await db.execute(sql`select setval(${`public.${quoteIdent(name)}`}::regclass, ${state.value}, ${state.is_called})`);
  }
  await db.execute(sql.raw('set local session_replication_role = origin'));
  await applyMigrations(db, options.migrations, total, migrationsDir);
  return counts;
}
