import {
  ANALYTICS_DEFINITIONS,
  ANALYTICS_TOP_LIMIT,
  type AnalyticsDashboard,
  type AnalyticsOverview,
  ORDER_SOURCES,
  type OrderAnalytics,
  type ProductAnalytics,
} from '#shared/contracts/analytics.ts';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { money } from '../ui/format.ts';
import { RecordLink } from '../ui/record-link.tsx';
import { count, dayLabel, durationLabel, percent } from './analytics-format.ts';
import { Figures } from './analytics-kit.tsx';
import { CustomersChart } from './customers-chart.tsx';
import { GrowthBadge } from './kpi-cards.tsx';
import { RankedList } from './ranked-list.tsx';
import { StatusChart } from './status-chart.tsx';

/**
 * The Analytics page's panels (analytics-page.tsx lays them out): orders by status and source, top
 * products and categories, customers, promo codes, low stock and the stock's value. Each draws one
 * answer's data; loading and errors are the page's (analytics-kit.tsx `Loaded`).
 */

const SOURCE_LABELS: Record<(typeof ORDER_SOURCES)[number], string> = {
  checkout: 'Checkout',
  admin: 'Entered by staff',
  quotation: 'From quotations',
};

export function OrdersPanel({ orders, periodLabel }: { orders: OrderAnalytics; periodLabel: string }) {
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

export function TopProducts({ data }: { data: AnalyticsDashboard }) {
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

export function TopCategories({ data, periodLabel }: { data: ProductAnalytics; periodLabel: string }) {
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

export function CustomersPanel({ overview, periodLabel }: { overview: AnalyticsOverview; periodLabel: string }) {
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

export function PromoPanel({ overview }: { overview: AnalyticsOverview }) {
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

export function LowStock({ data }: { data: AnalyticsDashboard }) {
  const rows = data.recent_activity.low_stock_products;
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted">Nothing is running low.</p>;
  return (
    <div className="-mx-4 -mb-4 border-t border-line sm:-mx-5 sm:-mb-5">
      <DataList label="Low stock variants" rows={rows} columns={LOW_STOCK_COLUMNS} rowKey={(row) => row.variant_id} />
    </div>
  );
}

export function StockPanel({ data }: { data: ProductAnalytics }) {
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
