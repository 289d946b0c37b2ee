import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import type { OrderAnalytics } from '#shared/contracts/analytics.ts';
import { ORDER_STATUSES } from '#shared/contracts/orders.ts';
import { count, percent } from './analytics-format.ts';
import { CHART, ChartFigure } from './chart-figure.tsx';

/** The orders of the period by status, in the order an order goes through them. */
export function statusRows(byStatus: OrderAnalytics['by_status']) {
  return ORDER_STATUSES.map((status) => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    orders: byStatus[status] ?? 0,
  }));
}

/**
 * Orders by status as horizontal bars (the status names stay readable at 390 px), each bar with
 * its count written at its end, so the colour carries nothing the words do not.
 */
export function StatusChart({ orders, periodLabel }: { orders: OrderAnalytics; periodLabel: string }) {
  const rows = statusRows(orders.by_status);
  const total = rows.reduce((sum, row) => sum + row.orders, 0);
  const share = (value: number) => (total > 0 ? percent((value / total) * 100) : '—');
  const summary =
    total === 0
      ? `No orders in the last ${periodLabel}.`
      : `Orders by status over the last ${periodLabel}: ${rows.map((row) => `${row.label} ${count(row.orders)}`).join(', ')}.`;
  return (
    <ChartFigure
      summary={summary}
      columns={[{ label: 'Status' }, { label: 'Orders', align: 'right' }, { label: 'Share', align: 'right' }]}
      rows={rows.map((row) => ({ key: row.status, cells: [row.label, count(row.orders), share(row.orders)] }))}
    >
      <BarChart
        responsive
        accessibilityLayer={false}
        layout="vertical"
        data={rows}
        style={{ width: '100%', height: 240 }}
        margin={{ top: 0, right: 40, bottom: 0, left: 0 }}
        barCategoryGap="22%"
      >
        <CartesianGrid stroke={CHART.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={CHART.tick} stroke={CHART.axis} tickLine={false} />
        <YAxis type="category" dataKey="label" tick={CHART.tick} stroke={CHART.axis} tickLine={false} width={84} />
        <Tooltip {...CHART.tooltip} formatter={(value) => [count(Number(value)), 'Orders']} />
        <Bar dataKey="orders" fill={CHART.bar} radius={[0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList dataKey="orders" position="right" fill="var(--fg)" fontSize={12} />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
