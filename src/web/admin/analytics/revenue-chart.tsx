import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDashboard } from '#shared/contracts/analytics.ts';
import { money } from '../ui/format.ts';
import { compactMoney, count, dayLabel, monthLabel } from './analytics-format.ts';
import { CHART, ChartFigure } from './chart-figure.tsx';

interface Point {
  key: string;
  label: string;
  revenue: number;
  orders: number;
}

/** The points of the line: one per day, or one per month for a year (365 days). */
export function revenuePoints(trends: AnalyticsDashboard['sales_trends'], monthly: boolean): Point[] {
  return monthly
    ? trends.monthly_sales.map((row) => ({ key: row.month, label: monthLabel(row.month), ...row }))
    : trends.daily_sales.map((row) => ({ key: row.date, label: dayLabel(row.date), ...row }));
}

function summaryOf(points: readonly Point[], monthly: boolean, periodLabel: string): string {
  const total = points.reduce((sum, point) => sum + Math.round(point.revenue * 100), 0) / 100;
  const orders = points.reduce((sum, point) => sum + point.orders, 0);
  if (orders === 0 && total === 0) return `Revenue over the last ${periodLabel}: no sales yet.`;
  const best = points.reduce<Point | undefined>(
    (top, point) => (!top || point.revenue > top.revenue ? point : top),
    undefined,
  );
  return `Revenue over the last ${periodLabel}: ${money(total)} from ${count(orders)} orders; the best ${monthly ? 'month' : 'day'} was ${best?.label} with ${money(best?.revenue ?? 0)}.`;
}

/**
 * Revenue as a line over the period (`sales_trends`), days on the axis (months for a year). The
 * axis shows short amounts, the tooltip and the table the exact ones.
 */
export function RevenueChart({
  trends,
  monthly,
  periodLabel,
}: {
  trends: AnalyticsDashboard['sales_trends'];
  monthly: boolean;
  periodLabel: string;
}) {
  const points = revenuePoints(trends, monthly);
  return (
    <ChartFigure
      summary={summaryOf(points, monthly, periodLabel)}
      columns={[
        { label: monthly ? 'Month' : 'Day' },
        { label: 'Revenue', align: 'right' },
        { label: 'Orders', align: 'right' },
      ]}
      rows={points.map((point) => ({
        key: point.key,
        cells: [point.label, money(point.revenue), count(point.orders)],
      }))}
    >
      <LineChart
        responsive
        accessibilityLayer={false}
        data={points}
        style={{ width: '100%', height: 260 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={CHART.grid} vertical={false} />
        <XAxis
          dataKey="label"
          tick={CHART.tick}
          stroke={CHART.axis}
          tickLine={false}
          minTickGap={24}
          interval="preserveStartEnd"
        />
        <YAxis
          tick={CHART.tick}
          stroke={CHART.axis}
          tickLine={false}
          axisLine={false}
          width={56}
          tickFormatter={(value: number) => compactMoney(value)}
        />
        <Tooltip
          {...CHART.tooltip}
          formatter={(value, name) =>
            name === 'revenue' ? [money(Number(value)), 'Revenue'] : [count(Number(value)), 'Orders']
          }
        />
        <Line
          type="monotone"
          dataKey="revenue"
          name="revenue"
          stroke={CHART.line}
          strokeWidth={2}
          dot={points.length <= 31 ? { r: 2.5, fill: CHART.line, strokeWidth: 0 } : false}
          activeDot={{ r: 4 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFigure>
  );
}
