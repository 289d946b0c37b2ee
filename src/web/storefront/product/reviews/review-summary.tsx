import type { ReviewSummary } from '#shared/contracts/reviews.ts';
import { StarRating } from '#web/storefront/ui/star-rating.tsx';
import { distributionRows, plural } from './review-rules.ts';

interface ReviewSummaryPanelProps {
  summary: ReviewSummary;
  /** The star filter in force, whose bar shows pressed. */
  activeRating: number | null;
  /** A bar filters the list to its stars; pressing the pressed one clears the filter. */
  onFilter: (rating: number | null) => void;
}

/**
 * The summary of the approved reviews (docs/product.md#reviews-on-the-storefront): the average to
 * one decimal, its stars, the count, one bar per star (5 to 1) that filters the list, the share who
 * would recommend (4 or 5 stars) and the verified purchases.
 */
export function ReviewSummaryPanel({ summary, activeRating, onFilter }: ReviewSummaryPanelProps) {
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-bold tracking-tight text-strong tabular-nums">
          {summary.average_rating.toFixed(1)}
          <span className="sr-only"> out of 5</span>
        </p>
        <div className="space-y-1">
          <StarRating rating={summary.average_rating} className="h-5 w-25" />
          <p className="text-sm text-muted">Based on {plural(summary.total_reviews, 'review')}</p>
        </div>
      </div>

      <ul aria-label="Reviews by stars" className="space-y-1">
        {distributionRows(summary).map((row) => (
          <li key={row.stars}>
            <button
              type="button"
              aria-pressed={activeRating === row.stars}
              disabled={row.count === 0}
              onClick={() => onFilter(activeRating === row.stars ? null : row.stars)}
              className="group flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-sm transition hover:bg-subtle disabled:cursor-default disabled:hover:bg-transparent aria-pressed:bg-accent-soft aria-pressed:font-semibold"
            >
              <span className="w-14 shrink-0 text-left whitespace-nowrap">{plural(row.stars, 'star')}</span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-subtle">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${row.percent}%` }} />
              </span>
              <span className="w-9 shrink-0 text-right text-muted tabular-nums">
                {row.count}
                <span className="sr-only">
                  {' '}
                  {row.count === 1 ? 'review' : 'reviews'}, {row.percent}%
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>

      <div className="grid grid-cols-2 gap-3 text-sm">
        <p className="rounded-xl bg-subtle p-3 text-muted">
          <span className="block text-lg font-semibold text-strong">{summary.recommendation_percentage}%</span> would
          recommend
        </p>
        <p className="rounded-xl bg-subtle p-3 text-muted">
          <span className="block text-lg font-semibold text-strong">{summary.verified_purchases}</span> verified{' '}
          {summary.verified_purchases === 1 ? 'purchase' : 'purchases'}
        </p>
      </div>
    </div>
  );
}
