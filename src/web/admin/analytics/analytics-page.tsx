import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ANALYTICS_DAY_CHOICES,
  ANALYTICS_DEFINITIONS,
  ANALYTICS_TOP_LIMIT,
  type AnalyticsDashboard,
  type AnalyticsOverview,
  ORDER_SOURCES,
  type OrderAnalytics,
  type ProductAnalytics,
} from '#shared/contracts/analytics.ts';
import { demoDataQuery } from '#web/admin/shared/demo-data-query.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { money } from '../ui/format.ts';
import { RecordLink } from '../ui/record-link.tsx';
import {
  type AnalyticsDays,
  dashboardQuery,
  daysFrom,
  orderAnalyticsQuery,
  overviewQuery,
  PERIOD_LABELS,
  productAnalyticsQuery,
} from './analytics-api.ts';
import { count, dayLabel, durationLabel, percent, rangeLabel } from './analytics-format.ts';
import { CustomersChart } from './customers-chart.tsx';
import { GrowthBadge, KpiCards } from './kpi-cards.tsx';
import { RankedList } from './ranked-list.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { StatusChart } from './status-chart.tsx';

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

/** 7 days, 30 days, 90 days, 12 months: radio buttons drawn as one segmented control. */
function PeriodSwitcher({ days, onChange }: { days: AnalyticsDays; onChange: (days: AnalyticsDays) => void }) {
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">Period</legend>
      <div className="inline-flex max-w-full flex-wrap rounded-xl border border-line-strong bg-surface p-1">
        {ANALYTICS_DAY_CHOICES.map((choice) => (
          <label
            key={choice}
            className="relative cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium text-muted has-checked:bg-accent-solid has-checked:text-on-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent hover:text-fg has-checked:hover:text-on-accent"
          >
            {/* The real radio covers its label, unseen: a tap anywhere on it is a tap on the radio. */}
            <input
              type="radio"
              name="analytics-period"
              value={choice}
              defaultChecked={days === choice}
              onChange={() => onChange(choice)}
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
            />
            {PERIOD_LABELS[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The definitions behind every figure (the contract's words), folded under the switcher. */
function Definitions() {
  return (
    <details className="mb-6 text-sm">
      <summary className="cursor-pointer font-medium text-accent">How these figures are counted</summary>
      <ul className="mt-2 max-w-3xl list-disc space-y-1 pl-5 text-muted">
        {Object.entries(ANALYTICS_DEFINITIONS).map(([key, text]) => (
          <li key={key}>{text}</li>
        ))}
      </ul>
    </details>
  );
}

/** A card with a heading (an `h2` naming the region), an optional line under it and a corner for a total or a link. */
function Panel({
  title,
  description,
  aside,
  className = '',
  children,
}: {
  title: string;
  description?: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`card min-w-0 p-4 sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-base font-semibold text-strong">
          {title}
        </h2>
        {aside && <div className="text-sm text-muted tabular-nums">{aside}</div>}
      </div>
      {description && <p className="-mt-2 mb-3 text-xs text-muted">{description}</p>}
      {children}
    </section>
  );
}

/** One answer's part of the page: grey while it loads, its own error with Retry, else `children(data)`. */
function Loaded<T>({
  query,
  what,
  skeleton,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  /** The placeholder's height (a Tailwind class), close to what it stands for. */
  skeleton: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${what}`} className={`bone animate-pulse rounded-2xl ${skeleton}`} />
    );
  }
  if (query.isError) return <InlineError title={`Could not load ${what}`} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Labelled figures in a grid: small ones under a chart, `large` ones as a panel's headline (a card's own tiles would nest cards). */
function Figures({
  items,
  large = false,
  className = 'mt-4 grid-cols-2',
}: {
  items: ReadonlyArray<readonly [string, ReactNode]>;
  large?: boolean;
  className?: string;
}) {
  return (
    <dl className={`grid gap-x-4 gap-y-3 text-sm ${className}`}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted">{label}</dt>
          <dd
            className={`font-semibold break-words text-strong tabular-nums ${large ? 'mt-0.5 text-xl font-bold tracking-tight' : ''}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const SOURCE_LABELS: Record<(typeof ORDER_SOURCES)[number], string> = {
  checkout: 'Checkout',
  admin: 'Entered by staff',
  quotation: 'From quotations',
};

function OrdersPanel({ orders, periodLabel }: { orders: OrderAnalytics; periodLabel: string }) {
  const sources = ORDER_SOURCES.filter((source) => source !== 'quotation' || (orders.by_source[source] ?? 0) > 0);
  return (
    <>
      <StatusChart orders={orders} periodLabel={periodLabel} />
      <Figures
        items={[
          ['Cancelled', percent(orders.cancellation_rate)],
          ['Refunded', `${percent(orders.refund_rate)} · ${money(orders.refunded_amount)}`],
          ['Placed to delivered', durationLabel(orders.average_hours_to_delivery)],
          ...sources.map((source) => [SOURCE_LABELS[source], count(orders.by_source[source] ?? 0)] as const),
        ]}
      />
    </>
  );
}

function TopProducts({ data }: { data: AnalyticsDashboard }) {
  return (
    <RankedList
      label="Top products by revenue"
      empty="No sales in this period."
      items={data.top_performers.top_products.map((product, index) => ({
        key: product.product_id ?? `${product.product_name}-${index}`,
        name: product.product_name,
        to: product.product_id ? `/admin/products/${product.product_id}` : undefined,
        value: product.revenue,
        valueLabel: money(product.revenue),
        detail: `${count(product.quantity_sold)} sold`,
      }))}
    />
  );
}

function TopCategories({ data, periodLabel }: { data: ProductAnalytics; periodLabel: string }) {
  return (
    <RankedList
      label="Top categories by revenue"
      empty="No sales in this period."
      items={data.categories.slice(0, ANALYTICS_TOP_LIMIT).map((category) => ({
        key: category.category_id ?? category.category,
        name: category.category,
        value: category.revenue,
        valueLabel: money(category.revenue),
        detail: (
          <span className="flex flex-wrap items-center gap-x-3">
            <span>
              {count(category.quantity_sold)} sold · {count(category.order_count)}{' '}
              {category.order_count === 1 ? 'order line' : 'order lines'}
            </span>
            <GrowthBadge growth={category.revenue_growth} comparedWith={periodLabel} inline />
          </span>
        ),
      }))}
    />
  );
}

function CustomersPanel({ overview, periodLabel }: { overview: AnalyticsOverview; periodLabel: string }) {
  return (
    <>
      <CustomersChart customers={overview.customers} periodLabel={periodLabel} />
      <Figures
        items={[
          ['Customers who ordered', count(overview.overview.total_customers)],
          ['Repeat rate', percent(overview.customers.repeat_rate)],
        ]}
      />
      <p className="mt-2 text-xs text-muted">{ANALYTICS_DEFINITIONS.repeatRate}</p>
    </>
  );
}

type TopCode = AnalyticsOverview['promo_codes']['top_codes'][number];

const CODE_COLUMNS: ReadonlyArray<ListColumn<TopCode>> = [
  { header: 'Code', card: 'title', className: 'font-mono font-medium text-strong', cell: (code) => code.code },
  { header: 'Uses', card: 'line', align: 'right', className: 'tabular-nums', cell: (code) => count(code.uses) },
  {
    header: 'Discount',
    card: 'line',
    align: 'right',
    className: 'tabular-nums',
    cell: (code) => money(code.discount_given),
  },
  {
    header: 'Revenue',
    card: 'aside',
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (code) => money(code.revenue),
  },
];

function PromoPanel({ overview }: { overview: AnalyticsOverview }) {
  const promo = overview.promo_codes;
  return (
    <>
      <Figures
        large
        className="grid-cols-2 sm:grid-cols-3"
        items={[
          ['Uses', count(promo.uses)],
          ['Discount given', money(promo.discount_given)],
          ['Revenue with a code', money(promo.revenue_with_code)],
        ]}
      />
      {promo.top_codes.length > 0 ? (
        <div className="-mx-4 mt-4 border-t border-line sm:-mx-5">
          <DataList
            label="Most used codes"
            rows={promo.top_codes}
            columns={CODE_COLUMNS}
            rowKey={(code) => code.code}
          />
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">No code was used in this period.</p>
      )}
    </>
  );
}

type LowStockRow = AnalyticsDashboard['recent_activity']['low_stock_products'][number];

const LOW_STOCK_COLUMNS: ReadonlyArray<ListColumn<LowStockRow>> = [
  {
    header: 'Product',
    card: 'title',
    cell: (row) => (
      <>
        <RecordLink to={`/admin/products/${row.product_id}`}>
          {row.variant_label ? `${row.product_name} (${row.variant_label})` : row.product_name}
        </RecordLink>
        {row.sku && <span className="block font-mono text-xs text-muted">{row.sku}</span>}
      </>
    ),
  },
  {
    header: 'In stock',
    card: 'aside',
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (row) => (
      <span className={row.stock_quantity === 0 ? 'font-semibold text-danger' : 'font-semibold text-warning'}>
        {row.stock_quantity === 0 ? 'Out' : count(row.stock_quantity)}
      </span>
    ),
    // On a card the figure stands alone beside the name: say what it counts.
    cardCell: (row) => (
      <span className={row.stock_quantity === 0 ? 'font-semibold text-danger' : 'font-semibold text-warning'}>
        {row.stock_quantity === 0 ? 'Out of stock' : `${count(row.stock_quantity)} left`}
      </span>
    ),
  },
  {
    header: 'Threshold',
    card: 'line',
    align: 'right',
    className: 'tabular-nums text-muted',
    cell: (row) => count(row.low_stock_threshold),
  },
];

function LowStock({ data }: { data: AnalyticsDashboard }) {
  const rows = data.recent_activity.low_stock_products;
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted">Nothing is running low.</p>;
  return (
    <div className="-mx-4 -mb-4 border-t border-line sm:-mx-5 sm:-mb-5">
      <DataList label="Low stock variants" rows={rows} columns={LOW_STOCK_COLUMNS} rowKey={(row) => row.variant_id} />
    </div>
  );
}

function StockPanel({ data }: { data: ProductAnalytics }) {
  const { stock_value: stock } = data;
  return (
    <>
      <Figures
        large
        className="grid-cols-2"
        items={[
          ['Stock value at cost', money(stock.value)],
          ['At selling price', money(stock.retail_value)],
        ]}
      />
      <p className="mt-1 text-xs text-muted">
        {stock.variants_without_cost > 0
          ? `${count(stock.variants_with_cost)} variants with a cost; ${count(stock.variants_without_cost)} without one are left out.`
          : `All ${count(stock.variants_with_cost)} variants have a cost.`}
      </p>
      <h3 className="mt-5 text-sm font-semibold text-strong">Slow movers</h3>
      <p className="text-xs text-muted">In stock, nothing sold in the period; the largest stock first.</p>
      {data.slow_movers.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Everything in stock sold at least once.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm">
          {data.slow_movers.slice(0, 8).map((product) => (
            <li key={product.product_id} className="flex items-baseline justify-between gap-3 py-2">
              <RecordLink to={`/admin/products/${product.product_id}`} className="min-w-0 [overflow-wrap:anywhere]">
                {product.product_name}
              </RecordLink>
              <span className="shrink-0 text-right text-xs text-muted tabular-nums">
                {count(product.stock_quantity)} in stock
                <span className="block">
                  {product.last_sold ? `last sold ${dayLabel(product.last_sold, { year: true })}` : 'never sold'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * While the demo's made-up orders are still in the shop, the figures hold them: said once, with
 * the way out (docs/product.md#demo-data). Nothing while the count loads or once they are gone.
 */
function DemoHistoryNote() {
  const demo = useQuery(demoDataQuery());
  const orders = demo.data?.orders ?? 0;
  if (orders === 0) return null;
  return (
    <p className="mt-4 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-950 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-100">
      These figures include the demo shop’s {count(orders)} made-up orders. Remove them with the rest of the demo data
      in{' '}
      <Link to="/admin/settings/system" className="font-medium underline">
        Settings → System
      </Link>{' '}
      when you open the shop.
    </p>
  );
}
