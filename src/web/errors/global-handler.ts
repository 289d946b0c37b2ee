/**
 * The eager part of the global error handler (docs/product.md#global-error-handler): the window
 * listeners and a queue. It stays a few hundred bytes because the storefront's first load has no
 * room to spare; the code that categorises, logs and shows toasts (handle-error.ts) is downloaded
 * on the first error, or once the page is idle (the toaster host warms it) so it is there when the
 * connection drops later.
 */

import type { ErrorReport, ErrorSource } from './error-report.ts';

type Handler = (report: ErrorReport) => void;

let handler: Handler | undefined;
const queue: ErrorReport[] = [];

/**
 * Downloads the handler and hands it the errors that arrived meanwhile. Calling it again is
 * cheap (the browser loads a module once); after a failure (offline before it was cached) the
 * next error tries again. The failure is caught: left unhandled, it would come straight back here.
 */
export function loadErrorHandler(): Promise<void> {
  return import('./handle-error.ts').then(
    (module) => {
      handler = module.handleError;
      for (const report of queue.splice(0)) handler(report);
    },
    () => {},
  );
}

/** Logs an error locally and, when `notify`, shows the toast of its category. */
export function captureError(error: unknown, source: ErrorSource = 'manual', notify = true): void {
  const report = { error, source, notify };
  if (handler) {
    handler(report);
    return;
  }
  // Bounded like the log itself, in case the handler can never be downloaded.
  if (queue.length < 100) queue.push(report);
  void loadErrorHandler();
}

/** Sends uncaught errors and unhandled promise rejections to `captureError`. */
export function installGlobalErrorHandler(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('error', (event) => captureError(event.error ?? event.message, 'error'));
  target.addEventListener('unhandledrejection', (event) => captureError(event.reason, 'unhandledrejection'));
}
