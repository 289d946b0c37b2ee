import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Customer } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { DemoBadge } from '../ui/status-badge.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { AccountBadge } from './customer-account-card.tsx';
import { ADMIN_CUSTOMERS_KEY, listCustomers } from './customer-api.ts';
import { CustomerDialog } from './customer-dialog.tsx';

const CUSTOMER_SORTS = [
  ['last_order_at:desc', 'Last order, newest first'],
  ['last_order_at:asc', 'Last order, oldest first'],
  ['name:asc', 'Name A–Z'],
  ['name:desc', 'Name Z–A'],
  ['orders_count:desc', 'Most orders'],
  ['orders_count:asc', 'Fewest orders'],
  ['total_spent:desc', 'Total spent, highest first'],
  ['total_spent:asc', 'Total spent, lowest first'],
  ['created_at:desc', 'Newest customers'],
] as const;

const CUSTOMER_LIST: ListDefinition = {
  noun: ['customer', 'customers'],
  searchPlaceholder: 'Search name, phone or email',
  filters: [
    {
      key: 'has_account',
      label: 'Account',
      options: [
        ['', 'All customers'],
        ['true', 'With an account'],
        ['false', 'Guests only'],
      ],
    },
  ],
  sorts: CUSTOMER_SORTS,
  pageSizes: ADMIN_PAGE_SIZES,
};

const none = <span className="text-muted">—</span>;

const COLUMNS: ReadonlyArray<ListColumn<Customer>> = [
  {
    header: 'Name',
    card: 'title',
    cell: (customer) => (
      <>
        <RecordLink to={`/admin/customers/${customer.id}`}>{customer.name}</RecordLink>
        {customer.is_demo && (
          <>
            {' '}
            <DemoBadge />
          </>
        )}
      </>
    ),
  },
  {
    header: 'Phone',
    card: 'subtitle',
    className: 'whitespace-nowrap tabular-nums',
    cell: (customer) => (customer.phone ? formatPhone(customer.phone) : none),
    // One line on a phone: how to reach them.
    cardCell: (customer) =>
      [customer.phone && formatPhone(customer.phone), customer.email].filter(Boolean).join(' · ') || '—',
  },
  {
    header: 'Email',
    card: 'hidden',
    className: 'max-w-64 [overflow-wrap:anywhere]',
    cell: (customer) => customer.email ?? none,
  },
  {
    header: 'Account',
    card: 'badge',
    className: 'whitespace-nowrap',
    cell: (customer) => <AccountBadge account={customer.account} />,
  },
  {
    header: 'Orders',
    card: 'line',
    align: 'right',
    className: 'tabular-nums',
    cell: (customer) => customer.orders_count,
  },
  {
    header: 'Total spent',
    card: 'aside',
    align: 'right',
    className: 'font-medium whitespace-nowrap text-strong tabular-nums',
    cell: (customer) => money(customer.total_spent),
  },
  {
    header: 'Last order',
    card: 'line',
    className: 'whitespace-nowrap',
    cell: (customer) =>
      customer.last_order_at ? formatDateTime(customer.last_order_at) : <span className="text-muted">Never</span>,
  },
];

/**
 * `/admin/customers`: everyone who has ordered (checkout links each order to a customer by phone)
 * and everyone staff added. Search, sort and page live in the URL, as on the other admin lists.
 */
export function CustomersPage() {
  const navigate = useNavigate();
  const list = useListState(CUSTOMER_LIST);
  const [adding, setAdding] = useState(false);
  const customers = useListQuery([...ADMIN_CUSTOMERS_KEY, 'list'], list.query, listCustomers);
  const addButton = (
    <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
      Add customer
    </button>
  );

  return (
    <>
      <AdminPageHeader
        title="Customers"
        description="Everyone who has ordered, found by phone number, and the customers you added."
        actions={addButton}
      />
      <ListFilters list={list} />
      <AdminList
        list={list}
        query={customers}
        columns={COLUMNS}
        empty={{
          title: 'No customers yet.',
          hint: 'Customers appear here with their first order, or add one yourself.',
          action: addButton,
          filteredTitle: 'No customers match this search.',
          filteredHint: 'Try a name, a phone number (any form) or an email.',
        }}
        tableClassName="min-w-[48rem]"
      />
      {adding && (
        <CustomerDialog
          customer={null}
          onClose={() => setAdding(false)}
          onSaved={(saved) => navigate(`/admin/customers/${saved.id}`)}
        />
      )}
    </>
  );
}
