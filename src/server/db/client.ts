import fs from 'node:fs/promises';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { coalescedRoundTrip } from './coalesced-round-trip.ts';

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
  /** Subscribes to NOTIFY on `channel`; see `Subscription`. */
  listen(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onMessage(payload: string): void;
  /**
   * Called when notifications may have been missed (the listening connection dropped and came
   * back): whoever caches from them must reload everything.
   */
  onGap(): void;
}

export interface Subscription {
  /**
   * Resolves once every notification of a transaction committed before this call has reached
   * `onMessage`. PGlite delivers them synchronously (on its own thread too: a notification's
   * message comes before the committing statement's answer), so it resolves at once; on PostgreSQL it is
   * one round trip on the listening connection (the server sends pending notifications before it
   * answers), which gives readers read-your-writes across processes. Concurrent calls share
   * round trips (`coalesced-round-trip.ts`): one in flight at a time, never one sent before the
   * call.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string /* undefined = in memory */;
      /**
       * 'worker': the database runs on a thread of its own (pglite-thread.ts), as the server runs
       * it; 'main' (the default): in this thread, as tests and command-line scripts open it.
       */
      thread?: 'main' | 'worker';
    }
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      /** How long a query waits for a free pooled connection before failing (default 5 s). */
      connectionTimeoutMs?: number;
    };

/**
 * pg-pool's errors when no connection was ready within `connectionTimeoutMillis`: every pooled
 * connection stayed busy (the request waited in the pool's queue), or the pool was opening a new
 * connection and the server did not finish the handshake in time (a server saturated with work, or
 * one that stopped answering).
 */
const POOL_TIMEOUT_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/**
 * True when `error` (or its cause: Drizzle wraps the driver's error) says no database connection
 * could be had within the connection timeout. That is overload or an unreachable database, not a
 * bug: the error handler answers 503 with `retry-after` (plugins/error-handler.ts), never a 500.
 */
export function isPoolExhausted(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && POOL_TIMEOUT_MESSAGES.has(message)) return true;
  }
  return false;
}

/**
 * Opens the embedded PGlite (one connection, in DATA_DIR/db) or a pool on a real PostgreSQL.
 * Both speak the same SQL, so one set of migrations and services serves both. Each driver is
 * loaded only when used, which keeps start-up short.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options.dataDir, options.thread ?? 'main') : openPostgres(options);
}

/**
 * PGlite runs Postgres inside this process's WebAssembly memory, which only ever grows: every page
 * Postgres touches stays in the server's RSS. Its data directory is created with server defaults
 * (shared_buffers 128 MB, sized for 100 connections) that would cost ~130 MB before the first
 * request. One connection and an 8 MB buffer cache are plenty here (16 MB cost 10 MB more RSS for the
 * same order-placement p95 with 10,000 products): the storefront reads from the
 * in-memory catalogue, and pages not in the cache come from the OS file cache (the data directory
 * is a real directory). Measured in docs/architecture.md "Memory".
 */
const PGLITE_MEMORY_SETTINGS = ['shared_buffers=8MB', 'max_connections=5'];

/**
 * V8 compiles PGlite's 9 MB of WebAssembly with its baseline compiler, then recompiles the hot
 * functions with its optimising one on background threads, whose code and scratch memory stay in
 * the process (~40 MB RSS). Baseline code alone answers our queries (a few ms each; the storefront
 * reads from memory) and opens the database as fast. The flag is read when a module compiles, so
 * it is set just before PGlite compiles its own.
 */
function selectBaselineWasmCompiler(): void {
  v8.setFlagsFromString('--liftoff-only');
}

async function openPglite(dataDir: string | undefined, thread: 'main' | 'worker'): Promise<Database> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  // Process-wide: set before either thread compiles PGlite's WebAssembly.
  selectBaselineWasmCompiler();
  const [{ drizzle: drizzlePglite }, client] = await Promise.all([
    import('drizzle-orm/pglite'),
    thread === 'worker' ? openPgliteOnThread(dataDir) : openPgliteInProcess(dataDir),
  ]);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    runExclusive: (work) => work(db),
    listen: async (channel, handlers) => {
      const unsubscribe = await client.listen(channel, handlers.onMessage);
      return {
        sync: async () => {},
        close: async () => {
          // Closing the database already dropped the subscription.
          if (!client.closed) await unsubscribe().catch(() => {});
        },
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPgliteInProcess(dataDir: string | undefined) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
}

/**
 * The types drizzle-orm/pglite keeps as text in every query (its session's `parsers`: timestamp,
 * timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval, date).
 * The database thread sets them once (pglite-thread-protocol.ts `textTypes`); should Drizzle ask
 * for others, its queries still come out right, only slower.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

async function openPgliteOnThread(dataDir: string | undefined) {
  const { openPgliteThread } = await import('./pglite-thread.ts');
  // drizzle-orm/pglite calls query and transaction only, which the thread answers alike.
  return (await openPgliteThread({
    dataDir,
    settings: PGLITE_MEMORY_SETTINGS,
    textTypes: DRIZZLE_TEXT_TYPES,
  })) as unknown as import('@electric-sql/pglite').PGlite;
}

async function openPostgres({
  url,
  maxConnections = 10,
  connectionTimeoutMs = 5000,
}: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectionTimeoutMs,
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
    listen: (channel, handlers) => listenOnPostgres(pg, url, channel, handlers),
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). When that
 * connection fails it reconnects after a second and reports a gap, since anything committed
 * meanwhile was not heard.
 */
async function listenOnPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  let client: import('pg').Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => handlers.onGap(),
        () => scheduleReconnect(),
      );
    }, LISTEN_RETRY_MS);
    retry.unref();
  };

  await connect();
  return {
    sync: coalescedRoundTrip(async () => {
      // Without a live connection nothing can be promised; the gap handler reloads on reconnect.
      await client?.query('select 1').catch(() => {});
    }),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
