/**
 * What the global error handler passes around. Apart from global-handler.ts, which the
 * lazily loaded handler (handle-error.ts) and the log (error-log.ts) would otherwise import back.
 */

/** Where an error came from: the two window events, an error boundary, or a direct call. */
export type ErrorSource = 'error' | 'unhandledrejection' | 'boundary' | 'manual';

export interface ErrorReport {
  error: unknown;
  source: ErrorSource;
  /** False when the page already shows the failure (an error boundary): logged, no toast. */
  notify: boolean;
}
