import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Customer } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { Pager } from '../ui/pager.tsx';
import { ScrollTable, TableHead } from '../ui/scroll-table.tsx';
import { useDebouncedSearch, useListParams } from '../ui/use-list-params.ts';
import { ADMIN_CUSTOMERS_KEY, listCustomers } from './customer-api.ts';
import { CustomerDialog } from './customer-dialog.tsx';
import { useWideScreen } from './use-wide-screen.ts';

const PAGE_SIZES = ['10', '20', '50', '100'] as const;
export const CUSTOMER_SORTS = [
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

const COLUMNS = [
  'Name',
  'Phone',
  'Email',
  { label: 'Orders', align: 'right' },
  { label: 'Total spent', align: 'right' },
  'Last order',
] as const;

/**
 * `/admin/customers`: everyone who has ordered (checkout links each order to a customer by phone)
 * and everyone staff added. Search, sort and page live in the URL, as on the other admin lists.
 */
export function CustomersPage() {
  const navigate = useNavigate();
  const { params, setParams, setParam } = useListParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(params.get('limit') as (typeof PAGE_SIZES)[number])
    ? Number(params.get('limit'))
    : 20;
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useDebouncedSearch(search, (value) => setParam('search', value));
  const sort = CUSTOMER_SORTS.some(([value]) => value === params.get('sort'))
    ? (params.get('sort') as string)
    : CUSTOMER_SORTS[0][0];
  const [sortBy, sortOrder] = sort.split(':');
  const [adding, setAdding] = useState(false);
  const wide = useWideScreen();

  const query = { page, limit, search, sort_by: sortBy, sort_order: sortOrder };
  const customers = useQuery({
    queryKey: [...ADMIN_CUSTOMERS_KEY, 'list', query],
    queryFn: ({ signal }) => listCustomers(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = customers.data?.data ?? [];

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
      <search className="mb-3 flex flex-wrap items-center gap-3">
        <label className="min-w-0 flex-[1_1_16rem]">
          <span className="sr-only">Search customers</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Search name, phone or email"
            className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm"
          />
        </label>
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted" aria-hidden="true">
            Sort
          </span>
          <FilterSelect
            label="Sort customers"
            value={sort}
            options={CUSTOMER_SORTS}
            onChange={(value) => setParam('sort', value === CUSTOMER_SORTS[0][0] ? '' : value)}
          />
        </div>
        {search && (
          <button
            type="button"
            className="text-sm font-medium text-accent underline-offset-4 hover:underline"
            onClick={() => {
              setSearchText('');
              setParams(new URLSearchParams(params.get('sort') ? { sort } : {}), { replace: true });
            }}
          >
            Clear search
          </button>
        )}
      </search>

      {customers.isPending ? (
        <div aria-hidden="true" className="card h-96 animate-pulse" />
      ) : customers.isError ? (
        <InlineError title="Could not load the customers" onRetry={() => void customers.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card px-5 py-12 text-center">
          <p className="font-medium text-strong">{search ? 'No customers match this search.' : 'No customers yet.'}</p>
          <p className="mt-1 text-sm text-muted">
            {search
              ? 'Try a name, a phone number (any form) or an email.'
              : 'Customers appear here with their first order, or add one yourself.'}
          </p>
          {!search && <div className="mt-5">{addButton}</div>}
        </div>
      ) : (
        <div className="card" aria-busy={customers.isFetching}>
          {wide ? (
            <ScrollTable label="Customers">
              <table className="w-full min-w-[48rem] text-left text-sm">
                <TableHead columns={COLUMNS} />
                <tbody className="divide-y divide-line">
                  {rows.map((customer) => (
                    <CustomerRow key={customer.id} customer={customer} />
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          ) : (
            <ul aria-label="Customers" className="divide-y divide-line">
              {rows.map((customer) => (
                <CustomerCard key={customer.id} customer={customer} />
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center justify-between gap-x-4 border-t border-line">
            <div className="flex items-center gap-2 px-5 pt-3 text-sm text-muted sm:pt-0">
              <span aria-hidden="true">Per page</span>
              <FilterSelect
                label="Customers per page"
                value={String(limit)}
                options={PAGE_SIZES.map((size) => [size, size] as const)}
                onChange={(value) => setParam('limit', value === '20' ? '' : value)}
              />
            </div>
            {/* Full width on phones: beside the page size, the pager's buttons would run off the card. */}
            <div className="w-full min-w-0 sm:w-auto sm:flex-1 [&>nav]:border-t-0">
              <Pager
                page={customers.data.pagination.page}
                totalPages={customers.data.pagination.totalPages}
                total={customers.data.pagination.total}
                noun={['customer', 'customers']}
                onPage={(next) => setParam('page', String(next))}
              />
            </div>
          </div>
        </div>
      )}

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

const muted = <span className="text-muted">—</span>;

function CustomerRow({ customer }: { customer: Customer }) {
  return (
    <tr>
      <td className="px-5 py-3">
        <Link
          to={`/admin/customers/${customer.id}`}
          className="font-medium text-strong underline-offset-4 hover:underline"
        >
          {customer.name}
        </Link>
      </td>
      <td className="px-5 py-3 whitespace-nowrap tabular-nums">
        {customer.phone ? formatPhone(customer.phone) : muted}
      </td>
      <td className="max-w-64 truncate px-5 py-3">{customer.email ?? muted}</td>
      <td className="px-5 py-3 text-right tabular-nums">{customer.orders_count}</td>
      <td className="px-5 py-3 text-right font-medium whitespace-nowrap text-strong tabular-nums">
        {money(customer.total_spent)}
      </td>
      <td className="px-5 py-3 whitespace-nowrap">
        {customer.last_order_at ? formatDateTime(customer.last_order_at) : <span className="text-muted">Never</span>}
      </td>
    </tr>
  );
}

function CustomerCard({ customer }: { customer: Customer }) {
  return (
    <li className="px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <Link
          to={`/admin/customers/${customer.id}`}
          className="min-w-0 truncate font-medium text-strong underline-offset-4 hover:underline"
        >
          {customer.name}
        </Link>
        <span className="shrink-0 font-medium text-strong tabular-nums">{money(customer.total_spent)}</span>
      </div>
      <p className="mt-0.5 truncate text-sm text-muted">
        {[customer.phone && formatPhone(customer.phone), customer.email].filter(Boolean).join(' · ') || '—'}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        {customer.orders_count} {customer.orders_count === 1 ? 'order' : 'orders'} · Last order{' '}
        {customer.last_order_at ? formatDateTime(customer.last_order_at) : 'never'}
      </p>
    </li>
  );
}
