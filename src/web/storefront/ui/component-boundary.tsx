import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary, useBoundaryRetry } from '#web/app/error-boundary.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';

function ComponentAlert() {
  return <InlineError title="Component failed to load" onRetry={useBoundaryRetry()} />;
}

/**
 * docs/product.md#error-screens component-level error: a widget that fails (while rendering, or a query with
 * `throwOnError`) becomes a red alert with 'Retry' while the rest of the page keeps working.
 * Retry lets the widget's failed queries fetch again and renders it anew.
 */
export function ComponentBoundary({ children }: { children: ReactNode }) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <ErrorBoundary onReset={reset} fallback={<ComponentAlert />}>
      {children}
    </ErrorBoundary>
  );
}
