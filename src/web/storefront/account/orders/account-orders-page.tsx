import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import type { ShopperOrder, ShopperOrderSummary } from '#shared/contracts/accounts.ts';
import type { Pagination } from '#shared/contracts/common.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { formatMoney } from '#shared/money.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';
import { DeliveryAddress } from '#web/storefront/order-kit/delivery-address.tsx';
import { PaymentDetails } from '#web/storefront/order-kit/payment-details.tsx';
import { PlacedOrderLines } from '#web/storefront/order-kit/placed-order-lines.tsx';
import { ShipmentTracking } from '#web/storefront/order-kit/shipment-tracking.tsx';
import { shopperRequest } from '#web/storefront/shopper-kit/shopper-api.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';

/**
 * /account/orders and /account/orders/:id (docs/product.md#account-area): the orders placed signed
 * in, and earlier guest orders with a verified phone or email.
 */
export function AccountOrdersPage() {
  // Route objects, not <Routes>/<Route>: those would join the first load (account/redirect.tsx).
  return useRoutes([
    { index: true, element: <OrderList /> },
    { path: ':id', element: <OrderDetail /> },
  ]);
}

const PAGE_SIZE = 10;

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The order's status, or "Out for delivery" for a shipped order on that step (docs/product.md#out-for-delivery). */
function StatusBadge({ status, outForDelivery = false }: { status: OrderStatus; outForDelivery?: boolean }) {
  const tone =
    status === 'delivered'
      ? 'bg-accent-soft text-accent'
      : status === 'cancelled'
        ? 'bg-subtle text-danger'
        : 'bg-subtle text-fg';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {status === 'shipped' && outForDelivery ? 'Out for delivery' : STATUS_LABELS[status]}
    </span>
  );
}

function OrderList() {
  usePageTitle('My orders');
  const { currency } = getSiteConfig();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: ['account', 'orders', page],
    queryFn: () =>
      shopperRequest<{ data: ShopperOrderSummary[]; pagination: Pagination }>('/orders', {
        query: { page, limit: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

  if (orders.isPending)
    return <div className="bone h-40 w-full rounded-2xl" role="status" aria-label="Loading your orders" />;
  if (orders.isError) return <InlineError title="Could not load your orders" onRetry={() => void orders.refetch()} />;
  const { data, pagination } = orders.data;
  if (data.length === 0) {
    return (
      <div className="card p-8 text-center">
        <h2 className="text-lg font-semibold">No orders yet</h2>
        <p className="mt-1 text-muted">
          Orders you place while signed in, and earlier ones with your verified phone or email, show here.
        </p>
        <Link to="/store" className="btn-primary mt-4">
          Browse the store
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="sr-only">
        Orders
      </h2>
      <ul className="space-y-3">
        {data.map((order) => (
          <li key={order.id}>
            <Link
              to={`/account/orders/${order.id}`}
              className="card flex items-center gap-3 p-3 transition hover:border-accent sm:gap-4 sm:p-4"
            >
              <div className="w-14 shrink-0 overflow-hidden rounded-lg border border-line">
                <ProductImage src={order.image ?? undefined} alt="" sizes="56px" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-mono font-semibold text-strong">{order.order_number}</p>
                <p className="text-sm text-muted">
                  {shopDate(order.created_at)} · {order.item_count} item{order.item_count === 1 ? '' : 's'}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <StatusBadge status={order.status} />
                <span className="font-semibold tabular-nums">{formatMoney(order.total, currency)}</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {pagination.totalPages > 1 && (
        <nav aria-label="Order pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
          <button
            type="button"
            className="btn-secondary"
            disabled={!pagination.hasPrev}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span className="text-muted">
            Page {pagination.page} of {pagination.totalPages}
          </span>
          <button
            type="button"
            className="btn-secondary"
            disabled={!pagination.hasNext}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

function OrderDetail() {
  const { id = '' } = useParams();
  const order = useQuery({
    queryKey: ['account', 'order', id],
    queryFn: () => shopperRequest<ShopperOrder>(`/orders/${encodeURIComponent(id)}`),
  });
  usePageTitle(order.data ? `Order ${order.data.order_number}` : 'Your order');
  if (order.isPending)
    return <div className="bone h-64 w-full rounded-2xl" role="status" aria-label="Loading your order" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <div className="card p-8 text-center">
          <h2 className="text-lg font-semibold">Order not found</h2>
          <Link to="/account/orders" className="btn-secondary mt-4">
            Back to my orders
          </Link>
        </div>
      );
    }
    return <InlineError title="Could not load your order" onRetry={() => void order.refetch()} />;
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: ShopperOrder }) {
  const { currency } = getSiteConfig();
  return (
    <div className="space-y-4">
      <Link to="/account/orders" className="text-sm text-accent hover:underline">
        ← All orders
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-mono text-xl font-bold text-strong">{order.order_number}</h2>
        <StatusBadge status={order.status} outForDelivery={order.out_for_delivery_at !== null} />
      </div>
      <p className="text-sm text-muted">
        Placed {shopDate(order.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
      </p>
      <div className="grid gap-4 lg:grid-cols-12">
        <section aria-labelledby="order-lines-title" className="card p-4 sm:p-6 lg:col-span-7">
          <h3 id="order-lines-title" className="text-lg font-semibold">
            Items
          </h3>
          <PlacedOrderLines order={order} currency={currency} />
        </section>
        <div className="space-y-4 lg:col-span-5">
          <ShipmentTracking order={order} heading="h3" />
          <section aria-labelledby="order-delivery-title" className="card p-4 text-sm sm:p-6">
            <h3 id="order-delivery-title" className="font-semibold">
              Delivery to
            </h3>
            <DeliveryAddress order={order} />
            <h3 className="mt-3 font-semibold">Payment</h3>
            <PaymentDetails order={order} />
          </section>
          {order.history.length > 0 && (
            <section aria-labelledby="order-timeline-title" className="card p-4 text-sm sm:p-6">
              <h3 id="order-timeline-title" className="font-semibold">
                Timeline
              </h3>
              <ol className="mt-2 space-y-2 border-l-2 border-line pl-4">
                {order.history.map((event) => (
                  <li key={`${event.kind}-${event.status}-${event.created_at}`}>
                    <span className="font-medium">
                      {event.kind === 'out_for_delivery' ? 'Out for delivery' : STATUS_LABELS[event.status]}
                    </span>
                    <span className="block text-xs text-muted">
                      {shopDate(event.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
