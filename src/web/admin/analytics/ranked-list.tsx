import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RankedItem {
  key: string;
  name: string;
  /** Where the name links (the product's editor), if anywhere. */
  to?: string;
  value: number;
  /** The value as shown ("$1,234.00"). */
  valueLabel: string;
  /** A muted line under the name ("12 sold"). */
  detail?: ReactNode;
}

/**
 * A top-ten as a numbered list with a bar under each row, its length the row's share of the
 * first. The list is the text itself (name, amount, detail), so it needs no table beside it; the
 * bars are decoration.
 */
export function RankedList({ items, label, empty }: { items: readonly RankedItem[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted">{empty}</p>;
  const top = Math.max(...items.map((item) => item.value), 0);
  return (
    <ol aria-label={label} className="space-y-3">
      {items.map((item, index) => (
        <li key={item.key} className="min-w-0">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="mr-1.5 text-muted tabular-nums">{index + 1}.</span>
              {item.to ? (
                <Link to={item.to} className="font-medium text-strong underline-offset-4 hover:underline">
                  {item.name}
                </Link>
              ) : (
                <span className="font-medium text-strong">{item.name}</span>
              )}
            </span>
            <span className="shrink-0 font-medium text-strong tabular-nums">{item.valueLabel}</span>
          </div>
          {item.detail && <div className="mt-0.5 text-xs text-muted">{item.detail}</div>}
          <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-subtle">
            <div
              className="h-full rounded-full bg-accent-solid"
              style={{ width: `${top > 0 ? Math.max(2, (item.value / top) * 100) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
