import { toast } from '#web/lib/toast.ts';
import { categorizeError, describeError, ERROR_RESPONSES, isBenignError } from './categorize.ts';
import { recordError } from './error-log.ts';
import type { ErrorReport } from './error-report.ts';

/**
 * The lazy part of the global error handler: records the error in the local log and shows the toast
 * of its category (docs/product.md#global-error-handler). One toast per category at a time (its
 * id), so a burst of failing requests does not bury the page under identical toasts.
 */
export function handleError({ error, source, notify }: ErrorReport): void {
  try {
    const benign = isBenignError(error);
    const category = categorizeError(error);
    const { severity, toast: message } = ERROR_RESPONSES[category];
    recordError({
      level: benign || severity === 'low' ? 'warning' : 'error',
      category,
      severity,
      source,
      ...describeError(error),
    });
    if (notify && !benign && message) toast({ ...message, id: `error-${category}` });
  } catch {
    // Reporting must never throw: its own error would come straight back here.
  }
}
