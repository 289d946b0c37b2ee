import type { ReactNode } from 'react';

/**
 * One figure in a strip of totals (a customer's orders, a promo code's uses): a small card with
 * the label over the number. `small` for a value that is words rather than a figure (a date).
 */
export function StatTile({
  label,
  value,
  hint,
  small,
  className = '',
}: {
  label: string;
  value: ReactNode;
  /** A line under the value ("12 uses"). */
  hint?: ReactNode;
  small?: boolean;
  className?: string;
}) {
  return (
    <div className={`card min-w-0 p-4 ${className}`}>
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className={`mt-1 font-semibold break-words text-strong tabular-nums ${small ? 'text-base' : 'text-2xl'}`}>
        {value}
      </p>
      {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
    </div>
  );
}
