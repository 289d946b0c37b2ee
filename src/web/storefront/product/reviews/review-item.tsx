import type { Review } from '#shared/contracts/reviews.ts';
import { StarRating } from '#web/storefront/ui/star-rating.tsx';
import { HelpfulVotes } from './helpful-votes.tsx';
import { reviewDate } from './review-rules.ts';

/**
 * One review as the list shows it: its body and "Was this helpful?". Every text is plain: React
 * escapes it, and line breaks the shopper typed are kept by CSS (docs/product.md#the-review).
 */
export function ReviewItem({
  review,
  own,
  viewer,
  signInPath,
}: {
  review: Review;
  own: boolean;
  viewer: string | null;
  signInPath: string;
}) {
  return (
    <article aria-label={`Review by ${review.user_name}`}>
      <ReviewBody review={review} tag={own ? 'Your review' : null} />
      <HelpfulVotes review={review} own={own} viewer={viewer} signInPath={signInPath} />
    </article>
  );
}

/** Stars, title, author and date, the verified badge, the text, pros and cons, and the shop's reply. */
export function ReviewBody({ review, tag }: { review: Review; tag?: string | null }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        {review.title && <h3 className="font-semibold wrap-break-word text-strong">{review.title}</h3>}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        <span className="font-medium text-fg">{review.user_name}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time>
        {review.verified_purchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5}
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
            Verified purchase
          </span>
        )}
        {tag && <span className="rounded-full bg-subtle px-2 py-0.5 text-xs font-semibold text-fg">{tag}</span>}
      </p>
      {review.comment && (
        <p className="leading-relaxed wrap-break-word whitespace-pre-line text-fg">{review.comment}</p>
      )}
      {(review.pros.length > 0 || review.cons.length > 0) && (
        <div className="grid gap-3 text-sm sm:grid-cols-2">
          <Points label="Pros" sign="+" points={review.pros} />
          <Points label="Cons" sign="−" points={review.cons} />
        </div>
      )}
      {review.shop_reply && (
        <div className="ml-4 rounded-r-xl border-l-2 border-accent bg-subtle px-4 py-3 text-sm sm:ml-6">
          <p className="font-semibold text-strong">
            Reply from {review.shop_reply.by}
            <span className="font-normal text-muted">
              {' · '}
              <time dateTime={review.shop_reply.at}>{reviewDate(review.shop_reply.at)}</time>
            </span>
          </p>
          <p className="mt-1 leading-relaxed wrap-break-word whitespace-pre-line text-fg">{review.shop_reply.text}</p>
        </div>
      )}
    </div>
  );
}

function Points({ label, sign, points }: { label: string; sign: string; points: readonly string[] }) {
  if (points.length === 0) return null;
  return (
    <div>
      <p className="font-semibold text-strong">{label}</p>
      <ul aria-label={label} className="mt-1 space-y-1">
        {points.map((point, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a review's points never reorder while shown
          <li key={index} className="flex gap-2 wrap-break-word">
            <span aria-hidden="true" className="font-bold text-muted">
              {sign}
            </span>
            <span className="min-w-0">{point}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
