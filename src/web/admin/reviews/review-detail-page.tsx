import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminReview } from '#shared/contracts/reviews.ts';
import { getReview, reviewQueryKey } from '#web/admin/shared/review-queue.ts';
import { Stars } from '#web/admin/shared/review-stars.tsx';
import { DetailCard, DetailColumns, DetailHeader, DetailPage } from '../ui/detail-layout.tsx';
import { formatDateTime } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { RecordLink } from '../ui/record-link.tsx';
import { TermRow } from '../ui/term-row.tsx';
import { ReviewActions } from './review-actions.tsx';
import { reviewHeading } from './review-columns.tsx';
import { HeldBadge, ReviewStatusBadge } from './review-format.tsx';

const BACK = { to: '/admin/reviews', label: 'All reviews' };

/** `/admin/reviews/:id`: one review in full (text, pros and cons, the shop's reply) with its moderation. */
export function ReviewDetailPage() {
  const { id = '' } = useParams();
  const review = useQuery({ queryKey: reviewQueryKey(id), queryFn: ({ signal }) => getReview(id, signal) });
  return (
    <DetailPage query={review} noun="review" back={BACK} missingText="This review does not exist, or was deleted.">
      {(record) => <ReviewDetail review={record} />}
    </DetailPage>
  );
}

function Points({ title, points }: { title: string; points: readonly string[] }) {
  if (points.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-strong">{title}</h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </div>
  );
}

function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, value]) => (
        <TermRow key={label} label={label}>
          {value}
        </TermRow>
      ))}
    </dl>
  );
}

function ReviewDetail({ review }: { review: AdminReview }) {
  const navigate = useNavigate();
  const reply = review.shop_reply;
  return (
    <>
      <DetailHeader
        title={reviewHeading(review)}
        back={BACK}
        meta={
          <>
            <Stars rating={review.rating} />
            <ReviewStatusBadge status={review.status} />
            <HeldBadge reason={review.held_reason} />
            <span>
              by {review.user_name}, {formatDateTime(review.created_at)}
            </span>
          </>
        }
        actions={<ReviewActions review={review} look="buttons" onDeleted={() => navigate('/admin/reviews')} />}
      />
      <DetailColumns
        main={
          <>
            <DetailCard title="Review" stack>
              {review.comment ? (
                // Plain text as the shopper typed it: line breaks kept, never read as HTML.
                <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{review.comment}</p>
              ) : (
                <p className="text-sm text-muted">Only a rating, no text.</p>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <Points title="Pros" points={review.pros} />
                <Points title="Cons" points={review.cons} />
              </div>
            </DetailCard>
            <DetailCard title="The shop’s reply">
              {reply ? (
                <>
                  <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{reply.text}</p>
                  <p className="mt-2 text-xs text-muted">
                    {reply.by}, {formatDateTime(reply.at)}
                  </p>
                </>
              ) : (
                <p className="text-sm text-muted">No reply yet. A reply shows under the review on the product page.</p>
              )}
            </DetailCard>
          </>
        }
        side={
          <>
            <DetailCard title="Product">
              <div className="flex items-center gap-3">
                <ProductThumb src={review.product_image} />
                <RecordLink to={`/admin/products/${review.product_id}`} className="min-w-0 [overflow-wrap:anywhere]">
                  {review.product_name}
                </RecordLink>
              </div>
              <p className="mt-3 text-sm">
                <Link to={`/admin/reviews?product_id=${review.product_id}`} className="text-link">
                  All reviews of this product
                </Link>
              </p>
            </DetailCard>
            <DetailCard title="Author">
              <Facts
                rows={[
                  ['Name', review.user_name],
                  ['Email', review.user_email ?? '—'],
                  ['Purchase', review.verified_purchase ? 'Verified purchase' : 'Not verified'],
                ]}
              />
            </DetailCard>
            <DetailCard title="Details">
              <Facts
                rows={[
                  ['Written', formatDateTime(review.created_at)],
                  ['Last edited', formatDateTime(review.updated_at)],
                  ['Moderated', formatDateTime(review.moderated_at)],
                  ['Helpful', review.helpful_count],
                  ['Not helpful', review.not_helpful_count],
                ]}
              />
            </DetailCard>
          </>
        }
      />
    </>
  );
}
