import type { AdminReview, ReviewStatus } from '#shared/contracts/reviews.ts';
import { Badge } from '../ui/status-badge.tsx';

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  hidden: 'Hidden',
};

/** Waiting needs attention (amber), published is green, refused red, taken down grey. */
const STATUS_STYLE: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  hidden: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge className={STATUS_STYLE[status]}>{REVIEW_STATUS_LABELS[status]}</Badge>;
}

/**
 * Why a pending review waits, when it is not only the moderation setting: a banned word held it
 * whatever the mode (docs/product.md#review-rules), which the shop may want to read closely.
 */
export function HeldBadge({ reason }: { reason: string | null }) {
  if (reason !== 'banned_words') return null;
  return (
    <Badge className="normal-case! bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200">
      Held: banned word
    </Badge>
  );
}

/** "Verified purchase": the author had a delivered order holding the product when they wrote it. */
export function VerifiedTag() {
  return <span className="text-xs font-medium whitespace-nowrap text-accent">Verified purchase</span>;
}

/** How a review is named in buttons and headings: its title in quotes, else whose it is. */
export function reviewName(review: Pick<AdminReview, 'title' | 'user_name'>): string {
  return review.title ? `“${review.title}” by ${review.user_name}` : `the review by ${review.user_name}`;
}

/** "3 helpful · 1 not": the shoppers' votes on a review. */
export function helpfulLabel(review: Pick<AdminReview, 'helpful_count' | 'not_helpful_count'>): string {
  return `${review.helpful_count} helpful · ${review.not_helpful_count} not`;
}
