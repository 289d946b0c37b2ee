import type { ReactNode } from 'react';

/** "Discount (SUMMER10)", or "Discount" when the code is not known. */
export function discountLabel(code: string | null | undefined): string {
  return code ? `Discount (${code})` : 'Discount';
}

/** One label/amount pair of a totals list: checkout's summary, the confirmation and the order history. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between">
      <dt className="text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
