import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import type { PgliteThreadOptions, ThreadError, ThreadReply, ThreadRequest } from './pglite-thread-protocol.ts';

/**
 * The embedded database on a thread of its own (docs/architecture.md#the-database-thread). PGlite
 * runs Postgres in WebAssembly on whichever thread calls it, synchronously: in process, every
 * statement (and its file-system calls) held the event loop, so an order's ~2 ms in the database
 * and its ~1.5 ms in the app took turns on one core while the machine's second core idled, and at
 * 10 connections the order p95 was twice its 50 ms budget. Here the database works on its own
 * core while the main thread parses, prices and answers the next requests.
 *
 * This is the part of PGlite's interface that drizzle-orm/pglite and client.ts use (query, exec,
 * transaction, listen, close), forwarded as messages (pglite-thread-protocol.ts). What it keeps:
 *   * order: one port, answered in the order sent; PGlite's own lock still serialises statements
 *     and transactions exactly as in process;
 *   * notifications: PGlite calls a listener while it runs the committing statement, so its
 *     message is posted before that statement's answer and reaches `listen`'s callback first
 *     (client.ts's `sync` may still resolve at once: read-your-writes holds);
 *   * errors: a database error's fields (code, constraint, detail, …) come back as own properties
 *     of an Error, which is all db/errors.ts reads.
 * Query options cross as data: Drizzle's `parsers` (functions) keep some types' text as it is;
 * the thread applies that rule to the same type ids, and anything else is refused loudly.
 */
export interface PgliteThread {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
}

/**
 * The worker's entry is plain JavaScript, the same file from the sources and from dist/server
 * (scripts/server-build.ts copies it beside the chunks): a worker thread on Node 20 cannot load
 * TypeScript through tsx.
 */
const WORKER_ENTRY = new URL('./pglite-worker.mjs', import.meta.url);

function errorFrom(error: ThreadError): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return Object.assign(rebuilt, error.fields);
}

const PROBE = 'probe';

function textTypesOf(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse(PROBE, Number(type)) !== PROBE) {
      throw new Error(`the database thread keeps text as it is; a parser for type ${type} changes it`);
    }
    return Number(type);
  });
}

export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  // The thread gets none of the main thread's flags (tsx's loader cannot run in a Node 20 worker),
  // except V8's CPU profiler: `--cpu-prof` on the server then writes one profile per thread.
  const execArgv = process.execArgv.filter((flag) => flag.startsWith('--cpu-prof'));
  const worker = new Worker(WORKER_ENTRY, { workerData: options, execArgv });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let closed = false;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: ThreadReply) => {
      switch (message.kind) {
        case 'ready':
          resolve();
          return;
        case 'failed':
          reject(errorFrom(message.error));
          return;
        case 'notify':
          for (const notice of message.notices) listeners.get(notice.listener)?.(notice.payload);
          return;
        case 'reply': {
          for (const notice of message.notices ?? []) listeners.get(notice.listener)?.(notice.payload);
          const pending = waiting.get(message.id);
          waiting.delete(message.id);
          if (message.ok) pending?.resolve(message.result);
          else pending?.reject(errorFrom(message.error));
        }
      }
    });
    const stop = (error: Error) => {
      closed = true;
      stopped ??= error;
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
      waiting.clear();
    };
    worker.on('error', (error) => stop(error));
    worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));
  });
  await ready;

  // Distributive, so each request keeps its own fields with the id taken off.
  type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;
  const call = <T>(request: Unnumbered<ThreadRequest>): Promise<T> => {
    if (stopped || closed) return Promise.reject(stopped ?? new Error('the database thread stopped (closed)'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as ThreadRequest);
    });
  };

  const runner = (tx: number | undefined) => ({
    query: <T>(sql: string, params: unknown[] = [], queryOptions: QueryOptions = {}) =>
      call<Results<T>>({
        op: 'query',
        sql,
        params,
        rowMode: queryOptions.rowMode,
        textTypes: textTypesOf(queryOptions.parsers),
        tx,
      }),
    exec: (sql: string) => call<Results[]>({ op: 'exec', sql, tx }),
  });

  return {
    ...runner(undefined),
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let ended = false;
      const handle = {
        ...runner(tx),
        async rollback() {
          ended = true;
          await call({ op: 'end', tx, commit: false });
        },
        get closed() {
          return ended;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await work(handle);
      } catch (error) {
        if (!ended) await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      if (!ended) await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onMessage) {
      const listener = nextId++;
      listeners.set(listener, onMessage);
      await call({ op: 'listen', channel, listener }).catch((error: unknown) => {
        listeners.delete(listener);
        throw error;
      });
      return async () => {
        listeners.delete(listener);
        if (!closed) await call({ op: 'unlisten', listener });
      };
    },
    async close() {
      if (closed) return;
      await call({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
  };
}
