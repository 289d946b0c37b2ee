import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import type { BulkOrderStatusResult } from '#shared/contracts/analytics.ts';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from '#shared/contracts/orders.ts';
import { OWN_DRIVER } from '#shared/contracts/settings.ts';
import {
  ORDER_CUSTOMER,
  ORDER_DATE,
  ORDER_ITEMS,
  ORDER_NUMBER,
  ORDER_PAYMENT,
  ORDER_STATUS,
  ORDER_TOTAL,
} from '#web/admin/shared/order-columns.tsx';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import { ExportCsvButton } from '../ui/export-csv-button.tsx';
import { ListFilters } from '../ui/list-filters.tsx';
import { type StatusTab, StatusTabs } from '../ui/status-tabs.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, statusTabsFilter, useListState } from '../ui/use-list-state.ts';
import { useRowSelection } from '../ui/use-row-selection.ts';
import { BulkStatusResult, OrderBulkActions } from './bulk-status.tsx';
import { ADMIN_ORDERS_KEY, listOrders, orderStatsQuery, type StatusCounts } from './order-api.ts';

const ORDER_LIST: ListDefinition = {
  noun: ['order', 'orders'],
  searchPlaceholder: 'Order number, name, phone or email',
  filters: [
    statusTabsFilter('Order status', ORDER_STATUSES),
    {
      key: 'payment_status',
      label: 'Payment status',
      options: [
        ['', 'Any payment'],
        ...PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]] as const),
      ],
    },
    { key: 'date_from', label: 'From', kind: 'date', ariaLabel: 'Orders placed from' },
    { key: 'date_to', label: 'To', kind: 'date', ariaLabel: 'Orders placed to' },
  ],
  sorts: [
    ['created_at:desc', 'Newest first'],
    ['created_at:asc', 'Oldest first'],
    ['total:desc', 'Total, high to low'],
    ['total:asc', 'Total, low to high'],
    ['order_number:desc', 'Order number'],
    ['customer_name:asc', 'Customer A–Z'],
    ['status:asc', 'Status'],
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

/** The list with a carrier filter: the shop's carriers (settings: shipping) and "Own driver". */
function withCarrierFilter(carriers: readonly string[]): ListDefinition {
  return {
    ...ORDER_LIST,
    filters: [
      ...(ORDER_LIST.filters ?? []),
      {
        key: 'carrier',
        label: 'Carrier',
        options: [['', 'Any carrier'], ...[...carriers, OWN_DRIVER].map((carrier) => [carrier, carrier] as const)],
      },
    ],
  };
}

/** The name a saved export gets when the server does not suggest one: `orders-2026-11-26.csv`. */
const exportFileName = () => `orders-${new Date().toISOString().slice(0, 10)}.csv`;

const COLUMNS = [ORDER_NUMBER, ORDER_DATE, ORDER_CUSTOMER, ORDER_ITEMS, ORDER_TOTAL, ORDER_STATUS, ORDER_PAYMENT];

/**
 * `/admin/orders`: every order, newest first. Status tab, search, payment filter, dates, sort and
 * page live in the URL so a view can be bookmarked, shared and reloaded. "Export CSV" saves the
 * whole filtered list (GET /admin/orders/export with the same query); ticked orders can change
 * status together (bulk-status.tsx), and the answer stays above the list until dismissed.
 */
export function OrdersPage() {
  const carriers = useShopSettings().data?.delivery.carriers;
  const definition = useMemo(() => withCarrierFilter(carriers ?? []), [carriers]);
  const list = useListState(definition);
  const { date_from: dateFrom = '', date_to: dateTo = '' } = list.filters;
  // The server refuses a reversed range; until the admin fixes it, ask without the end date.
  const rangeReversed = Boolean(dateFrom && dateTo && dateFrom > dateTo);
  const query = { ...list.query, date_to: rangeReversed ? '' : dateTo };
  const orders = useListQuery([...ADMIN_ORDERS_KEY, 'list'], query, listOrders);
  const rows = orders.data?.data ?? [];
  const selection = useRowSelection(
    rows.map((row) => row.id),
    list.viewKey,
  );
  const [lastBulk, setLastBulk] = useState<{ result: BulkOrderStatusResult; status: OrderStatus } | null>(null);
  // The tab counts come with the list (meta.status_counts); the stats endpoint is the fallback.
  const stats = useQuery({ ...orderStatsQuery, enabled: orders.isSuccess && orders.data.statusCounts === null });
  const counts: StatusCounts | undefined = orders.data?.statusCounts ?? stats.data?.by_status;
  const newOrder = (
    <Link to="/admin/orders/new" className="btn-primary">
      New order
    </Link>
  );

  return (
    <>
      <AdminPageHeader title="Orders" description="Checkout and phone orders, newest first." actions={newOrder} />
      <StatusTabs
        label="Order status"
        tabs={orderStatusTabs(counts)}
        current={list.filters.status ?? ''}
        onChange={(value) => list.setFilter('status', value)}
      />
      <ListFilters
        list={list}
        actions={
          <ExportCsvButton
            path="/admin/orders/export"
            query={query}
            filename={exportFileName()}
            errorMessage="Could not export the orders"
          />
        }
      />
      {rangeReversed && (
        <p role="status" className="-mt-2 mb-3 text-sm text-danger">
          The “From” date is after the “To” date; showing orders from {dateFrom} on.
        </p>
      )}
      {lastBulk && (
        <BulkStatusResult result={lastBulk.result} status={lastBulk.status} onDismiss={() => setLastBulk(null)} />
      )}
      {selection.count > 0 && (
        <OrderBulkActions
          selected={rows.filter((row) => selection.isSelected(row.id))}
          onClear={selection.clear}
          onResult={(result, status) => setLastBulk({ result, status })}
        />
      )}
      <AdminList
        list={list}
        query={orders}
        columns={COLUMNS}
        selection={{
          state: selection,
          rowLabel: (order) => `Select ${order.order_number}`,
          allLabel: 'Select every order on this page',
        }}
        empty={{
          title: 'No orders yet.',
          hint: 'Orders placed in the store, or entered here for phone customers, appear in this list.',
          action: newOrder,
        }}
        tableClassName="min-w-[52rem]"
      />
    </>
  );
}

/** All, then one tab per status with its count. */
function orderStatusTabs(counts: StatusCounts | undefined): StatusTab[] {
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : undefined;
  return [
    ['', 'All', total],
    ...ORDER_STATUSES.map(
      (status) => [status, ORDER_STATUS_LABELS[status], counts?.[status] ?? (counts ? 0 : undefined)] as const,
    ),
  ];
}
