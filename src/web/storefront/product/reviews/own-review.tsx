import { type Ref, useId, useRef, useState } from 'react';
import type { Review } from '#shared/contracts/reviews.ts';
import type { ReviewStatus } from '#shared/reviews.ts';
import { toast } from '#web/lib/toast.ts';
import { ReviewBody } from './review-item.tsx';
import { serverRefusal } from './review-rules.ts';
import { deleteReview } from './reviews-api.ts';

/** What the shopper reads about their review's status. */
const STATUS: Record<ReviewStatus, { label: string; note: string | null; tone: string }> = {
  pending: {
    label: 'Awaiting approval',
    note: 'Thanks! The shop checks reviews before they are published. Yours will show in the list once approved.',
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
  approved: { label: 'Published', note: null, tone: 'bg-accent-soft text-accent' },
  rejected: {
    label: 'Not published',
    note: 'The shop did not publish this review. You can edit it and send it again.',
    tone: 'bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-100',
  },
  hidden: {
    label: 'Hidden',
    note: 'The shop has hidden this review. You can edit it and send it again.',
    tone: 'bg-subtle text-fg',
  },
};

/**
 * The shopper's own review at the top of the section, in any status (docs/product.md#reviews-on-the-storefront),
 * with Edit and Delete (asked to confirm in place).
 */
export function OwnReview({
  review,
  onEdit,
  onDeleted,
  ref,
}: {
  review: Review;
  onEdit: () => void;
  onDeleted: () => void;
  ref?: Ref<HTMLElement>;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  const status = STATUS[review.status];

  async function remove() {
    setDeleting(true);
    try {
      await deleteReview(review.id);
      onDeleted();
    } catch (error) {
      setDeleting(false);
      toast({ title: serverRefusal(error).message ?? 'Your review could not be deleted', variant: 'error' });
    }
  }

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="card space-y-4 border-accent/40 p-4 outline-offset-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          Your review
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
      </div>
      {status.note && <p className="text-sm text-muted">{status.note}</p>}
      <ReviewBody review={review} />
      {review.status === 'approved' && (
        <p className="text-sm text-muted">
          Was this helpful? Yes ({review.helpful_count}) · No ({review.not_helpful_count})
        </p>
      )}
      {confirming ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-subtle p-3">
          <p className="text-sm font-medium">Delete your review? This cannot be undone.</p>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={deleting}
            onClick={() => void remove()}
          >
            {deleting ? 'Deleting…' : 'Delete review'}
          </button>
          <button
            ref={keepButton}
            type="button"
            className="btn-secondary"
            disabled={deleting}
            onClick={() => setConfirming(false)}
          >
            Keep it
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={onEdit}>
            Edit
          </button>
          <button
            type="button"
            className="btn-secondary text-danger"
            onClick={() => {
              setConfirming(true);
              requestAnimationFrame(() => keepButton.current?.focus());
            }}
          >
            Delete
          </button>
        </div>
      )}
    </section>
  );
}
