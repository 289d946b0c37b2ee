import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminStats } from '#shared/contracts/auth.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { adminGet } from '../auth/admin-api.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { RecordLink } from '../ui/record-link.tsx';
import { OrderStatusBadge } from '../ui/status-badge.tsx';

export const adminStatsQuery = {
  queryKey: ['admin', 'stats'],
  queryFn: () => adminGet<AdminStats>('/admin/stats'),
  // The dashboard is the page admins leave open: keep its numbers current.
  refetchInterval: 60_000,
  staleTime: 15_000,
} as const;

function StatCard({
  label,
  value,
  hint,
  tone,
  link,
}: {
  label: string;
  value: string;
  hint?: string;
  tone?: 'warn';
  /** Where the number's details are (the low-stock count opens the low-stock view, today's figures the analytics). */
  link?: { to: string; label: string };
}) {
  return (
    <div className="card p-5">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd
        className={`mt-2 text-2xl font-bold tracking-tight break-words sm:text-3xl ${tone === 'warn' ? 'text-amber-700 dark:text-amber-300' : 'text-strong'}`}
      >
        {value}
      </dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
      {link && (
        <dd className="mt-2 text-sm">
          <Link to={link.to} className="font-medium text-accent underline-offset-4 hover:underline">
            {link.label}
          </Link>
        </dd>
      )}
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {[0, 1, 2, 3].map((n) => (
        <div key={n} className="card h-28 p-5">
          <div className="bone h-4 w-24" />
          <div className="bone mt-3 h-8 w-16" />
        </div>
      ))}
    </div>
  );
}

/** `/admin`: today at a glance (GET /admin/stats) and the latest orders; the cards lead on to Analytics and the lists. */
export function DashboardPage() {
  const stats = useQuery(adminStatsQuery);
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description="Today at a glance and the latest orders."
        actions={
          <Link to="/admin/analytics" className="btn-secondary">
            Analytics
          </Link>
        }
      />
      {stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <InlineError title="Could not load the dashboard" onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              label="Orders today"
              value={String(stats.data.today.orders)}
              link={{ to: '/admin/analytics?days=7', label: 'Orders over 7 days' }}
            />
            <StatCard
              label="Revenue today"
              value={money(stats.data.today.revenue)}
              link={{ to: '/admin/analytics?days=30', label: 'Revenue over 30 days' }}
            />
            <StatCard
              label="Pending orders"
              value={String(stats.data.pending_orders)}
              tone={stats.data.pending_orders > 0 ? 'warn' : undefined}
              hint="Waiting for confirmation"
              link={{ to: '/admin/orders?status=pending', label: 'View pending orders' }}
            />
            <StatCard
              label="Low stock"
              value={String(stats.data.low_stock_count)}
              tone={stats.data.low_stock_count > 0 ? 'warn' : undefined}
              hint={`Counted by variant · ${stats.data.out_of_stock_count} out of stock · ${stats.data.active_products} active products`}
              link={{ to: '/admin/products?stock=low&status=active', label: 'View low stock' }}
            />
          </dl>
          <RecentOrders orders={stats.data.recent_orders} />
        </>
      )}
    </>
  );
}

const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

type RecentOrder = AdminStats['recent_orders'][number];

/** The latest orders through the list kit: a table on wide screens, cards on a phone. */
const RECENT_ORDER_COLUMNS: ReadonlyArray<ListColumn<RecentOrder>> = [
  {
    header: 'Order',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (order) => <RecordLink to={`/admin/orders/${order.id}`}>{order.order_number}</RecordLink>,
  },
  {
    header: 'Customer',
    card: 'subtitle',
    cell: (order) => (
      <>
        {order.customer_name}
        <span className="block text-xs text-muted">{itemCount(order.item_count)}</span>
      </>
    ),
    cardCell: (order) => `${order.customer_name} · ${itemCount(order.item_count)}`,
  },
  { header: 'Status', card: 'badge', cell: (order) => <OrderStatusBadge status={order.status} /> },
  {
    header: 'Total',
    card: 'aside',
    align: 'right',
    className: 'font-medium whitespace-nowrap tabular-nums',
    cell: (order) => money(order.total),
  },
  {
    header: 'Placed',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (order) => formatDateTime(order.created_at),
  },
];

function RecentOrders({ orders }: { orders: AdminStats['recent_orders'] }) {
  return (
    // Not a landmark itself: the list inside is the "Latest orders" region (table) or list (cards).
    <div className="card mt-6">
      <h2 id="recent-orders" className="border-b border-line px-5 py-4 text-base font-semibold text-strong">
        Latest orders
      </h2>
      {orders.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-muted">
          No orders yet. New orders appear here as they arrive.
        </p>
      ) : (
        <DataList
          label="Latest orders"
          rows={orders}
          columns={RECENT_ORDER_COLUMNS}
          rowKey={(order) => order.id}
          tableClassName="min-w-[36rem]"
        />
      )}
    </div>
  );
}
