import type { QueryClient } from '@tanstack/react-query';
import type { AdminReview, REVIEW_BULK_ACTIONS, ReviewSettings, ReviewStatus } from '#shared/contracts/reviews.ts';
import { notificationsMayBeStale } from '#web/admin/shared/notifications-stale.ts';
import { ADMIN_PRODUCTS_KEY } from '#web/admin/shared/product-lookups.ts';
import { ADMIN_REVIEWS_KEY, REVIEWS_PATH } from '#web/admin/shared/review-queue.ts';
import { adminDelete, adminGet, adminPost, adminPut } from '../auth/admin-api.ts';

const path = (id: string) => `${REVIEWS_PATH}/${encodeURIComponent(id)}`;

export type ReviewBulkAction = (typeof REVIEW_BULK_ACTIONS)[number];

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
