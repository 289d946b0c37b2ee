import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * @typedef {import('./pglite-thread-protocol.ts').PgliteThreadOptions} PgliteThreadOptions
 * @typedef {import('./pglite-thread-protocol.ts').ThreadError} ThreadError
 * @typedef {import('./pglite-thread-protocol.ts').ThreadNotice} ThreadNotice
 * @typedef {import('./pglite-thread-protocol.ts').ThreadReply} ThreadReply
 * @typedef {import('./pglite-thread-protocol.ts').ThreadRequest} ThreadRequest
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 */

/**
 * The embedded database's own thread (docs/architecture.md#the-database-thread): it owns the PGlite
 * instance and answers the main thread's messages (pglite-thread-protocol.ts) in the order they
 * come. PGlite's own lock still serialises everything: a statement sent outside a transaction waits
 * while one is open, as it does in process. Imports nothing of the app, only PGlite; plain
 * JavaScript (types in JSDoc), so the same file runs from the sources and from dist/server: a
 * worker thread on Node 20 cannot load TypeScript through tsx.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');
/** @type {PgliteThreadOptions} */
const options = workerData;

/** @param {ThreadReply} message */
const send = (message) => port.postMessage(message);

/**
 * Notifications raised since the last message out. PGlite calls a listener while the statement
 * that raised it is still being answered: the notices ride on that statement's reply (`reply`
 * below), one message across the threads instead of two for an order. Whatever no reply took
 * (none should) goes on its own once the current work is done.
 * @type {ThreadNotice[]}
 */
let notices = [];
let noticesScheduled = false;

/** @returns {ThreadNotice[] | undefined} */
function takeNotices() {
  if (notices.length === 0) return undefined;
  const taken = notices;
  notices = [];
  return taken;
}

/** @param {ThreadNotice} notice */
function notify(notice) {
  notices.push(notice);
  if (noticesScheduled) return;
  noticesScheduled = true;
  setImmediate(() => {
    noticesScheduled = false;
    const left = takeNotices();
    if (left) send({ kind: 'notify', notices: left });
  });
}

/**
 * @param {number} id
 * @param {{ ok: true, result: unknown } | { ok: false, error: ThreadError }} outcome
 */
function reply(id, outcome) {
  const taken = takeNotices();
  send({ kind: 'reply', id, ...outcome, ...(taken && { notices: taken }) });
}

/**
 * @param {unknown} error
 * @returns {ThreadError}
 */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  // DatabaseError's fields (code, detail, constraint, table, …): plain values only.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

/** @param {string} value */
const keepText = (value) => value;

/** Set on the database at open (options.textTypes): a query asking for exactly these passes no parsers. */
const usualTextTypes = [...new Set(options.textTypes)].sort((a, b) => a - b);
const usualKey = usualTextTypes.join(',');
/** @type {Map<string, Record<number, (value: string) => unknown>>} */
const otherParsers = new Map();

/**
 * The parsers a query must pass for its text types: none for the usual ones; otherwise its own
 * text types as text, and the usual ones it does not ask for parsed as PGlite parses them.
 * @param {number[]} textTypes
 */
function parsersFor(textTypes) {
  const wanted = [...new Set(textTypes)].sort((a, b) => a - b);
  const key = wanted.join(',');
  if (key === usualKey) return undefined;
  let parsers = otherParsers.get(key);
  if (!parsers) {
    /** @type {Record<number, (value: string) => unknown>} */
    const built = {};
    const defaults = /** @type {Record<number, (value: string) => unknown>} */ (types.parsers);
    for (const type of usualTextTypes) if (!wanted.includes(type)) built[type] = defaults[type] ?? keepText;
    for (const type of wanted) built[type] = keepText;
    otherParsers.set(key, built);
    parsers = built;
  }
  return parsers;
}

/** @type {PGlite} */
let database;

/** Open transactions by id, each with the way to end it (commit or roll back). */
/** @type {Map<number, { tx: Transaction, end: (commit: boolean) => void }>} */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();
let nextId = 1;
/** Thrown inside PGlite's transaction callback to have it roll back. */
const ROLL_BACK = Symbol('roll back');

/** How each transaction's COMMIT or ROLLBACK came out, awaited by its 'end' request. */
/** @type {Map<number, { resolve: () => void, reject: (error: unknown) => void }>} */
const ended = new Map();

/**
 * @param {number} tx
 * @param {unknown} error
 */
function settle(tx, error) {
  const waiting = ended.get(tx);
  transactions.delete(tx);
  ended.delete(tx);
  if (error === undefined) waiting?.resolve();
  else waiting?.reject(error);
}

/**
 * @param {number | undefined} tx
 * @returns {Pick<Transaction, 'query' | 'exec'>}
 */
function runner(tx) {
  if (tx === undefined) return database;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

/**
 * @param {unknown[]} params
 * @returns {params is (string | number | boolean | bigint | null | undefined)[]}
 */
function plainParams(params) {
  return params.every(
    (param) =>
      param === null ||
      param === undefined ||
      typeof param === 'string' ||
      typeof param === 'boolean' ||
      typeof param === 'bigint' ||
      (typeof param === 'number' && Number.isFinite(param)),
  );
}

/**
 * A statement whose parameters are plain values as one protocol message (Parse, Bind, Describe,
 * Execute, Sync) and one call into the database: PGlite's own `query` makes five such calls and a
 * sixth first, to learn the parameters' types for its serializers, which plain values do not need
 * (a number, a boolean or a string is written as the text PGlite would write for it). Anything
 * else (a Date, an array, bytes, an object) goes through `query`. Under the same locks as `query`:
 * outside a transaction it waits for an open one to end; inside one it runs in it.
 * @param {number | undefined} tx
 * @param {string} sql
 * @param {(string | number | boolean | bigint | null | undefined)[]} params
 * @param {import('@electric-sql/pglite').QueryOptions} queryOptions
 */
function plainQuery(tx, sql, params, queryOptions) {
  if (tx !== undefined && !transactions.has(tx)) throw new Error(`no open transaction ${tx}`);
  const { serialize } = protocol;
  const run = async () => {
    const parts = [
      serialize.parse({ text: sql }),
      serialize.bind({ values: params.map((param) => (param === null || param === undefined ? null : String(param))) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const message = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      message.set(part, offset);
      offset += part.length;
    }
    const messages = await database.execProtocolStream(message, { syncToFs: tx === undefined });
    return parse.parseResults(messages, database.parsers, queryOptions)[0];
  };
  return tx === undefined
    ? database._runExclusiveTransaction(() => database._runExclusiveQuery(run))
    : database._runExclusiveQuery(run);
}

/** @param {ThreadRequest} request */
async function handle(request) {
  switch (request.op) {
    case 'query': {
      const parsers = parsersFor(request.textTypes);
      const queryOptions = { ...(request.rowMode && { rowMode: request.rowMode }), ...(parsers && { parsers }) };
      if (plainParams(request.params)) return plainQuery(request.tx, request.sql, request.params, queryOptions);
      return runner(request.tx).query(request.sql, request.params, queryOptions);
    }
    case 'exec':
      return runner(request.tx).exec(request.sql);
    case 'begin': {
      const id = nextId++;
      // Answers once BEGIN has run; the callback then waits for the main thread's 'end'.
      return new Promise((began, failedToBegin) => {
        let started = false;
        database
          .transaction(async (tx) => {
            started = true;
            /** @type {boolean} */
            const commit = await new Promise((end) => {
              transactions.set(id, { tx, end });
              began(id);
            });
            if (!commit) throw ROLL_BACK;
          })
          .then(
            () => settle(id, undefined),
            (error) => {
              if (!started) failedToBegin(error);
              else settle(id, error === ROLL_BACK ? undefined : error);
            },
          );
      });
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`no open transaction ${request.tx}`);
      const done = new Promise((resolve, reject) =>
        ended.set(request.tx, { resolve: () => resolve(undefined), reject }),
      );
      open.end(request.commit);
      return done;
    }
    case 'listen': {
      const { listener } = request;
      const unsubscribe = await database.listen(request.channel, (payload) => notify({ listener, payload }));
      listeners.set(listener, unsubscribe);
      return null;
    }
    case 'unlisten': {
      const unsubscribe = listeners.get(request.listener);
      listeners.delete(request.listener);
      if (unsubscribe && !database.closed) await unsubscribe();
      return null;
    }
    case 'close':
      if (!database.closed) await database.close();
      return null;
  }
}

/**
 * This thread's heap holds PGlite's own objects (~11 MB) and each answer until it is copied to
 * the main thread. Under load the answers that lived through two young collections piled up in
 * the old generation until V8's limit (~8 MB more, ~10 MB of RSS at the bench's peak). A full
 * collection of this small heap takes a few ms of this thread; run when the heap has grown by
 * COLLECT_AFTER_GROWTH since the last, checked every CHECK_EVERY answers. `gc` is there when the
 * process runs with `--expose-gc` (package.json's `start`); without it nothing is collected here.
 */
const collect = /** @type {(() => void) | undefined} */ (globalThis.gc);
const CHECK_EVERY = 64;
const COLLECT_AFTER_GROWTH = 8 * 1024 * 1024;
let answered = 0;
let usedAfterCollection = 0;

function collectWhenGrown() {
  if (!collect || ++answered % CHECK_EVERY !== 0) return;
  if (v8.getHeapStatistics().used_heap_size - usedAfterCollection < COLLECT_AFTER_GROWTH) return;
  collect();
  usedAfterCollection = v8.getHeapStatistics().used_heap_size;
}

try {
  database = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    parsers: Object.fromEntries(usualTextTypes.map((type) => [type, keepText])),
    startParams: [...PGlite.defaultStartParams, ...options.settings.flatMap((setting) => ['-c', setting])],
  });
  port.on('message', (/** @type {ThreadRequest} */ request) => {
    handle(request).then(
      (result) => {
        reply(request.id, { ok: true, result });
        if (request.op === 'close') port.close();
        else collectWhenGrown();
      },
      (error) => reply(request.id, { ok: false, error: describe(error) }),
    );
  });
  send({ kind: 'ready' });
} catch (error) {
  // Said, then the thread ends of itself (its port closed, nothing left to run).
  send({ kind: 'failed', error: describe(error) });
  port.close();
}
