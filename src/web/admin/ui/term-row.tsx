import type { ReactNode } from 'react';

/** [row, label, value] classes of each look. */
const LOOKS = {
  /** Words that may be long (an email, a product's name): at the end, wrapped anywhere. */
  text: ['flex justify-between gap-4', 'text-muted', 'min-w-0 text-right [overflow-wrap:anywhere]'],
  /** An amount: on one line in tabular figures; the label wraps instead. */
  figure: ['flex justify-between gap-4', 'min-w-0 break-words text-muted', 'shrink-0 whitespace-nowrap tabular-nums'],
  /** The total under the amounts: a rule above, larger and bold. */
  total: [
    'flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold text-strong',
    '',
    'tabular-nums',
  ],
} as const;

/**
 * One label and value of a `<dl>`, the label at the start and the value at the end: a review's
 * facts, a promo code's summary, an order's totals.
 */
export function TermRow({
  label,
  look = 'text',
  children,
}: {
  label: ReactNode;
  look?: keyof typeof LOOKS;
  children: ReactNode;
}) {
  const [row, term, value] = LOOKS[look];
  return (
    <div className={row}>
      <dt className={term || undefined}>{label}</dt>
      <dd className={value}>{children}</dd>
    </div>
  );
}
