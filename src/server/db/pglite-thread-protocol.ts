/**
 * The messages between the server's main thread and the thread that runs the embedded database
 * (`pglite-thread.ts` sends, `pglite-worker.ts` answers; docs/architecture.md#the-database-thread).
 * Types only: both sides import it, and nothing of it exists at run time.
 */

export interface PgliteThreadOptions {
  /** DATA_DIR/db, or undefined for a database in memory. */
  dataDir: string | undefined;
  /** Postgres settings passed at start (`-c name=value`). */
  settings: string[];
  /**
   * The type ids whose values most queries keep as text (Drizzle's: timestamps, dates, intervals
   * and their arrays). The thread sets them on the database once, so a query asking for exactly
   * these passes no parsers of its own: PGlite copies its whole parser table for a query that
   * does (~0.2 ms of the database thread's time per query, one in twenty of an order's).
   */
  textTypes: number[];
}

export type ThreadRequest =
  | {
      op: 'query';
      id: number;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /** Type OIDs whose text is kept as it is (Drizzle's parsers, which return their input). */
      textTypes: number[];
      /** The transaction it belongs to; none: its own statement. */
      tx?: number;
    }
  | { op: 'exec'; id: number; sql: string; tx?: number }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | {
      op: 'listen';
      id: number;
      channel: string /** Chosen by the main thread, which listens before asking. */;
      listener: number;
    }
  | { op: 'unlisten'; id: number; listener: number }
  | { op: 'close'; id: number };

/** A database error's own fields (code, detail, constraint, …), which the services read. */
export type ThreadError = { message: string; name: string; fields: Record<string, unknown> };

/** A notification for one of the main thread's listeners. */
export type ThreadNotice = { listener: number; payload: string };

/**
 * A reply carries the notifications its statement raised (`notices`, delivered before the reply
 * is answered, as PGlite in process calls its listeners before a query resolves): one message
 * across the threads per order, not one more per notification. Notices raised outside any reply
 * go on their own ('notify').
 */
export type ThreadReply =
  | { kind: 'ready' }
  | { kind: 'reply'; id: number; ok: true; result: unknown; notices?: ThreadNotice[] }
  | { kind: 'reply'; id: number; ok: false; error: ThreadError; notices?: ThreadNotice[] }
  | { kind: 'notify'; notices: ThreadNotice[] }
  | { kind: 'failed'; error: ThreadError };
