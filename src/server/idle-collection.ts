import type { Server } from 'node:http';

/** How long without a new request counts as idle. */
export const IDLE_AFTER_MS = 2_000;
/** Heap grown at least this much since the last collection: worth a full one. */
export const GROWTH_WORTH_COLLECTING = 16 * 1024 * 1024;

/**
 * One full garbage collection each time the server falls idle after work that grew the heap
 * (docs/architecture.md "Memory", issue 32). V8 collects its old generation only when that grows
 * past a limit, and its memory reducer, which should shrink an idle heap, stays asleep after the
 * start: the catalogue load and the first pages drawn left ~40 MB of garbage in the heap of an
 * idle 10,000-product shop, for good. A collection of that heap takes ~50-100 ms of one core,
 * spent only when no request has arrived for IDLE_AFTER_MS; a request arriving during it waits.
 * `collect` is V8's `gc` (`--expose-gc`, set by package.json's `start`); without it this does
 * nothing. `workDone` restarts the countdown for work that is not a request (the catalogue load).
 */
export function collectGarbageWhenIdle(
  server: Server,
  collect: (() => void) | undefined,
  heapUsed: () => number = () => process.memoryUsage().heapUsed,
): { workDone: () => void; stop: () => void } {
  if (!collect) return { workDone: () => {}, stop: () => {} };
  let usedAfterLastCollection = 0;
  const timer = setTimeout(() => {
    if (heapUsed() - usedAfterLastCollection < GROWTH_WORTH_COLLECTING) return;
    // The first frees the garbage; the heap gives its emptied pages back to the system only at
    // the next (measured: one left the committed heap at 148 MB, two took it to 114 MB).
    collect();
    collect();
    usedAfterLastCollection = heapUsed();
  }, IDLE_AFTER_MS);
  // Never keeps the process alive; the start itself (the catalogue load) counts as work.
  timer.unref();
  // A request (re)starts the countdown: the collection runs once the requests stop.
  const onRequest = () => timer.refresh();
  server.on('request', onRequest);
  return {
    workDone: onRequest,
    stop: () => {
      clearTimeout(timer);
      server.off('request', onRequest);
    },
  };
}
