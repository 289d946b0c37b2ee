import type { AnalyticsOverviewFigures } from '#shared/contracts/analytics.ts';
import { Icon } from '#web/ui/icons.tsx';
import { money } from '../ui/format.ts';
import { count, growthDirection, growthText } from './analytics-format.ts';

const ARROWS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M5 12l7 7 7-7',
  flat: 'M5 12h14M13 6l6 6-6 6',
} as const;

const TONES = {
  up: 'text-emerald-700 dark:text-emerald-300',
  down: 'text-danger',
  flat: 'text-muted',
  none: 'text-muted',
} as const;

/**
 * A growth figure against the previous period: an arrow, the words ("Up 12.5%") and a colour.
 * Each says it on its own, so neither colour nor the arrow carries it alone.
 */
export function GrowthBadge({
  growth,
  comparedWith,
  inline = false,
}: {
  growth: number | null;
  comparedWith: string;
  /** Inside a line of text (a list row) rather than a line of its own. */
  inline?: boolean;
}) {
  const direction = growthDirection(growth);
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag
      className={`${inline ? 'inline-flex' : 'mt-2 flex'} flex-wrap items-center gap-x-1.5 text-xs ${TONES[direction]}`}
      data-growth={direction}
    >
      {direction !== 'none' && <Icon d={ARROWS[direction]} className="size-3.5 shrink-0" />}
      <span className="font-semibold">{growthText(growth)}</span>
      {/* In a list row the comparison goes without saying for the eye, not for a screen reader. */}
      <span className={inline ? 'sr-only' : 'text-muted'}>
        {direction === 'none' ? `in the previous ${comparedWith}` : `on the previous ${comparedWith}`}
      </span>
    </Tag>
  );
}

function KpiCard({
  label,
  value,
  growth,
  hint,
  comparedWith,
}: {
  label: string;
  value: string;
  growth?: number | null;
  hint?: string;
  comparedWith: string;
}) {
  return (
    <div className="card min-w-0 p-4 sm:p-5">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight break-words text-strong tabular-nums sm:text-3xl">
        {value}
      </dd>
      {growth !== undefined && (
        <dd>
          <GrowthBadge growth={growth} comparedWith={comparedWith} />
        </dd>
      )}
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
    </div>
  );
}

/** The period's headline figures, each against the previous period of the same length. */
export function KpiCards({ overview, periodLabel }: { overview: AnalyticsOverviewFigures; periodLabel: string }) {
  return (
    <section aria-label="Key figures">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <KpiCard
          label="Revenue"
          value={money(overview.total_revenue)}
          growth={overview.revenue_growth}
          comparedWith={periodLabel}
        />
        <KpiCard
          label="Orders"
          value={count(overview.total_orders)}
          growth={overview.order_growth}
          comparedWith={periodLabel}
        />
        <KpiCard
          label="Customers"
          value={count(overview.total_customers)}
          growth={overview.customer_growth}
          hint="Growth of new customers"
          comparedWith={periodLabel}
        />
        <KpiCard
          label="Average order"
          value={money(overview.average_order_value)}
          hint={`Paid revenue ${money(overview.paid_revenue)}`}
          comparedWith={periodLabel}
        />
      </dl>
    </section>
  );
}
