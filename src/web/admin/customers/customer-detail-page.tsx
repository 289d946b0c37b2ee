import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminOrderListItem } from '#shared/contracts/admin-orders.ts';
import type { Customer } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { ADMIN_ORDERS_KEY } from '../orders/order-keys.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DetailCard, DetailColumns, DetailHeader, DetailPlaceholder } from '../ui/detail-layout.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { Pager } from '../ui/pager.tsx';
import { ScrollTable, TableHead } from '../ui/scroll-table.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../ui/status-badge.tsx';
import { useListParams } from '../ui/use-list-params.ts';
import {
  ADMIN_CUSTOMERS_KEY,
  deleteCustomer,
  getCustomer,
  invalidateCustomers,
  listCustomerOrders,
} from './customer-api.ts';
import { CustomerDialog } from './customer-dialog.tsx';
import { useWideScreen } from './use-wide-screen.ts';

const ORDERS_PER_PAGE = 10;
const BACK = { to: '/admin/customers', label: 'Customers' };

/**
 * `/admin/customers/:id`: how to reach the customer, what they have bought, and their orders
 * (newest first, paged in the URL). Deleting someone with orders anonymises them instead.
 */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const customer = useQuery({
    queryKey: [...ADMIN_CUSTOMERS_KEY, 'one', id],
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

  if (!customer.isSuccess) {
    return (
      <DetailPlaceholder
        query={customer}
        noun="customer"
        back={BACK}
        missingText="This customer does not exist, or was deleted."
      />
    );
  }
  return <CustomerDetail customer={customer.data} />;
}

function CustomerDetail({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const hasOrders = customer.orders_count > 0;
  // Only an anonymised record has no phone (the contract requires one otherwise); it stays as it is.
  const anonymised = customer.phone === null;

  const remove = async () => {
    setDeleting(true);
    try {
      const result = await deleteCustomer(customer.id);
      toast({
        variant: 'success',
        title: result.anonymised ? `${customer.name} anonymised` : `${customer.name} deleted`,
        description: result.anonymised ? (result.message ?? undefined) : undefined,
      });
      setConfirming(false);
      void invalidateCustomers(queryClient);
      // Orders screens show the customer's details too (gone once anonymised).
      void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
      navigate('/admin/customers');
    } catch (error) {
      setDeleting(false);
      toast({
        variant: 'error',
        title: 'Could not delete the customer',
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  };

  return (
    <>
      <DetailHeader
        title={customer.name}
        back={BACK}
        meta={
          anonymised
            ? 'Deleted: their details were anonymised; their orders are kept.'
            : `Customer since ${formatDateTime(customer.created_at)}`
        }
        actions={
          !anonymised && (
            <>
              <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button
                type="button"
                className="btn-secondary text-danger"
                onClick={() => setConfirming(true)}
                disabled={deleting}
              >
                Delete
              </button>
            </>
          )
        }
      />

      <DetailColumns
        sideFirst
        side={<ContactCard customer={customer} />}
        main={
          <>
            <section aria-label="Order totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Stat label="Orders" value={String(customer.orders_count)} />
              <Stat label="Total spent" value={money(customer.total_spent)} />
              <Stat
                label="Last order"
                value={customer.last_order_at ? formatDateTime(customer.last_order_at) : 'Never'}
                small
                className="col-span-2 sm:col-span-1"
              />
            </section>
            <CustomerOrders customerId={customer.id} />
          </>
        }
      />

      {editing && <CustomerDialog customer={customer} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirming}
        title={hasOrders ? `Anonymise ${customer.name}?` : `Delete ${customer.name}?`}
        confirmLabel={hasOrders ? 'Anonymise customer' : 'Delete customer'}
        danger
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {hasOrders ? (
          <p>
            {customer.name} has {customer.orders_count} {customer.orders_count === 1 ? 'order' : 'orders'}, so they
            cannot be removed completely. Their name, phone, email, address and notes will be wiped instead; the orders
            keep their lines and totals.
          </p>
        ) : (
          <p>{customer.name} has no orders. This removes them for good.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

function ContactCard({ customer }: { customer: Customer }) {
  const address = customer.address;
  return (
    <DetailCard title="Contact">
      <dl className="space-y-3 text-sm">
        <Detail label="Phone">
          {customer.phone ? (
            <a href={`tel:${customer.phone}`} className="text-accent underline-offset-4 hover:underline">
              {formatPhone(customer.phone)}
            </a>
          ) : null}
        </Detail>
        <Detail label="Email">
          {customer.email ? (
            <a href={`mailto:${customer.email}`} className="break-all text-accent underline-offset-4 hover:underline">
              {customer.email}
            </a>
          ) : null}
        </Detail>
        <Detail label="Address">
          {address ? (
            <address className="not-italic">
              {address.street}
              {address.building ? `, ${address.building}` : ''}
              {address.floor ? `, floor ${address.floor}` : ''}
              <br />
              {address.city}
              {address.notes && <span className="mt-1 block text-muted">{address.notes}</span>}
            </address>
          ) : null}
        </Detail>
        <Detail label="Notes">{customer.notes ? <p className="whitespace-pre-line">{customer.notes}</p> : null}</Detail>
      </dl>
    </DetailCard>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5">{children ?? <span className="text-muted">—</span>}</dd>
    </div>
  );
}

function Stat({
  label,
  value,
  small,
  className = '',
}: {
  label: string;
  value: string;
  small?: boolean;
  className?: string;
}) {
  return (
    <div className={`card p-4 ${className}`}>
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className={`mt-1 font-semibold text-strong tabular-nums ${small ? 'text-base' : 'text-2xl'}`}>{value}</p>
    </div>
  );
}

const ORDER_COLUMNS = ['Order', 'Date', 'Status', 'Payment', { label: 'Total', align: 'right' }] as const;

function CustomerOrders({ customerId }: { customerId: string }) {
  const { params, setParam } = useListParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useQuery({
    queryKey: [...ADMIN_CUSTOMERS_KEY, 'orders', customerId, page],
    queryFn: ({ signal }) => listCustomerOrders(customerId, { page, limit: ORDERS_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = orders.data?.data ?? [];
  const wide = useWideScreen();

  return (
    <section aria-labelledby="orders-title" className="mt-6">
      <h2 id="orders-title" className="mb-3 text-lg font-semibold text-strong">
        Orders
      </h2>
      {orders.isPending ? (
        <div aria-hidden="true" className="card h-48 animate-pulse" />
      ) : orders.isError ? (
        <InlineError title="Could not load the orders" onRetry={() => void orders.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card px-5 py-10 text-center text-sm text-muted">No orders yet.</div>
      ) : (
        <div className="card" aria-busy={orders.isFetching}>
          {wide ? (
            <ScrollTable label="Orders of this customer">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <TableHead columns={ORDER_COLUMNS} />
                <tbody className="divide-y divide-line">
                  {rows.map((order) => (
                    <OrderRow key={order.id} order={order} />
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          ) : (
            <ul aria-label="Orders of this customer" className="divide-y divide-line">
              {rows.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </ul>
          )}
          <Pager
            page={orders.data.pagination.page}
            totalPages={orders.data.pagination.totalPages}
            total={orders.data.pagination.total}
            noun={['order', 'orders']}
            onPage={(next) => setParam('page', String(next))}
          />
        </div>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: AdminOrderListItem }) {
  return (
    <tr>
      <td className="px-5 py-3 whitespace-nowrap">
        <Link
          to={`/admin/orders/${order.id}`}
          className="font-mono font-medium text-strong underline-offset-4 hover:underline"
        >
          {order.order_number}
        </Link>
      </td>
      <td className="px-5 py-3 whitespace-nowrap">{formatDateTime(order.created_at)}</td>
      <td className="px-5 py-3">
        <OrderStatusBadge status={order.status} />
      </td>
      <td className="px-5 py-3">
        <PaymentStatusBadge status={order.payment_status} />
      </td>
      <td className="px-5 py-3 text-right font-medium whitespace-nowrap text-strong tabular-nums">
        {money(order.total)}
        {order.refunded_amount > 0 && (
          <span className="block text-xs font-normal text-muted">−{money(order.refunded_amount)} refunded</span>
        )}
      </td>
    </tr>
  );
}

function OrderCard({ order }: { order: AdminOrderListItem }) {
  return (
    <li className="px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <Link
          to={`/admin/orders/${order.id}`}
          className="font-mono font-medium text-strong underline-offset-4 hover:underline"
        >
          {order.order_number}
        </Link>
        <span className="font-medium text-strong tabular-nums">{money(order.total)}</span>
      </div>
      <p className="mt-0.5 text-xs text-muted">{formatDateTime(order.created_at)}</p>
      <p className="mt-1.5 flex flex-wrap gap-1.5">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.payment_status} />
      </p>
    </li>
  );
}
