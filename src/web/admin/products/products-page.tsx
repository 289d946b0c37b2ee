import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminProduct } from '#shared/contracts/admin-products.ts';
import { srcSetFor } from '#shared/images.ts';
import { Icon, imageIcon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { money } from '../ui/format.ts';
import { Pager } from '../ui/pager.tsx';
import { ScrollTable } from '../ui/scroll-table.tsx';
import { ActiveBadge, StockBadge } from '../ui/status-badge.tsx';
import { useDebouncedSearch, useListParams } from '../ui/use-list-params.ts';
import { BulkActionBar } from './bulk-actions.tsx';
import { ADMIN_PRODUCTS_KEY, adminCategoriesQuery, categoryOptions, listAdminProducts } from './product-api.ts';

const PAGE_SIZES = ['10', '20', '50', '100'] as const;
const STATUS_FILTERS = [
  ['', 'Any status'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
] as const;
const STOCK_FILTERS = [
  ['', 'Any stock'],
  ['in', 'In stock'],
  ['low', 'Low stock'],
  ['out', 'Out of stock'],
] as const;
const FEATURED_FILTERS = [
  ['', 'Featured or not'],
  ['true', 'Featured'],
  ['false', 'Not featured'],
] as const;
const SORTS = [
  ['created_at:desc', 'Newest first'],
  ['created_at:asc', 'Oldest first'],
  ['updated_at:desc', 'Recently updated'],
  ['name:asc', 'Name A–Z'],
  ['name:desc', 'Name Z–A'],
  ['price:asc', 'Price, low to high'],
  ['price:desc', 'Price, high to low'],
  ['stock_quantity:asc', 'Stock, lowest first'],
  ['stock_quantity:desc', 'Stock, highest first'],
  ['sku:asc', 'SKU'],
] as const;

/**
 * `/admin/products`: every product, inactive too. Search, filters, sort and page live in the URL,
 * so a filtered view (the dashboard's "low stock" link) can be bookmarked and shared. Rows can be
 * selected for the bulk actions.
 */
export function ProductsPage() {
  const { params, setParams, setParam } = useListParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.includes(params.get('limit') as (typeof PAGE_SIZES)[number])
    ? Number(params.get('limit'))
    : 20;
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useDebouncedSearch(search, (value) => setParam('search', value));
  const category = params.get('category') ?? '';
  const status = params.get('status') ?? '';
  const stock = params.get('stock') ?? '';
  const featured = params.get('featured') ?? '';
  const sort = SORTS.some(([value]) => value === params.get('sort')) ? (params.get('sort') as string) : SORTS[0][0];
  const [sortBy, sortOrder] = sort.split(':');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const filters = { page, limit, search, category, status, stock, featured, sort_by: sortBy, sort_order: sortOrder };
  const products = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'list', filters],
    queryFn: () => listAdminProducts(filters),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(adminCategoriesQuery);

  // A selection belongs to what is on screen: a new page or filter starts afresh.
  const viewKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey is the trigger.
  useEffect(() => setSelected(new Set()), [viewKey]);

  const rows = products.data?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtered = Boolean(search || category || status || stock || featured);
  const lowStockView = stock === 'low';

  return (
    <>
      <AdminPageHeader
        title={lowStockView ? 'Low stock' : 'Products'}
        description={
          lowStockView
            ? 'Active and inactive products at or under their low-stock threshold. Restock or adjust them here.'
            : 'Everything in the catalogue, including inactive products.'
        }
        actions={
          <Link to="/admin/products/new" className="btn-primary">
            New product
          </Link>
        }
      />
      <search className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[2fr_repeat(4,minmax(0,1fr))]">
        <label className="col-span-2 lg:col-span-1">
          <span className="sr-only">Search products</span>
          <input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder="Search name, SKU, brand or tag"
            className="block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-base sm:text-sm"
          />
        </label>
        <FilterSelect
          label="Category"
          value={category}
          options={[['', 'All categories'], ['none', 'Uncategorised'], ...categoryOptions(categories.data ?? [])]}
          onChange={(value) => setParam('category', value)}
        />
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_FILTERS}
          onChange={(value) => setParam('status', value)}
        />
        <FilterSelect
          label="Stock"
          value={stock}
          options={STOCK_FILTERS}
          onChange={(value) => setParam('stock', value)}
        />
        <FilterSelect
          label="Featured"
          value={featured}
          options={FEATURED_FILTERS}
          onChange={(value) => setParam('featured', value)}
        />
      </search>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted" aria-hidden="true">
            Sort
          </span>
          <FilterSelect
            label="Sort products"
            value={sort}
            options={SORTS}
            onChange={(value) => setParam('sort', value)}
          />
        </div>
        {filtered && (
          <button
            type="button"
            className="text-sm font-medium text-accent underline-offset-4 hover:underline"
            onClick={() => {
              setSearchText('');
              setParams(new URLSearchParams(params.get('sort') ? { sort } : {}), { replace: true });
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      {selected.size > 0 && (
        <BulkActionBar
          productIds={[...selected]}
          categories={categories.data ?? []}
          onDone={() => setSelected(new Set())}
          onClear={() => setSelected(new Set())}
        />
      )}

      {products.isPending ? (
        <div aria-hidden="true" className="card h-96 animate-pulse" />
      ) : products.isError ? (
        <InlineError title="Could not load the products" onRetry={() => void products.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card px-5 py-12 text-center">
          <p className="font-medium text-strong">
            {filtered ? 'No products match these filters.' : 'No products yet.'}
          </p>
          <p className="mt-1 text-sm text-muted">
            {filtered ? 'Try another search or clear the filters.' : 'Add the first product to open the store.'}
          </p>
          {!filtered && (
            <Link to="/admin/products/new" className="btn-primary mt-5 inline-flex">
              New product
            </Link>
          )}
        </div>
      ) : (
        <div className="card" aria-busy={products.isFetching}>
          <ScrollTable label="Products">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="w-10 py-3 pr-1 pl-5">
                    <input
                      type="checkbox"
                      aria-label="Select every product on this page"
                      checked={allSelected}
                      onChange={toggleAll}
                      className="size-4 accent-accent"
                    />
                  </th>
                  <TableHeadCells />
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((product) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    selected={selected.has(product.id)}
                    onToggle={() => toggle(product.id)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <div className="flex flex-wrap items-center justify-between gap-x-4 border-t border-line">
            <div className="flex items-center gap-2 px-5 pt-3 text-sm text-muted sm:pt-0">
              <span aria-hidden="true">Per page</span>
              <FilterSelect
                label="Products per page"
                value={String(limit)}
                options={PAGE_SIZES.map((size) => [size, size] as const)}
                onChange={(value) => setParam('limit', value === '20' ? '' : value)}
              />
            </div>
            <div className="min-w-0 flex-1 [&>nav]:border-t-0">
              <Pager
                page={products.data.pagination.page}
                totalPages={products.data.pagination.totalPages}
                total={products.data.pagination.total}
                noun={['product', 'products']}
                onPage={(next) => setParam('page', String(next))}
              />
            </div>
          </div>
        </div>
      )}
    </>
  );
}

/** The column headers after the selection checkbox (ui/scroll-table's TableHead renders a whole row). */
function TableHeadCells() {
  const columns = ['Product', 'SKU', 'Category', 'Price', 'Stock', 'Status', 'Featured'];
  return (
    <>
      {columns.map((label) => (
        <th key={label} scope="col" className={`px-4 py-3 font-medium ${label === 'Price' ? 'text-right' : ''}`}>
          {label}
        </th>
      ))}
    </>
  );
}

function ProductRow({
  product,
  selected,
  onToggle,
}: {
  product: AdminProduct;
  selected: boolean;
  onToggle: () => void;
}) {
  const image = product.images[0];
  return (
    <tr className={selected ? 'bg-accent-soft' : undefined}>
      <td className="py-3 pr-1 pl-5">
        <input
          type="checkbox"
          aria-label={`Select ${product.name}`}
          checked={selected}
          onChange={onToggle}
          className="size-4 accent-accent"
        />
      </td>
      <td className="px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          {image ? (
            <img
              src={image}
              srcSet={srcSetFor(image)}
              sizes="48px"
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-lg border border-line bg-white object-contain"
            />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-subtle text-muted">
              <Icon d={imageIcon} />
            </span>
          )}
          <div className="min-w-0">
            <Link
              to={`/admin/products/${product.id}`}
              className="line-clamp-2 font-medium text-strong underline-offset-4 hover:underline"
            >
              {product.name}
            </Link>
            {product.brand && <p className="truncate text-xs text-muted">{product.brand}</p>}
          </div>
        </div>
      </td>
      <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{product.sku}</td>
      <td className="px-4 py-3 whitespace-nowrap">{product.category?.name ?? <span className="text-muted">—</span>}</td>
      <td className="px-4 py-3 text-right whitespace-nowrap">
        <span className="font-medium text-strong">{money(product.price)}</span>
        {product.compare_at_price !== null && (
          <span className="block text-xs text-muted line-through">{money(product.compare_at_price)}</span>
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <span className="mr-2 tabular-nums">{product.stock_quantity}</span>
        <StockBadge state={product.stock_state} />
      </td>
      <td className="px-4 py-3">
        <ActiveBadge active={product.is_active} inactiveLabel="Inactive" />
      </td>
      <td className="px-4 py-3">{product.featured ? 'Yes' : <span className="text-muted">No</span>}</td>
    </tr>
  );
}
