import type { AdminReview } from '#shared/contracts/reviews.ts';
import { Stars } from '#web/admin/shared/review-stars.tsx';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDate, formatDateTime } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { DemoBadge } from '../ui/status-badge.tsx';
import { ReviewActions } from './review-actions.tsx';
import { HeldBadge, helpfulLabel, ReviewStatusBadge, VerifiedTag } from './review-format.tsx';

/** The link text of a review: its title, or what it is when the shopper gave none. */
export const reviewHeading = (review: Pick<AdminReview, 'title' | 'rating'>) =>
  review.title || `${review.rating}-star review`;

/**
 * The review in one cell: stars and votes, the title (the link to its page), the start of the
 * text and who wrote it. One column rather than four keeps the row's actions in view on a laptop.
 */
function ReviewCell({ review, wide }: { review: AdminReview; wide: boolean }) {
  return (
    <span className={`block ${wide ? 'max-w-md' : ''}`}>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs font-normal text-muted">
        <Stars rating={review.rating} />
        <span className="tabular-nums">{helpfulLabel(review)}</span>
      </span>
      <RecordLink to={`/admin/reviews/${review.id}`} className="mt-0.5 block [overflow-wrap:anywhere]">
        {reviewHeading(review)}
      </RecordLink>
      {review.comment && (
        <span className="line-clamp-2 block text-sm font-normal [overflow-wrap:anywhere] text-muted">
          {review.comment}
        </span>
      )}
      <span className="mt-0.5 flex flex-wrap gap-x-2 text-xs font-normal">
        <span className="[overflow-wrap:anywhere]">by {review.user_name}</span>
        {review.verified_purchase && <VerifiedTag />}
      </span>
    </span>
  );
}

function ProductCell({ review, size }: { review: AdminReview; size: 'sm' | 'md' }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <ProductThumb src={review.product_image} size={size} />
      <RecordLink to={`/admin/products/${review.product_id}`} className="line-clamp-2 min-w-0 font-normal">
        {review.product_name}
      </RecordLink>
    </span>
  );
}

/** The reviews list (docs/product.md#reviews-in-the-admin): one definition, a table on wide screens, cards on a phone. */
export const REVIEW_COLUMNS: ReadonlyArray<ListColumn<AdminReview>> = [
  {
    header: 'Product',
    card: 'subtitle',
    className: 'w-48 min-w-40',
    cell: (review) => <ProductCell review={review} size="sm" />,
  },
  {
    header: 'Review',
    card: 'title',
    cell: (review) => <ReviewCell review={review} wide />,
    cardCell: (review) => <ReviewCell review={review} wide={false} />,
  },
  {
    header: 'Status',
    card: 'badge',
    className: 'w-32',
    cell: (review) => (
      <span className="flex flex-wrap gap-1">
        <ReviewStatusBadge status={review.status} />
        <HeldBadge reason={review.held_reason} />
        {review.is_demo && <DemoBadge />}
      </span>
    ),
  },
  {
    header: 'Date',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (review) => (
      <time dateTime={review.created_at} title={formatDateTime(review.created_at)}>
        {formatDate(review.created_at)}
      </time>
    ),
  },
  {
    header: 'Actions',
    headerHidden: true,
    align: 'right',
    card: 'actions',
    className: 'w-44',
    cell: (review) => <ReviewActions review={review} look="icons" />,
  },
];
