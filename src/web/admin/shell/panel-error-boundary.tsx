import type { ReactNode } from 'react';
import { ErrorBoundary, useBoundaryRetry } from '#web/app/error-boundary.tsx';

/**
 * A component-level error boundary for the admin: a panel that fails while rendering
 * (the routed page, the rich-text editor) shows a calm message with "Try again" in its own place,
 * and everything around it (the sidebar, the header, the rest of the form) stays. "Try again"
 * renders the panel anew (a fresh mount); `resetKey` does the same when it changes, so leaving a
 * failed page by the sidebar shows the next page, not the old message. The error is recorded
 * like every boundary's (#web/errors/global-handler.ts).
 */
export function PanelErrorBoundary({
  children,
  what,
  resetKey,
}: {
  children: ReactNode;
  /** What failed, in the message: "This page", "The editor". */
  what: string;
  resetKey?: unknown;
}) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={<PanelError what={what} />}>
      {children}
    </ErrorBoundary>
  );
}

function PanelError({ what }: { what: string }) {
  const retry = useBoundaryRetry();
  return (
    <div role="alert" className="rounded-xl border border-line bg-surface px-4 py-8 text-center">
      <p className="font-semibold text-strong">{what} could not be shown.</p>
      <p className="mt-1 text-sm text-muted">Nothing you saved is lost. Try again, or go to another page.</p>
      <button type="button" className="btn-secondary mt-4" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
