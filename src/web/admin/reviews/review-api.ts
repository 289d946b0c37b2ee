import { type QueryClient, useQuery } from '@tanstack/react-query';
import type {
  AdminReview,
  REVIEW_BULK_ACTIONS,
  ReviewSettings,
  ReviewStats,
  ReviewStatus,
} from '#shared/contracts/reviews.ts';
import { ADMIN_PRODUCTS_KEY } from '#web/admin/shared/product-lookups.ts';
import type { QueryParams } from '#web/lib/api-client.ts';
import { adminDelete, adminGet, adminList, adminPost, adminPut } from '../auth/admin-api.ts';
import { notificationsMayBeStale } from '../notifications/notifications-stale.ts';

/**
 * Every review query starts with this key, so one invalidation refreshes the list, the stats (and
 * with them the sidebar's pending count), a review's page and the settings. Its own small module:
 * the sidebar and the notifications bell (on every admin page) read the stats from here.
 */
export const ADMIN_REVIEWS_KEY = ['admin', 'reviews'] as const;

export const REVIEWS_PATH = '/admin/reviews';
const path = (id: string) => `${REVIEWS_PATH}/${encodeURIComponent(id)}`;

export type ReviewBulkAction = (typeof REVIEW_BULK_ACTIONS)[number];

export const listReviews = (query: QueryParams, signal?: AbortSignal) =>
  adminList<AdminReview>(REVIEWS_PATH, { query, signal });
export const getReviewStats = (signal?: AbortSignal) => adminGet<ReviewStats>(`${REVIEWS_PATH}/stats`, { signal });
export const getReview = (id: string, signal?: AbortSignal) => adminGet<AdminReview>(path(id), { signal });
export const setReviewStatus = (id: string, status: ReviewStatus) =>
  adminPut<AdminReview>(`${path(id)}/status`, { status });
/** A blank reply removes the shop's reply. */
export const replyToReview = (id: string, reply: string) => adminPut<AdminReview>(`${path(id)}/reply`, { reply });
export const deleteReview = (id: string) => adminDelete(path(id));
export const bulkModerateReviews = (action: ReviewBulkAction, ids: readonly string[]) =>
  adminPost<{ updated: number }>(`${REVIEWS_PATH}/bulk`, { action, ids });
export const getReviewSettings = (signal?: AbortSignal) =>
  adminGet<ReviewSettings>(`${REVIEWS_PATH}/settings`, { signal });
export const saveReviewSettings = (settings: ReviewSettings) =>
  adminPut<ReviewSettings>(`${REVIEWS_PATH}/settings`, settings);

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

/**
 * After a moderation: the reviews screens and the pending count, the products (an approved
 * review added or removed changes a product's rating and count, which the product editor shows)
 * and the bell.
 */
export function invalidateReviews(queryClient: QueryClient): Promise<unknown> {
  // A review leaving pending marks its new_review notifications read on the server.
  notificationsMayBeStale();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
  ]);
}

/** "New review: ★4 for Arduino Uno": the live toast when a review starts waiting. */
export const newReviewToastText = (review: Pick<AdminReview, 'rating' | 'product_name'>) =>
  `New review: ★${review.rating} for ${review.product_name}`;

/** The screen a `new_review` notification and its toast lead to: the reviews waiting for approval. */
export const PENDING_REVIEWS_SCREEN = '/admin/reviews?status=pending';
