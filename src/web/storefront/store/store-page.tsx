import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Category } from '#shared/contracts/categories.ts';
import type { SearchHit, SearchResponse } from '#shared/contracts/search.ts';
import { isFilteredQuery, type StoreQuery, storeSearchRequest } from '#shared/store-query.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { categoriesQuery } from '#web/storefront/catalogue-kit/category-queries.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/storefront/catalogue-kit/product-grid.tsx';
import { RecentlyViewed } from '#web/storefront/catalogue-kit/recently-viewed.tsx';
import { searchQuery } from '#web/storefront/catalogue-kit/search-queries.ts';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { EmptyState } from '#web/storefront/ui/empty-state.tsx';
import { OfflineUnavailableNotice } from '#web/storefront/ui/offline-unavailable-lazy.tsx';
import { Pagination } from '#web/storefront/ui/pagination.tsx';
import { prefetchScreen } from '#web/storefront/ui/prefetch-screen.ts';
import { useUnavailableOffline } from '#web/storefront/ui/use-online.ts';
import { usePreferencesStore } from '#web/stores/preferences-store.ts';
import { Container } from '#web/ui/container.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { ActiveFilters } from './active-filters.tsx';
import { findCategory } from './category-facets.ts';
import { ProductListItem } from './product-list-item.tsx';
import { StoreFilters } from './store-filters.tsx';
import { clearedStoreHref, storeHref, useStoreQuery } from './store-params.ts';
import { StoreToolbar } from './store-toolbar.tsx';
import { useMediaQuery } from './use-media-query.ts';

const filterIcon = 'M3 5h18M6 12h12M10 19h4';
const closeIcon = 'M6 6l12 12M18 6 6 18';

/** Tailwind's lg: from here the filters are a sidebar, below it a dialog. */
const WIDE_LAYOUT = '(min-width: 64rem)';

/** Three columns beside the filter panel from lg (the panel takes the fourth). */
const STORE_GRID_CLASS = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:gap-5';

/**
 * `/store`: the catalogue and the search results view. The URL holds the whole state (search
 * text, filters, sort, page, page size, view), read by `useStoreQuery` against the shopper's
 * preferences; one `POST /search` answers both the page of products and the filter counts.
 */
export function StorePage() {
  const { query, defaults, searchParams } = useStoreQuery();
  const { currency } = getSiteConfig();
  const request = storeSearchRequest(query);
  // A store page the server drew already holds this result in the query cache (decision 009).
  const results = useQuery({ ...searchQuery(request), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQuery);
  const isWide = useMediaQuery(WIDE_LAYOUT);
  const inStockByDefault = !defaults.showOutOfStock;
  const filtered = isFilteredQuery(query, defaults);
  const category = findCategory(categories.data, query.category);

  const heading = query.q
    ? `Results for “${query.q}”`
    : query.category
      ? (category?.name ?? 'Products')
      : 'All products';
  usePageTitle(query.page > 1 ? `${heading}, page ${query.page}` : heading);
  useEffect(() => prefetchScreen('product', 1000), []);

  const filterProps = {
    query,
    searchParams,
    categories: categories.data,
    choices: results.data?.facet_choices,
    inStockByDefault,
  };

  return (
    <Container className="py-6 sm:py-10">
      <div className="mb-5 flex flex-col gap-1 sm:mb-8">
        <Breadcrumbs
          items={[
            { to: '/', label: 'Home' },
            { to: filtered ? '/store' : undefined, label: 'Store' },
            ...(query.q ? [{ label: 'Search' }] : category ? [{ label: category.name }] : []),
          ]}
        />
        <h1 className="text-2xl font-bold tracking-tight text-balance break-words text-strong sm:text-4xl">
          {heading}
        </h1>
        {category?.description && !query.q && <p className="max-w-3xl text-muted">{category.description}</p>}
      </div>

      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        {/* Phones never draw the sidebar (its rows are work a slow phone would do for nothing): */}
        {/* their filters open in MobileFilters' dialog instead. */}
        {isWide && (
          <aside aria-label="Filters">
            <h2 className="sr-only">Filters</h2>
            <StoreFilters {...filterProps} />
          </aside>
        )}

        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2">
          <div className="flex flex-wrap items-center gap-3">
            <p className="mr-auto text-sm text-muted" aria-live="polite">
              {results.data && <ResultCount total={results.data.total} />}
            </p>
            <MobileFilters total={results.data?.total} {...filterProps} />
            <StoreToolbar query={query} searchParams={searchParams} />
          </div>
          <ActiveFilters
            query={query}
            searchParams={searchParams}
            categories={categories.data}
            inStockByDefault={inStockByDefault}
            currency={currency}
          />
          <Results
            query={query}
            results={results}
            searchParams={searchParams}
            filtered={filtered}
            currency={currency}
          />
        </div>
      </div>
      <RecentlyViewed className="mt-16 border-t border-line pt-10" />
    </Container>
  );
}

function ResultCount({ total }: { total: number }) {
  return (
    <>
      <span className="font-semibold text-fg">{total.toLocaleString('en-US')}</span>{' '}
      {total === 1 ? 'product' : 'products'}
    </>
  );
}

interface ResultsProps {
  query: StoreQuery;
  results: {
    data: SearchResponse | undefined;
    isError: boolean;
    isPending: boolean;
    isPlaceholderData: boolean;
    fetchStatus: 'fetching' | 'paused' | 'idle';
    failureCount: number;
    refetch: () => unknown;
  };
  searchParams: URLSearchParams;
  filtered: boolean;
  currency: string;
}

function Results({ query, results, searchParams, filtered, currency }: ResultsProps) {
  const { data } = results;
  // Offline, a search never made online has no copy: the previous results (kept while loading)
  // would stay dimmed for good, and with none the skeleton would (issue 32).
  const unavailableOffline = useUnavailableOffline({ ...results, data: results.isPlaceholderData ? undefined : data });
  if (unavailableOffline) return <OfflineUnavailableNotice what="These products" />;
  if (results.isError && !data) {
    return <InlineError title="Products could not be loaded" onRetry={() => void results.refetch()} />;
  }
  if (results.isPending || !data) {
    return <ProductGridSkeleton count={query.view === 'list' ? 4 : 6} className={STORE_GRID_CLASS} />;
  }
  if (data.hits.length === 0) {
    return <NoResults query={query} total={data.total} searchParams={searchParams} filtered={filtered} />;
  }
  const totalPages = Math.max(1, Math.ceil(data.total / query.limit));
  return (
    <div className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <HitList hits={data.hits} view={query.view} currency={currency} />
      <Pagination
        page={query.page}
        totalPages={totalPages}
        href={(target) => storeHref(searchParams, { page: String(target) })}
        compactOnPhones
      />
    </div>
  );
}

/**
 * The page of products. Memoised on the hits (the same array until the results change), so what
 * else re-renders the page (the category list arriving, the filter dialog) does not redraw 20+
 * cards: on a slow phone that is most of the store's main-thread time.
 */
const HitList = memo(function HitList({ hits, view, currency }: { hits: SearchHit[]; view: string; currency: string }) {
  const { showComparePrice, enableQuickView } = usePreferencesStore((state) => state.productView);
  if (view === 'list') {
    return (
      <ul className="flex flex-col gap-3">
        {hits.map((hit, index) => (
          <li key={hit.id}>
            <ProductListItem
              hit={hit}
              currency={currency}
              showComparePrice={showComparePrice}
              enableQuickView={enableQuickView}
              eager={index < 2}
            />
          </li>
        ))}
      </ul>
    );
  }
  return <ProductGrid products={hits} aboveFold currency={currency} heading="h2" className={STORE_GRID_CLASS} />;
});

interface NoResultsProps {
  query: StoreQuery;
  total: number;
  searchParams: URLSearchParams;
  filtered: boolean;
}

function NoResults({ query, total, searchParams, filtered }: NoResultsProps) {
  if (total > 0) {
    return (
      <EmptyState title="This page is empty">
        There are fewer results than that.{' '}
        <Link to={storeHref(searchParams, { page: undefined })} className="text-link">
          Go to the first page
        </Link>
      </EmptyState>
    );
  }
  if (!filtered) {
    return <EmptyState title="No products yet">The catalogue is empty for now. Please check back soon.</EmptyState>;
  }
  return (
    <EmptyState title={query.q ? `No products match “${query.q}”` : 'No products match these filters'}>
      <p>Check the spelling, try a more general word, or remove a filter.</p>
      <p className="mt-4 flex flex-wrap justify-center gap-3">
        <Link to={clearedStoreHref(searchParams)} className="btn-primary">
          Clear all filters
        </Link>
        <Link to="/" className="btn-secondary">
          Back to home
        </Link>
      </p>
    </EmptyState>
  );
}

interface MobileFiltersProps {
  total: number | undefined;
  query: StoreQuery;
  searchParams: URLSearchParams;
  categories: readonly Category[] | undefined;
  choices: SearchResponse['facet_choices'] | undefined;
  inStockByDefault: boolean;
}

/**
 * Below lg the filters open in a native modal dialog (focus moves in and stays, Escape closes).
 * Results update behind it as filters change; "Show N products" closes it.
 */
function MobileFilters({ total, ...filterProps }: MobileFiltersProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { query, inStockByDefault } = filterProps;
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  const active =
    (query.category ? 1 : 0) +
    query.brands.length +
    (query.minPrice !== undefined || query.maxPrice !== undefined ? 1 : 0) +
    (query.inStockOnly !== inStockByDefault ? 1 : 0);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="btn-secondary h-10 px-4 lg:hidden"
      >
        <Icon d={filterIcon} className="size-4" />
        Filters
        {active > 0 && (
          <span className="rounded-full bg-accent-solid px-2 text-xs text-on-accent">
            <span className="sr-only">(</span>
            {active}
            <span className="sr-only"> active)</span>
          </span>
        )}
      </button>
      {open && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is the keyboard way (native dialog)
        <dialog
          ref={dialog}
          onClose={() => setOpen(false)}
          aria-labelledby={titleId}
          className="m-0 ml-auto h-dvh max-h-none w-full max-w-sm bg-page text-fg backdrop:bg-black/50"
          onClick={(event) => {
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between border-b border-line px-4 py-3">
              <h2 id={titleId} className="text-lg font-semibold">
                Filters
              </h2>
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className="icon-btn"
                aria-label="Close filters"
              >
                <Icon d={closeIcon} />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto px-4 py-5">
              <StoreFilters {...filterProps} />
            </div>
            <div className="border-t border-line p-4">
              <button type="button" onClick={() => dialog.current?.close()} className="btn-primary w-full">
                {total === undefined ? 'Show products' : `Show ${total.toLocaleString('en-US')} products`}
              </button>
            </div>
          </div>
        </dialog>
      )}
    </>
  );
}
