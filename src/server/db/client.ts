import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The Drizzle handle services take; the same type on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** Arbitrary constant naming Cedar Shop's start-up advisory lock. */
const STARTUP_LOCK_KEY = 4_204_040;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Cheap round trip used by /api/health. */
  ping(): Promise<void>;
  /**
   * Runs `work` while holding a database-wide lock, so two server processes starting on one
   * PostgreSQL never migrate or seed at the same time. PGlite has one connection: no lock needed.
   */
  runExclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */ }
  | { kind: 'postgres'; url: string; maxConnections?: number };

/**
 * Opens the embedded PGlite (one connection, in DATA_DIR/db) or a pool on a real PostgreSQL.
 * Both speak the same SQL, so one set of migrations and services serves both. Each driver is
 * loaded only when used, which keeps start-up short.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir) : openPostgres(options.url, options.maxConnections);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runExclusive: (work) => work(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runExclusive: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work(drizzlePg(connection) as unknown as Db);
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        connection.release();
      }
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}
