import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminProduct, AdminProductVariant } from '#shared/contracts/admin-products.ts';
import { lineLabel } from '#shared/product-variants.ts';
import {
  ADMIN_PRODUCTS_KEY,
  adminCategoriesQuery,
  categoryOptions,
  listAdminProducts,
} from '#web/admin/shared/product-lookups.ts';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { AdminList } from '../ui/admin-list.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { money, moneyRange } from '../ui/format.ts';
import { ListFilters } from '../ui/list-filters.tsx';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { ActiveBadge, DemoBadge, StockBadge } from '../ui/status-badge.tsx';
import { useListQuery } from '../ui/use-list-query.ts';
import { ADMIN_PAGE_SIZES, type ListDefinition, useListState } from '../ui/use-list-state.ts';
import { useRowSelection } from '../ui/use-row-selection.ts';
import { ProductBulkActions } from './bulk-actions.tsx';

const PRODUCT_LIST: ListDefinition = {
  noun: ['product', 'products'],
  searchPlaceholder: 'Search name, SKU, brand or tag',
  filters: [
    // The choices are the categories, loaded at run time; any id is passed on (the server checks it).
    { key: 'category', label: 'Category', accepts: () => true },
    {
      key: 'status',
      label: 'Status',
      options: [
        ['', 'Any status'],
        ['active', 'Active'],
        ['inactive', 'Inactive'],
      ],
    },
    {
      key: 'stock',
      label: 'Stock',
      options: [
        ['', 'Any stock'],
        ['in', 'In stock'],
        ['low', 'Low stock'],
        ['out', 'Out of stock'],
      ],
    },
    {
      key: 'featured',
      label: 'Featured',
      options: [
        ['', 'Featured or not'],
        ['true', 'Featured'],
        ['false', 'Not featured'],
      ],
    },
  ],
  sorts: [
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
  ],
  pageSizes: ADMIN_PAGE_SIZES,
};

const none = <span className="text-muted">—</span>;

const COLUMNS: ReadonlyArray<ListColumn<AdminProduct>> = [
  { header: 'Product', card: 'title', cell: (product) => <ProductName product={product} /> },
  { header: 'SKU', card: 'line', className: 'font-mono text-xs whitespace-nowrap', cell: (product) => product.sku },
  {
    header: 'Category',
    card: 'line',
    className: 'whitespace-nowrap',
    cell: (product) => product.category?.name ?? none,
  },
  {
    header: 'Price',
    card: 'aside',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (product) => (
      <>
        <span className="font-medium text-strong">{moneyRange(product.price, product.price_max)}</span>
        {product.compare_at_price !== null && (
          <span className="block text-xs font-normal text-muted line-through">{money(product.compare_at_price)}</span>
        )}
      </>
    ),
  },
  {
    header: 'Stock',
    card: 'line',
    className: 'whitespace-nowrap',
    cell: (product) => (
      <>
        <span className="mr-2 tabular-nums">{product.stock_quantity}</span>
        <StockBadge state={product.stock_state} />
      </>
    ),
  },
  {
    header: 'Status',
    card: 'badge',
    cell: (product) => (
      <span className="inline-flex flex-wrap gap-1">
        <ActiveBadge active={product.is_active} inactiveLabel="Inactive" />
        {product.is_demo && <DemoBadge />}
      </span>
    ),
  },
  {
    header: 'Featured',
    card: 'hidden',
    cell: (product) => (product.featured ? 'Yes' : <span className="text-muted">No</span>),
  },
];

/** A row of the low-stock view: one variant of a product the server found low. */
interface LowVariant {
  id: string;
  product: AdminProduct;
  variant: AdminProductVariant;
}

/**
 * The low or out variants of the products the server returns for the low-stock filter (a product
 * is low when any active variant is at or under its threshold): what to restock, by option.
 */
export function lowVariantsOf(products: readonly AdminProduct[]): LowVariant[] {
  return products.flatMap((product) =>
    product.variants
      .filter((variant) => variant.is_active && variant.stock_state !== 'in')
      .sort((a, b) => a.sort_order - b.sort_order)
      .map((variant) => ({ id: variant.id, product, variant })),
  );
}

const LOW_STOCK_COLUMNS: ReadonlyArray<ListColumn<LowVariant>> = [
  {
    header: 'Variant',
    card: 'title',
    cell: ({ product, variant }) => (
      <ProductName
        product={product}
        image={variant.image ?? product.images[0]}
        label={lineLabel(product.name, variant.options, product.variations)}
      />
    ),
  },
  { header: 'SKU', card: 'line', className: 'font-mono text-xs whitespace-nowrap', cell: ({ variant }) => variant.sku },
  {
    header: 'Stock',
    card: 'aside',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: ({ variant }) => (
      <>
        <span className="mr-2 tabular-nums">{variant.stock_quantity}</span>
        <StockBadge state={variant.stock_state} />
      </>
    ),
  },
  {
    header: 'Threshold',
    card: 'line',
    align: 'right',
    className: 'tabular-nums',
    cell: ({ variant }) => variant.low_stock_threshold,
  },
  {
    header: 'Status',
    card: 'badge',
    cell: ({ product }) => <ActiveBadge active={product.is_active} inactiveLabel="Inactive" />,
  },
];

/**
 * `/admin/products`: every product, inactive too. Search, filters, sort and page live in the URL,
 * so a filtered view (the dashboard's "low stock" link) can be bookmarked and shared. Rows can be
 * selected for the bulk actions.
 */
export function ProductsPage() {
  const list = useListState(PRODUCT_LIST);
  const products = useListQuery([...ADMIN_PRODUCTS_KEY, 'list'], list.query, listAdminProducts);
  const categories = useQuery(adminCategoriesQuery);
  const rows = products.data?.data ?? [];
  const selection = useRowSelection(
    rows.map((row) => row.id),
    list.viewKey,
  );
  const lowStockView = list.filters.stock === 'low';
  const newProduct = (
    <Link to="/admin/products/new" className="btn-primary">
      New product
    </Link>
  );

  return (
    <>
      <AdminPageHeader
        title={lowStockView ? 'Low stock' : 'Products'}
        description={
          lowStockView
            ? 'The variants at or under their low-stock threshold, of active and inactive products. Open one to restock it.'
            : 'Everything in the catalogue, including inactive products.'
        }
        actions={newProduct}
      />
      <ListFilters
        list={list}
        choices={{
          category: [['', 'All categories'], ['none', 'Uncategorised'], ...categoryOptions(categories.data ?? [])],
        }}
      />
      {selection.count > 0 && !lowStockView && (
        <ProductBulkActions
          productIds={selection.ids}
          categories={categories.data ?? []}
          onDone={selection.clear}
          onClear={selection.clear}
        />
      )}
      {lowStockView ? (
        <AdminList
          list={list}
          query={{
            isPending: products.isPending,
            isError: products.isError,
            isFetching: products.isFetching,
            refetch: products.refetch,
            data: products.data && { ...products.data, data: lowVariantsOf(products.data.data) },
          }}
          columns={LOW_STOCK_COLUMNS}
          label="Variants low on stock"
          empty={{
            title: 'Nothing is low on stock.',
            hint: 'Every active variant is above its threshold.',
            filteredTitle: 'Nothing low on stock matches these filters.',
          }}
          tableClassName="min-w-[44rem]"
        />
      ) : (
        <AdminList
          list={list}
          query={products}
          columns={COLUMNS}
          selection={{
            state: selection,
            rowLabel: (product) => `Select ${product.name}`,
            allLabel: 'Select every product on this page',
          }}
          empty={{ title: 'No products yet.', hint: 'Add the first product to open the store.', action: newProduct }}
          tableClassName="min-w-[56rem]"
        />
      )}
    </>
  );
}

/** The product's photo and linked name; the low-stock view passes the variant's photo and label. */
function ProductName({
  product,
  image = product.images[0],
  label = product.name,
}: {
  product: AdminProduct;
  image?: string;
  label?: string;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ProductThumb src={image} />
      <div className="min-w-0">
        <RecordLink to={`/admin/products/${product.id}`} className="line-clamp-2">
          {label}
        </RecordLink>
        {product.brand && <p className="truncate text-xs font-normal text-muted">{product.brand}</p>}
      </div>
    </div>
  );
}
