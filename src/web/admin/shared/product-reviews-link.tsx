import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminProduct } from '#shared/contracts/admin-products.ts';
import { roundRating } from '#shared/contracts/reviews.ts';
import { ADMIN_REVIEWS_KEY, listReviews } from './review-queue.ts';
import { Stars } from './review-stars.tsx';

/**
 * The product editor's way to the product's reviews (docs/product.md#reviews-in-the-admin): its
 * rating and count as the store shows them (approved reviews, from the product row), and how many
 * wait for approval (one small list request: its total).
 */
export function ProductReviewsLink({ product }: { product: Pick<AdminProduct, 'id' | 'rating' | 'review_count'> }) {
  const query = { product_id: product.id, status: 'pending', page: 1, limit: 1 };
  const pending = useQuery({
    queryKey: [...ADMIN_REVIEWS_KEY, 'list', query],
    queryFn: ({ signal }) => listReviews(query, signal),
  });
  const waiting = pending.data?.pagination.total ?? 0;
  const average = roundRating(product.rating);
  const count = product.review_count;
  return (
    <Link
      to={`/admin/reviews?product_id=${product.id}`}
      className="inline-flex flex-wrap items-center gap-x-1.5 font-medium text-accent underline-offset-4 hover:underline"
    >
      {count > 0 ? (
        <>
          <Stars rating={average} className="size-3.5" decorative />
          <span>
            {average.toFixed(1)} · {count === 1 ? '1 review' : `${count} reviews`}
          </span>
        </>
      ) : (
        <span>No reviews yet</span>
      )}
      {waiting > 0 && <span>· {waiting} waiting</span>}
    </Link>
  );
}
