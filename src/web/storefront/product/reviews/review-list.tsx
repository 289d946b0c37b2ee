import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { REVIEW_SORT_LABELS, REVIEW_SORTS, type ReviewSort } from '#shared/reviews.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { ReviewItem } from './review-item.tsx';
import { plural } from './review-rules.ts';
import { DEFAULT_FILTERS, listQuery, type ReviewFilters } from './reviews-api.ts';

interface ReviewListProps {
  productId: string;
  /** The signed-in shopper's id, or null. */
  viewer: string | null;
  /** The shopper's own review, marked in the list and without vote buttons. */
  ownId: string | null;
  signInPath: string;
  filters: ReviewFilters;
  onFilters: (filters: ReviewFilters) => void;
}

const selectClass =
  'mt-1 block rounded-xl border border-line-strong bg-surface py-2 pr-8 pl-3 text-base text-fg sm:text-sm';

/**
 * The approved reviews (docs/product.md#reviews-on-the-storefront): sort, star filter and
 * "Verified purchases only" above, 10 per page with "Show more" below. Each page is its own query,
 * so the pages already shown stay while the next one loads; a filter change starts at page 1.
 */
export function ReviewList({ productId, viewer, ownId, signInPath, filters, onFilters }: ReviewListProps) {
  const id = useId();
  // Pages shown for these filters: any change of filter (here or a bar of the summary) starts at 1.
  const filterKey = JSON.stringify(filters);
  const [shown, setShown] = useState({ filterKey, pages: 1 });
  const pages = shown.filterKey === filterKey ? shown.pages : 1;
  const filtered = filters.rating !== null || filters.verified;
  const change = (next: Partial<ReviewFilters>) => onFilters({ ...filters, ...next });

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <legend className="sr-only">Sort and filter reviews</legend>
        <div>
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className={selectClass}
            value={filters.sort}
            onChange={(event) => change({ sort: event.target.value as ReviewSort })}
          >
            {REVIEW_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {REVIEW_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-stars`} className="text-sm font-medium">
            Rating
          </label>
          <select
            id={`${id}-stars`}
            className={selectClass}
            value={filters.rating ?? ''}
            onChange={(event) => change({ rating: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {plural(stars, 'star')}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-(--accent-solid)"
            checked={filters.verified}
            onChange={(event) => change({ verified: event.target.checked })}
          />
          Verified purchases only
        </label>
      </fieldset>

      {Array.from({ length: pages }, (_, index) => (
        <ReviewPage
          // biome-ignore lint/suspicious/noArrayIndexKey: keyed by page number, so page 1 keeps showing its reviews (dimmed) while new filters load
          key={index + 1}
          page={index + 1}
          last={index + 1 === pages}
          productId={productId}
          viewer={viewer}
          ownId={ownId}
          signInPath={signInPath}
          filters={filters}
          onMore={() => setShown({ filterKey, pages: index + 2 })}
          onClear={
            filtered ? () => change({ rating: DEFAULT_FILTERS.rating, verified: DEFAULT_FILTERS.verified }) : undefined
          }
        />
      ))}
    </div>
  );
}

interface ReviewPageProps extends Omit<ReviewListProps, 'onFilters'> {
  page: number;
  last: boolean;
  onMore: () => void;
  onClear?: () => void;
}

function ReviewPage({ page, last, productId, viewer, ownId, signInPath, filters, onMore, onClear }: ReviewPageProps) {
  const list = useQuery({ ...listQuery(productId, viewer, filters, page), placeholderData: keepPreviousData });
  const first = useRef<HTMLLIElement>(null);
  // A page brought by "Show more" takes the focus on its first review, where reading goes on.
  const focusOnArrival = useRef(page > 1);
  useEffect(() => {
    if (list.isSuccess && focusOnArrival.current) {
      focusOnArrival.current = false;
      first.current?.focus();
    }
  }, [list.isSuccess]);

  if (list.isError) {
    return <InlineError title="Reviews could not be loaded" onRetry={() => void list.refetch()} />;
  }
  if (list.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading reviews</span>
        <div className="bone h-28 rounded-2xl" />
        <div className="bone h-28 rounded-2xl" />
      </div>
    );
  }
  const { data, pagination } = list.data;
  if (page === 1 && data.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center text-muted">
        <p>No reviews match these filters.</p>
        {onClear && (
          <button type="button" className="btn-secondary mt-4" onClick={onClear}>
            Show all reviews
          </button>
        )}
      </div>
    );
  }
  return (
    <>
      {page === 1 && (
        <p className="text-sm text-muted" aria-live="polite">
          {plural(pagination.total, 'review')}
          {filters.rating !== null && ` with ${plural(filters.rating, 'star')}`}
          {filters.verified && ' from verified purchases'}
        </p>
      )}
      <ul className={`divide-y divide-line border-t border-line ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
        {data.map((review, index) => (
          <li
            key={review.id}
            ref={index === 0 ? first : undefined}
            tabIndex={index === 0 && page > 1 ? -1 : undefined}
            className="py-6 outline-offset-4"
          >
            <ReviewItem review={review} own={review.id === ownId} viewer={viewer} signInPath={signInPath} />
          </li>
        ))}
      </ul>
      {last && pagination.hasNext && (
        <button type="button" className="btn-secondary w-full sm:w-auto" onClick={onMore}>
          Show more reviews
        </button>
      )}
    </>
  );
}
