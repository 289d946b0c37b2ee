import type { AdminReview, Review, ReviewStatus } from '#shared/contracts/reviews.ts';
import type { reviews } from './reviews.table.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/** The name shown for a review whose author deleted their account (docs/product.md#review-rules). */
export const FORMER_SHOPPER_NAME = 'Former shopper';

/** A stored review as shoppers see it; `vote` is the caller's own (null when none or signed out). */
export function toReview(row: ReviewRow, vote: boolean | null = null): Review {
  return {
    id: row.id,
    product_id: row.productId,
    user_id: row.userId,
    user_name: row.userId === null ? FORMER_SHOPPER_NAME : row.userName,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    pros: row.pros,
    cons: row.cons,
    verified_purchase: row.verifiedPurchase,
    helpful_count: row.helpfulCount,
    not_helpful_count: row.notHelpfulCount,
    status: row.status as ReviewStatus,
    shop_reply:
      row.shopReply !== null && row.shopReplyAt !== null
        ? { text: row.shopReply, by: row.shopReplyBy ?? 'The shop', at: row.shopReplyAt.toISOString() }
        : null,
    user_helpful_vote: vote,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface AdminReviewExtras {
  productName: string;
  productImage: string | null;
  userEmail: string | null;
}

/** A stored review as the shop sees it, with its product and author's contact. */
export function toAdminReview(row: ReviewRow, extras: AdminReviewExtras): AdminReview {
  const { user_helpful_vote: _vote, ...review } = toReview(row);
  return {
    ...review,
    product_name: extras.productName,
    product_image: extras.productImage,
    held_reason: row.heldReason,
    user_email: extras.userEmail,
    moderated_at: row.moderatedAt?.toISOString() ?? null,
  };
}
