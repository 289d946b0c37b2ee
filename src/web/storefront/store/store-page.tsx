import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Pagination } from '#shared/contracts/common.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Breadcrumbs } from '#web/ui/breadcrumbs.tsx';
import { Container } from '#web/ui/container.tsx';
import { EmptyState } from '#web/ui/empty-state.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { ProductGrid, ProductGridSkeleton } from '#web/ui/product-grid.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { categoriesQuery } from '../categories/category-queries.ts';
import { productListQuery } from '../products/product-queries.ts';
import { loadProductPage, prefetchAfter } from '../screens.ts';
import { readStoreParams } from './store-params.ts';

// Icons only this screen draws (kept here so they load with it, not with every page).
const chevronLeftIcon = 'm15 18-6-6 6-6';
const chevronRightIcon = 'm9 18 6-6-6-6';

export function StorePage() {
  const [searchParams] = useSearchParams();
  const params = readStoreParams(searchParams);
  const { currency } = getSiteConfig();
  const products = useQuery({ ...productListQuery(params), placeholderData: keepPreviousData });
  const categories = useQuery({ ...categoriesQuery, enabled: params.category !== undefined });
  const categoryName = params.category
    ? (categories.data?.find((category) => category.slug === params.category)?.name ?? 'Products')
    : 'All products';
  const title = params.search ? `Results for “${params.search}”` : categoryName;
  usePageTitle(params.page > 1 ? `${title}, page ${params.page}` : title);
  useEffect(() => prefetchAfter(loadProductPage, 1000), []);

  const filtered = params.search !== undefined || params.category !== undefined;

  return (
    <Container className="py-8 sm:py-10">
      <div className="mb-6 flex flex-col gap-1 sm:mb-8">
        <Breadcrumbs
          items={[
            { to: '/', label: 'Home' },
            { to: filtered ? '/store' : undefined, label: 'Store' },
          ]}
        />
        <h1 className="text-3xl font-bold tracking-tight text-strong sm:text-4xl">{title}</h1>
        <p className="min-h-6 text-muted" aria-live="polite">
          {products.data && <ResultCount total={products.data.pagination.total} />}
          {filtered && (
            <>
              {' · '}
              <Link to="/store" className="text-link">
                Clear filters
              </Link>
            </>
          )}
        </p>
      </div>

      {products.isError && !products.data ? (
        <InlineError title="Products could not be loaded" onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <ProductGridSkeleton count={8} />
      ) : products.data.data.length === 0 ? (
        <NoProducts page={params.page} filtered={filtered} searchParams={searchParams} />
      ) : (
        <div className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ProductGrid products={products.data.data} aboveFold currency={currency} heading="h2" />
          <PageLinks pagination={products.data.pagination} searchParams={searchParams} />
        </div>
      )}
    </Container>
  );
}

function ResultCount({ total }: { total: number }) {
  return (
    <>
      {total.toLocaleString('en-US')} {total === 1 ? 'product' : 'products'}
    </>
  );
}

interface NoProductsProps {
  page: number;
  filtered: boolean;
  searchParams: URLSearchParams;
}

function NoProducts({ page, filtered, searchParams }: NoProductsProps) {
  if (page > 1) {
    return (
      <EmptyState title="This page is empty">
        <Link to={pageHref(searchParams, 1)} className="text-link">
          Go to the first page
        </Link>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No products found">
      {filtered ? (
        <>
          Try another search or{' '}
          <Link to="/store" className="text-link">
            see all products
          </Link>
          .
        </>
      ) : (
        'The catalogue is empty for now. Please check back soon.'
      )}
    </EmptyState>
  );
}

function pageHref(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return query ? `/store?${query}` : '/store';
}

function PageLinks({ pagination, searchParams }: { pagination: Pagination; searchParams: URLSearchParams }) {
  if (pagination.totalPages <= 1) return null;
  const { page, totalPages, hasPrev, hasNext } = pagination;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {hasPrev ? (
        <Link to={pageHref(searchParams, page - 1)} className="btn-secondary px-4" rel="prev">
          <Icon d={chevronLeftIcon} className="size-4" />
          Previous
        </Link>
      ) : (
        <span className="btn-secondary px-4 opacity-50" aria-disabled="true">
          <Icon d={chevronLeftIcon} className="size-4" />
          Previous
        </span>
      )}
      <p className="text-sm text-muted">
        Page <span className="font-semibold text-strong">{page}</span> of {totalPages}
      </p>
      {hasNext ? (
        <Link to={pageHref(searchParams, page + 1)} className="btn-secondary px-4" rel="next">
          Next
          <Icon d={chevronRightIcon} className="size-4" />
        </Link>
      ) : (
        <span className="btn-secondary px-4 opacity-50" aria-disabled="true">
          Next
          <Icon d={chevronRightIcon} className="size-4" />
        </span>
      )}
    </nav>
  );
}
