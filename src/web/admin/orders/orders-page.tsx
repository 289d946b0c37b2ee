import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type AdminOrderListItem, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from '#shared/contracts/orders.ts';
import { formatPhone } from '#shared/phone.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { Pager } from '../ui/pager.tsx';
import { ScrollTable, TableHead } from '../ui/scroll-table.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../ui/status-badge.tsx';
import { useDebouncedSearch, useListParams } from '../ui/use-list-params.ts';
import { orderListQuery, orderStatsQuery, type StatusCounts } from './order-api.ts';

const PAGE_SIZES = ['10', '20', '50', '100'] as const;
const PAYMENT_FILTERS: ReadonlyArray<readonly [string, string]> = [
  ['', 'Any payment'],
  ...PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]] as const),
];
const SORTS = [
  ['created_at:desc', 'Newest first'],
  ['created_at:asc', 'Oldest first'],
  ['total:desc', 'Total, high to low'],
  ['total:asc', 'Total, low to high'],
  ['order_number:desc', 'Order number'],
  ['customer_name:asc', 'Customer A–Z'],
  ['status:asc', 'Status'],
] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/**
 * `/admin/orders`: every order, newest first. Status tab, search, payment filter, dates, sort and
 * page live in the URL so a view can be bookmarked, shared and reloaded.
 */
export function OrdersPage() {
  const { params, setParams, setParam } = useListParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(params.get('limit') as (typeof PAGE_SIZES)[number])
    ? Number(params.get('limit'))
    : 20;
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useDebouncedSearch(search, (value) => setParam('search', value));
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const paymentParam = params.get('payment_status') ?? '';
  const paymentStatus = PAYMENT_STATUSES.includes(paymentParam as never) ? paymentParam : '';
  const dateFrom = DATE.test(params.get('date_from') ?? '') ? (params.get('date_from') as string) : '';
  const dateTo = DATE.test(params.get('date_to') ?? '') ? (params.get('date_to') as string) : '';
  const sort = SORTS.some(([value]) => value === params.get('sort')) ? (params.get('sort') as string) : SORTS[0][0];
  const [sortBy, sortOrder] = sort.split(':');
  // The server refuses a reversed range; until the admin fixes it, ask without the end date.
  const rangeReversed = Boolean(dateFrom && dateTo && dateFrom > dateTo);

  const query = {
    page,
    limit,
    search,
    status,
    payment_status: paymentStatus,
    date_from: dateFrom,
    date_to: rangeReversed ? '' : dateTo,
    sort_by: sortBy,
    sort_order: sortOrder,
  };
  const orders = useQuery({ ...orderListQuery(query), placeholderData: keepPreviousData });
  // The tab counts come with the list (meta.status_counts); the stats endpoint is the fallback.
  const stats = useQuery({ ...orderStatsQuery, enabled: orders.isSuccess && orders.data.statusCounts === null });
  const counts: StatusCounts | undefined = orders.data?.statusCounts ?? stats.data?.by_status;

  const rows = orders.data?.data ?? [];
  const filtered = Boolean(search || status || paymentStatus || dateFrom || dateTo);
  const narrowed = Boolean(search || paymentStatus || dateFrom || dateTo);

  return (
    <>
      <AdminPageHeader
        title="Orders"
        description="Checkout and phone orders, newest first."
        actions={
          <Link to="/admin/orders/new" className="btn-primary">
            New order
          </Link>
        }
      />
      <StatusTabs current={status} counts={counts} onChange={(value) => setParam('status', value)} />
      <search className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[2fr_repeat(3,minmax(0,1fr))]">
        <label className="col-span-2 lg:col-span-1">
          <span className="sr-only">Search orders</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Order number, name, phone or email"
            className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm"
          />
        </label>
        <div className="col-span-2 lg:col-span-1">
          <FilterSelect
            label="Payment status"
            value={paymentStatus}
            options={PAYMENT_FILTERS}
            onChange={(value) => setParam('payment_status', value)}
          />
        </div>
        <DateInput label="From" value={dateFrom} onChange={(value) => setParam('date_from', value)} />
        <DateInput label="To" value={dateTo} onChange={(value) => setParam('date_to', value)} />
      </search>
      {rangeReversed && (
        <p role="status" className="-mt-2 mb-3 text-sm text-danger">
          The “From” date is after the “To” date; showing orders from {dateFrom} on.
        </p>
      )}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted" aria-hidden="true">
            Sort
          </span>
          <FilterSelect
            label="Sort orders"
            value={sort}
            options={SORTS}
            onChange={(value) => setParam('sort', value)}
          />
        </div>
        {narrowed && (
          <button
            type="button"
            className="text-sm font-medium text-accent underline-offset-4 hover:underline"
            onClick={() => {
              setSearchText('');
              const kept: Record<string, string> = {};
              if (params.get('sort')) kept.sort = sort;
              if (status) kept.status = status;
              setParams(new URLSearchParams(kept), { replace: true });
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      {orders.isPending ? (
        <div role="status" aria-label="Loading orders" className="card h-96 animate-pulse" />
      ) : orders.isError ? (
        <InlineError title="Could not load the orders" onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card px-5 py-12 text-center">
          <p className="font-medium text-strong">{filtered ? 'No orders match these filters.' : 'No orders yet.'}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered
              ? 'Try another search or clear the filters.'
              : 'Orders placed in the store, or entered here for phone customers, appear in this list.'}
          </p>
          {!filtered && (
            <Link to="/admin/orders/new" className="btn-primary mt-5 inline-flex">
              New order
            </Link>
          )}
        </div>
      ) : (
        <div className="card" aria-busy={orders.isFetching}>
          {/* Phones get one card per order; wider screens the table. */}
          <ul aria-label="Orders" className="divide-y divide-line md:hidden">
            {rows.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
          <ScrollTable label="Orders" className="hidden md:block">
            <table className="w-full min-w-[52rem] text-left text-sm">
              <TableHead
                columns={[
                  'Order',
                  'Date',
                  'Customer',
                  { label: 'Items', align: 'right' },
                  { label: 'Total', align: 'right' },
                  'Status',
                  'Payment',
                ]}
              />
              <tbody className="divide-y divide-line">
                {rows.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <div className="flex flex-wrap items-center justify-between gap-x-4 border-t border-line">
            <div className="flex items-center gap-2 px-5 pt-3 text-sm text-muted sm:pt-0">
              <span aria-hidden="true">Per page</span>
              <FilterSelect
                label="Orders per page"
                value={String(limit)}
                options={PAGE_SIZES.map((size) => [size, size] as const)}
                onChange={(value) => setParam('limit', value === '20' ? '' : value)}
              />
            </div>
            <div className="min-w-0 flex-1 basis-full sm:basis-0 [&>nav]:border-t-0">
              <Pager
                page={orders.data.pagination.page}
                totalPages={orders.data.pagination.totalPages}
                total={orders.data.pagination.total}
                noun={['order', 'orders']}
                onPage={(next) => setParam('page', String(next))}
              />
            </div>
          </div>
        </div>
      )}
    </>
  );
}

/** All, then one tab per status with its count. Buttons (not a tablist): each one filters the list below. */
function StatusTabs({
  current,
  counts,
  onChange,
}: {
  current: OrderStatus | '';
  counts: StatusCounts | undefined;
  onChange: (status: string) => void;
}) {
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : undefined;
  const tabs: Array<[OrderStatus | '', string, number | undefined]> = [
    ['', 'All', total],
    ...ORDER_STATUSES.map(
      (status) =>
        [status, ORDER_STATUS_LABELS[status], counts?.[status] ?? (counts ? 0 : undefined)] as [
          OrderStatus,
          string,
          number | undefined,
        ],
    ),
  ];
  return (
    <nav aria-label="Order status" className="-mx-3 mb-4 overflow-x-auto border-b border-line px-3 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-1">
        {tabs.map(([value, label, count]) => {
          const active = value === current;
          return (
            <li key={value || 'all'}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onChange(value)}
                className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg'
                }`}
              >
                {label}
                {count !== undefined && (
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${active ? 'bg-accent-soft' : 'bg-subtle'}`}
                  >
                    {count}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs lg:flex-row lg:items-center lg:gap-2 lg:text-sm">
      <span className="text-muted">{label}</span>
      <input
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={`Orders placed ${label.toLowerCase()}`}
        className="block w-full min-w-0 rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm"
      />
    </label>
  );
}

const itemsLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

function OrderRow({ order }: { order: AdminOrderListItem }) {
  return (
    <tr>
      <td className="px-5 py-3 whitespace-nowrap">
        <Link
          to={`/admin/orders/${order.id}`}
          className="font-medium whitespace-nowrap text-strong tabular-nums underline-offset-4 hover:underline"
        >
          {order.order_number}
        </Link>
      </td>
      <td className="px-5 py-3 whitespace-nowrap text-muted">{formatDateTime(order.created_at)}</td>
      <td className="px-5 py-3">
        <span className="block font-medium text-strong">{order.customer.name}</span>
        <span className="block text-xs text-muted tabular-nums">
          {order.customer.phone ? formatPhone(order.customer.phone) : ''}
        </span>
      </td>
      <td className="px-5 py-3 text-right tabular-nums">{order.item_count}</td>
      <td className="px-5 py-3 text-right font-medium whitespace-nowrap text-strong tabular-nums">
        {money(order.total)}
      </td>
      <td className="px-5 py-3">
        <OrderStatusBadge status={order.status} />
      </td>
      <td className="px-5 py-3">
        <PaymentStatusBadge status={order.payment_status} />
      </td>
    </tr>
  );
}

function OrderCard({ order }: { order: AdminOrderListItem }) {
  return (
    <li className="relative px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <Link
          to={`/admin/orders/${order.id}`}
          className="font-medium text-strong tabular-nums underline-offset-4 after:absolute after:inset-0 hover:underline"
        >
          {order.order_number}
        </Link>
        <span className="font-semibold text-strong tabular-nums">{money(order.total)}</span>
      </div>
      <p className="mt-1 truncate text-sm">
        {order.customer.name}{' '}
        <span className="text-muted tabular-nums">
          · {order.customer.phone ? formatPhone(order.customer.phone) : ''}
        </span>
      </p>
      <p className="mt-0.5 text-xs text-muted">
        {formatDateTime(order.created_at)} · {itemsLabel(order.item_count)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.payment_status} />
      </div>
    </li>
  );
}
