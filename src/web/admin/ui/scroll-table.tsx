import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The region is focusable so keyboard users can
 * scroll it too (WCAG "scrollable region focusable"), and positioned so screen-reader-only text
 * inside stays within it instead of widening the page.
 */
export function ScrollTable({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className={`relative overflow-x-auto focus-visible:outline-2 ${className}`}
    >
      {children}
    </section>
  );
}

export interface Column {
  label: string;
  align?: 'right';
  /** Read by screen readers only (an actions column). */
  hidden?: boolean;
}

/** The header row of an admin table: small caps labels, one column header per entry. */
export function TableHead({ columns }: { columns: ReadonlyArray<string | Column> }) {
  return (
    <thead className="text-xs tracking-wide text-muted uppercase">
      <tr>
        {columns.map((entry) => {
          const column = typeof entry === 'string' ? { label: entry } : entry;
          return (
            <th
              key={column.label}
              scope="col"
              className={`px-5 py-3 font-medium ${column.align === 'right' ? 'text-right' : ''}`}
            >
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
