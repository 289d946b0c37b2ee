import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ANALYTICS_DEFINITIONS } from '#shared/contracts/analytics.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { money } from '../ui/format.ts';
import {
  type AnalyticsDays,
  dashboardQuery,
  daysFrom,
  orderAnalyticsQuery,
  overviewQuery,
  PERIOD_LABELS,
  productAnalyticsQuery,
} from './analytics-api.ts';
import { rangeLabel } from './analytics-format.ts';
import { Definitions, Loaded, Panel, PeriodSwitcher } from './analytics-kit.tsx';
import {
  CustomersPanel,
  LowStock,
  OrdersPanel,
  PromoPanel,
  StockPanel,
  TopCategories,
  TopProducts,
} from './analytics-panels.tsx';
import { DemoHistoryNote } from './demo-history-note.tsx';
import { KpiCards } from './kpi-cards.tsx';
import { RevenueChart } from './revenue-chart.tsx';

/**
 * `/admin/analytics` (docs/product.md#analytics-and-reports): how the shop is doing over the last
 * 7, 30 or 90 days or 12 months (`?days=`, in the URL so a view can be shared and reloaded). Four
 * answers feed it: the dashboard (figures, the revenue line, top products, low stock), the
 * overview (customers, promo codes), the orders (statuses, rates) and the products (categories,
 * stock). Each part shows as soon as its own answer is in. Loaded on demand with its charts
 * (admin-app.tsx), so recharts never reaches the storefront or the rest of the panel.
 */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const days = daysFrom(params.get('days'));
  const periodLabel = PERIOD_LABELS[days];
  const dashboard = useQuery(dashboardQuery(days));
  const overview = useQuery(overviewQuery(days));
  const orders = useQuery(orderAnalyticsQuery(days));
  const products = useQuery(productAnalyticsQuery(days));
  const choose = (next: AnalyticsDays) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('days', String(next));
        return updated;
      },
      { preventScrollReset: true },
    );

  return (
    <>
      <AdminPageHeader
        title="Analytics"
        description={
          dashboard.data ? (
            <>
              {rangeLabel(dashboard.data.date_from, dashboard.data.date_to)}, in the shop’s time zone (
              {dashboard.data.time_zone}).
            </>
          ) : (
            `The last ${periodLabel}.`
          )
        }
        actions={
          <Link to="/admin/reports" className="btn-secondary">
            Reports
          </Link>
        }
      />
      {/* Uncontrolled radios, so a tap shows at once (the URL follows in a transition); drawn again when the URL changes (back, forward). */}
      <PeriodSwitcher key={days} days={days} onChange={choose} />
      <DemoHistoryNote />
      <Definitions />

      <Loaded query={dashboard} what="the figures" skeleton="h-32">
        {(data) => <KpiCards overview={data.overview} periodLabel={periodLabel} />}
      </Loaded>

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Panel
          title="Revenue"
          description={ANALYTICS_DEFINITIONS.revenue}
          className="lg:col-span-3"
          aside={dashboard.data && `${money(dashboard.data.overview.total_revenue)} in total`}
        >
          <Loaded query={dashboard} what="the revenue" skeleton="h-64">
            {(data) => <RevenueChart trends={data.sales_trends} monthly={days === 365} periodLabel={periodLabel} />}
          </Loaded>
        </Panel>
        <Panel title="Orders by status" className="lg:col-span-2">
          <Loaded query={orders} what="the orders" skeleton="h-64">
            {(data) => <OrdersPanel orders={data} periodLabel={periodLabel} />}
          </Loaded>
        </Panel>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title="Top products" description={ANALYTICS_DEFINITIONS.productRevenue}>
          <Loaded query={dashboard} what="the top products" skeleton="h-64">
            {(data) => <TopProducts data={data} />}
          </Loaded>
        </Panel>
        <Panel title="Top categories" description={`By product revenue; growth on the previous ${periodLabel}.`}>
          <Loaded query={products} what="the categories" skeleton="h-64">
            {(data) => <TopCategories data={data} periodLabel={periodLabel} />}
          </Loaded>
        </Panel>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title="Customers" description={ANALYTICS_DEFINITIONS.newCustomers}>
          <Loaded query={overview} what="the customers" skeleton="h-48">
            {(data) => <CustomersPanel overview={data} periodLabel={periodLabel} />}
          </Loaded>
        </Panel>
        <Panel title="Promo codes" description="Orders not cancelled that used a code.">
          <Loaded query={overview} what="the promo codes" skeleton="h-48">
            {(data) => <PromoPanel overview={data} />}
          </Loaded>
        </Panel>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel
          title="Low stock"
          description="Variants at or under their low-stock threshold."
          aside={
            <Link
              to="/admin/products?stock=low&status=active"
              className="font-medium text-accent underline-offset-4 hover:underline"
            >
              View all
            </Link>
          }
        >
          <Loaded query={dashboard} what="the low stock" skeleton="h-48">
            {(data) => <LowStock data={data} />}
          </Loaded>
        </Panel>
        <Panel title="Stock" description={ANALYTICS_DEFINITIONS.stockValue}>
          <Loaded query={products} what="the stock" skeleton="h-48">
            {(data) => <StockPanel data={data} />}
          </Loaded>
        </Panel>
      </div>
    </>
  );
}
