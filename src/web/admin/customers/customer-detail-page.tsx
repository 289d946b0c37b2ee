import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Customer } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import {
  ORDER_DATE,
  ORDER_NUMBER,
  ORDER_PAYMENT,
  ORDER_STATUS,
  ORDER_TOTAL,
} from '#web/admin/shared/order-columns.tsx';
import { ADMIN_ORDERS_KEY } from '#web/admin/shared/order-keys.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { AdminList } from '../ui/admin-list.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DetailCard, DetailColumns, DetailHeader, DetailPage } from '../ui/detail-layout.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { StatTile } from '../ui/stat-tile.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { CustomerAccountCard } from './customer-account-card.tsx';
import {
  ADMIN_CUSTOMERS_KEY,
  deleteCustomer,
  getCustomer,
  invalidateCustomers,
  listCustomerOrders,
} from './customer-api.ts';
import { CustomerDialog } from './customer-dialog.tsx';

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

  return (
    <DetailPage
      query={customer}
      noun="customer"
      back={BACK}
      missingText="This customer does not exist, or was deleted."
    >
      {(record) => <CustomerDetail customer={record} />}
    </DetailPage>
  );
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
        side={
          <>
            <ContactCard customer={customer} />
            {!anonymised && <CustomerAccountCard customer={customer} />}
          </>
        }
        main={
          <>
            <section aria-label="Order totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <StatTile label="Orders" value={String(customer.orders_count)} />
              <StatTile label="Total spent" value={money(customer.total_spent)} />
              <StatTile
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

const CUSTOMER_ORDER_LIST: ListDefinition = { noun: ['order', 'orders'], pageSize: ORDERS_PER_PAGE };

const ORDER_COLUMNS = [ORDER_NUMBER, ORDER_DATE, ORDER_STATUS, ORDER_PAYMENT, ORDER_TOTAL];

function CustomerOrders({ customerId }: { customerId: string }) {
  const list = useListState(CUSTOMER_ORDER_LIST);
  const orders = useListQuery([...ADMIN_CUSTOMERS_KEY, 'orders', customerId], list.query, (query, signal) =>
    listCustomerOrders(customerId, query, signal),
  );

  return (
    <section aria-labelledby="orders-title" className="mt-6">
      <h2 id="orders-title" className="mb-3 text-lg font-semibold text-strong">
        Orders
      </h2>
      <AdminList
        list={list}
        query={orders}
        label="Orders of this customer"
        columns={ORDER_COLUMNS}
        empty={{ title: 'No orders yet.' }}
        tableClassName="min-w-[36rem]"
      />
    </section>
  );
}
