import { useQuery } from '@tanstack/react-query';
import type { AdminReview, ReviewStats } from '#shared/contracts/reviews.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminGet, adminList } from '../auth/admin-api.ts';

/**
 * The review reads that other admin screens need beside the reviews screens: the sidebar's pending
 * count, the notifications bell's review toast and the product editor's reviews link. The writes
 * stay in admin/reviews/review-api.ts.
 */

/**
 * Every review query starts with this key, so one invalidation refreshes the list, the stats (and
 * with them the sidebar's pending count), a review's page and the settings.
 */
export const ADMIN_REVIEWS_KEY = ['admin', 'reviews'] as const;

export const REVIEWS_PATH = '/admin/reviews';

export const listReviews = (query: QueryParams, signal?: AbortSignal) =>
  adminList<AdminReview>(REVIEWS_PATH, { query, signal });
export const getReview = (id: string, signal?: AbortSignal) =>
  adminGet<AdminReview>(`${REVIEWS_PATH}/${encodeURIComponent(id)}`, { signal });
export const getReviewStats = (signal?: AbortSignal) => adminGet<ReviewStats>(`${REVIEWS_PATH}/stats`, { signal });

export const reviewQueryKey = (id: string) => [...ADMIN_REVIEWS_KEY, 'one', id] as const;

export const reviewStatsQuery = {
  queryKey: [...ADMIN_REVIEWS_KEY, 'stats'],
  queryFn: ({ signal }: { signal: AbortSignal }) => getReviewStats(signal),
} as const;

/**
 * The reviews waiting for the shop, for the sidebar's badge: undefined until known (and when the
 * stats cannot be read: the badge is a hint, not worth an error on every page).
 */
export function usePendingReviewCount(): number | undefined {
  return useQuery(reviewStatsQuery).data?.pending;
}

/** "New review: ★4 for Arduino Uno": the live toast when a review starts waiting. */
export const newReviewToastText = (review: Pick<AdminReview, 'rating' | 'product_name'>) =>
  `New review: ★${review.rating} for ${review.product_name}`;

/** The screen a `new_review` notification and its toast lead to: the reviews waiting for approval. */
export const PENDING_REVIEWS_SCREEN = '/admin/reviews?status=pending';
