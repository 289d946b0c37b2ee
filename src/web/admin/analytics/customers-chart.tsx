import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import type { AnalyticsOverview } from '#shared/contracts/analytics.ts';
import { count, percent } from './analytics-format.ts';
import { CHART, ChartFigure } from './chart-figure.tsx';

/** New customers in the accent, returning ones in the amber of the theme: both 3:1 on the card in each theme. */
const SLICES = [
  { key: 'new', label: 'New', colour: CHART.bar },
  { key: 'returning', label: 'Returning', colour: CHART.second },
] as const;

/**
 * New against returning customers of the period, as a ring with a legend that names both and
 * gives their numbers and shares (the words carry it; the colours only match the legend).
 */
export function CustomersChart({
  customers,
  periodLabel,
}: {
  customers: AnalyticsOverview['customers'];
  periodLabel: string;
}) {
  const values = { new: customers.new_customers, returning: customers.returning_customers };
  const total = values.new + values.returning;
  const share = (value: number) => (total > 0 ? percent((value / total) * 100) : '—');
  const data = SLICES.map((slice) => ({ ...slice, value: values[slice.key] }));
  const summary =
    total === 0
      ? `No customers ordered in the last ${periodLabel}.`
      : `Customers in the last ${periodLabel}: ${count(values.new)} new (${share(values.new)}) and ${count(values.returning)} returning (${share(values.returning)}).`;
  return (
    <ChartFigure
      summary={summary}
      columns={[{ label: 'Customers' }, { label: 'Count', align: 'right' }, { label: 'Share', align: 'right' }]}
      rows={data.map((slice) => ({ key: slice.key, cells: [slice.label, count(slice.value), share(slice.value)] }))}
    >
      <div className="flex flex-wrap items-center gap-4">
        <PieChart responsive accessibilityLayer={false} style={{ width: 160, height: 160 }}>
          {total > 0 ? (
            <Pie
              // A slice of nothing would still draw its border as a line across the ring.
              data={data.filter((slice) => slice.value > 0)}
              dataKey="value"
              nameKey="label"
              innerRadius="58%"
              outerRadius="100%"
              stroke="var(--surface)"
              strokeWidth={2}
              isAnimationActive={false}
            >
              {data
                .filter((slice) => slice.value > 0)
                .map((slice) => (
                  <Cell key={slice.key} fill={slice.colour} />
                ))}
            </Pie>
          ) : (
            <Pie
              data={[{ label: 'None', value: 1 }]}
              dataKey="value"
              innerRadius="58%"
              outerRadius="100%"
              fill="var(--subtle)"
              stroke="var(--line)"
              isAnimationActive={false}
            />
          )}
          {total > 0 && <Tooltip {...CHART.tooltip} formatter={(value, name) => [count(Number(value)), name]} />}
        </PieChart>
        <ul className="min-w-0 space-y-2 text-sm" aria-hidden="true">
          {data.map((slice) => (
            <li key={slice.key} className="flex items-center gap-2">
              <span className="inline-block size-3 shrink-0 rounded-sm" style={{ background: slice.colour }} />
              <span className="font-medium text-strong">{slice.label}</span>
              <span className="text-muted tabular-nums">
                {count(slice.value)} · {share(slice.value)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </ChartFigure>
  );
}
