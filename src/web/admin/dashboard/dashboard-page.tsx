import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminStats } from '#shared/contracts/auth.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { adminGet } from '../auth/admin-api.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { ScrollTable, TableHead } from '../ui/scroll-table.tsx';
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
  /** Where the number's details are (the low-stock count opens the low-stock view). */
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

/** `/admin`: today at a glance (GET /admin/stats) and the latest orders. */
export function DashboardPage() {
  const stats = useQuery(adminStatsQuery);
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Today at a glance and the latest orders." />
      {stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <InlineError title="Could not load the dashboard" onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard label="Orders today" value={String(stats.data.today.orders)} />
            <StatCard label="Revenue today" value={money(stats.data.today.revenue)} />
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
              hint={`${stats.data.out_of_stock_count} out of stock · ${stats.data.active_products} active products`}
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

function RecentOrders({ orders }: { orders: AdminStats['recent_orders'] }) {
  return (
    // Not a landmark itself: the scrollable table inside is the "Latest orders" region.
    <div className="card mt-6">
      <h2 id="recent-orders" className="border-b border-line px-5 py-4 text-base font-semibold text-strong">
        Latest orders
      </h2>
      {orders.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-muted">
          No orders yet. New orders appear here as they arrive.
        </p>
      ) : (
        <>
          {/* Phones: one block per order, so the total and the status are never cut off. */}
          <section aria-label="Latest orders" className="md:hidden">
            <ul className="divide-y divide-line">
              {orders.map((order) => (
                <li key={order.id} className="px-5 py-3 text-sm">
                  <p className="flex items-baseline justify-between gap-3">
                    <Link
                      to={`/admin/orders/${order.id}`}
                      className="font-medium text-accent underline-offset-4 hover:underline"
                    >
                      {order.order_number}
                    </Link>
                    <span className="font-medium whitespace-nowrap text-strong tabular-nums">{money(order.total)}</span>
                  </p>
                  <p className="mt-0.5 text-muted">
                    {order.customer_name} · {itemCount(order.item_count)}
                  </p>
                  <p className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
                    <OrderStatusBadge status={order.status} />
                    <span className="text-xs text-muted">{formatDateTime(order.created_at)}</span>
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <ScrollTable label="Latest orders" className="hidden md:block">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <TableHead columns={['Order', 'Customer', 'Status', { label: 'Total', align: 'right' }, 'Placed']} />
              <tbody className="divide-y divide-line">
                {orders.map((order) => (
                  <tr key={order.id}>
                    <td className="px-5 py-3 font-medium whitespace-nowrap text-strong">
                      <Link to={`/admin/orders/${order.id}`} className="text-accent underline-offset-4 hover:underline">
                        {order.order_number}
                      </Link>
                    </td>
                    <td className="px-5 py-3">
                      {order.customer_name}
                      <span className="block text-xs text-muted">{itemCount(order.item_count)}</span>
                    </td>
                    <td className="px-5 py-3">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="px-5 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                      {money(order.total)}
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-muted">{formatDateTime(order.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </>
      )}
    </div>
  );
}
