import type { ReactNode } from 'react';

/**
 * A list's placeholder while its first page loads: the card with grey bars where rows will be.
 * `animate-pulse` is what the E2E axe scan waits to disappear.
 */
export function ListSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="card animate-pulse divide-y divide-line">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have no identity.
        <div key={index} className="flex items-center gap-4 px-5 py-4">
          <div className="h-4 w-1/3 rounded bg-subtle" />
          <div className="h-4 flex-1 rounded bg-subtle" />
          <div className="h-4 w-16 rounded bg-subtle" />
        </div>
      ))}
    </div>
  );
}

export interface EmptyText {
  /** Nothing exists yet: "No products yet." */
  title: string;
  hint?: string;
  /** Offered only when nothing exists yet (not when filters hide everything): "New product". */
  action?: ReactNode;
  /** Filters hide everything; default "No <plural> match these filters." */
  filteredTitle?: string;
  /** Default "Try another search or clear the filters." */
  filteredHint?: string;
}

/** The empty list: "no match" when the admin narrowed it, "none yet" with a way to add one otherwise. */
export function ListEmpty({ filtered, plural, text }: { filtered: boolean; plural: string; text: EmptyText }) {
  const title = filtered ? (text.filteredTitle ?? `No ${plural} match these filters.`) : text.title;
  const hint = filtered ? (text.filteredHint ?? 'Try another search or clear the filters.') : text.hint;
  return (
    <div className="card px-5 py-12 text-center">
      <p className="font-medium text-strong">{title}</p>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      {!filtered && text.action && <div className="mt-5 flex justify-center">{text.action}</div>}
    </div>
  );
}
