import type { AdminReview } from '#shared/contracts/reviews.ts';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDateTime } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { ReviewActions } from './review-actions.tsx';
import { HeldBadge, helpfulLabel, ReviewStatusBadge, Stars, VerifiedTag } from './review-format.tsx';

/** The link text of a review: its title, or what it is when the shopper gave none. */
export const reviewHeading = (review: Pick<AdminReview, 'title' | 'rating'>) =>
  review.title || `${review.rating}-star review`;

function ReviewCell({ review, wide }: { review: AdminReview; wide: boolean }) {
  return (
    <>
      <Stars rating={review.rating} />
      <RecordLink to={`/admin/reviews/${review.id}`} className={`mt-0.5 block ${wide ? 'max-w-72' : ''}`}>
        {reviewHeading(review)}
      </RecordLink>
      {review.comment && (
        <span className={`block text-sm font-normal text-muted ${wide ? 'line-clamp-2 max-w-72' : 'line-clamp-3'}`}>
          {review.comment}
        </span>
      )}
    </>
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

function StatusCell({ review }: { review: AdminReview }) {
  return (
    <span className="flex flex-wrap gap-1">
      <ReviewStatusBadge status={review.status} />
      <HeldBadge reason={review.held_reason} />
    </span>
  );
}

/** The reviews list (docs/product.md#reviews-in-the-admin): one definition, a table on wide screens, cards on a phone. */
export const REVIEW_COLUMNS: ReadonlyArray<ListColumn<AdminReview>> = [
  {
    header: 'Product',
    card: 'subtitle',
    className: 'min-w-44 max-w-56',
    cell: (review) => <ProductCell review={review} size="md" />,
    cardCell: (review) => <ProductCell review={review} size="sm" />,
  },
  {
    header: 'Review',
    card: 'title',
    cell: (review) => <ReviewCell review={review} wide />,
    cardCell: (review) => <ReviewCell review={review} wide={false} />,
  },
  {
    header: 'Author',
    card: 'line',
    className: 'max-w-48 [overflow-wrap:anywhere]',
    cell: (review) => (
      <>
        <span className="block">{review.user_name}</span>
        {review.verified_purchase && <VerifiedTag />}
        {review.user_email && <span className="block text-xs text-muted">{review.user_email}</span>}
      </>
    ),
    // One line on a card: who, and whether they bought it.
    cardCell: (review) => (
      <span className="flex flex-wrap gap-x-2">
        {review.user_name}
        {review.verified_purchase && <VerifiedTag />}
      </span>
    ),
  },
  { header: 'Status', card: 'badge', cell: (review) => <StatusCell review={review} /> },
  {
    header: 'Date',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (review) => formatDateTime(review.created_at),
  },
  {
    header: 'Helpful',
    card: 'line',
    className: 'whitespace-nowrap tabular-nums text-muted',
    cell: helpfulLabel,
  },
  {
    header: 'Actions',
    headerHidden: true,
    align: 'right',
    card: 'actions',
    cell: (review) => <ReviewActions review={review} look="icons" />,
  },
];
