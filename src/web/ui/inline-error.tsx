/** A failed query inside a page: what failed and a Retry button. */
export function InlineError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">Check your connection and try again.</p>
      </div>
      <button type="button" onClick={onRetry} className="btn-secondary shrink-0">
        Retry
      </button>
    </div>
  );
}
