import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_MODERATION_MODES, REVIEW_SORTS, REVIEW_STATUSES } from '../reviews.ts';
import { PageQuerySchema, PaginationSchema, QueryBooleanSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * Reviews and ratings (docs/product.md#reviews). Shoppers' calls live under `/reviews`, the shop's
 * under `/admin/reviews`. Text is plain: stored as typed and rendered escaped, never as HTML.
 *
 * Endpoints:
 * - GET  /reviews/products/{id}/reviews          approved reviews, paginated (optional bearer: own vote)
 * - GET  /reviews/products/{id}/reviews/summary  ReviewSummary
 * - GET  /reviews/products/{id}/reviews/mine     the shopper's own review in any status, or 404
 * - POST /reviews/products/{id}/reviews          ReviewWrite → 201 Review (409 when one exists)
 * - GET/PUT/DELETE /reviews/reviews/{id}         read (approved, or own) / edit own / delete own
 * - POST /reviews/reviews/{id}/helpful           {is_helpful} → Review
 * - GET  /admin/reviews                          AdminReviewListQuery → paginated AdminReview
 * - GET  /admin/reviews/stats                    ReviewStats (the sidebar's pending count)
 * - GET  /admin/reviews/{id}                     AdminReview
 * - PUT  /admin/reviews/{id}/status              {status} → AdminReview
 * - PUT  /admin/reviews/{id}/reply               {reply} (blank removes it) → AdminReview
 * - DELETE /admin/reviews/{id}                   204
 * - POST /admin/reviews/bulk                     {action, ids} → {updated}
 * - GET/PUT /admin/reviews/settings              ReviewSettings
 */
export * from '../reviews.ts';

const ratingValue = z.coerce
  .number({ error: 'Rating must be a whole number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be a whole number from 1 to 5')
  .max(5, 'Rating must be a whole number from 1 to 5');

const point = (label: string) =>
  safeText()
    .trim()
    .min(1, `${label} must not be blank`)
    .max(
      REVIEW_LIMITS.pointMax,
      `Each of the ${label.toLowerCase()} must be at most ${REVIEW_LIMITS.pointMax} characters`,
    );

const points = (label: string) =>
  z
    .array(point(label), { error: `${label} must be a list` })
    .max(REVIEW_LIMITS.pointsMax, `At most ${REVIEW_LIMITS.pointsMax} ${label.toLowerCase()}`)
    .default([]);

export const ReviewWriteSchema = z
  .object({
    rating: z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be a whole number from 1 to 5')
      .max(5, 'Rating must be a whole number from 1 to 5'),
    title: safeText()
      .trim()
      .max(REVIEW_LIMITS.titleMax, `Title must be at most ${REVIEW_LIMITS.titleMax} characters`)
      .default(''),
    comment: safeText()
      .trim()
      .max(REVIEW_LIMITS.commentMax, `Review must be at most ${REVIEW_LIMITS.commentMax} characters`)
      .default(''),
    pros: points('Pros'),
    cons: points('Cons'),
  })
  .strict();
export type ReviewWrite = z.input<typeof ReviewWriteSchema>;

export const ShopReplySchema = z.object({
  text: z.string(),
  /** The staff member's name as shown ("Cedar Shop" when the admin has none). */
  by: z.string(),
  at: z.iso.datetime({ offset: true }),
});

/** A review as shoppers see it. */
export const ReviewSchema = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  user_id: z.string().nullable(),
  user_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  comment: z.string(),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  verified_purchase: z.boolean(),
  helpful_count: z.number().int(),
  not_helpful_count: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  shop_reply: ShopReplySchema.nullable(),
  /** The caller's own vote when signed in: true, false, or null for none. */
  user_helpful_vote: z.boolean().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(50).default(REVIEW_LIMITS.pageSize),
  sort_by: z.enum(REVIEW_SORTS).default('newest'),
  rating_filter: ratingValue.optional(),
  verified_only: QueryBooleanSchema.optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const ReviewListSchema = z.object({ data: z.array(ReviewSchema), pagination: PaginationSchema });
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const RatingDistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});

export const ReviewSummarySchema = z.object({
  product_id: z.uuid(),
  total_reviews: z.number().int(),
  /** One decimal; 0 when there are none. */
  average_rating: z.number(),
  rating_distribution: RatingDistributionSchema,
  verified_purchases: z.number().int(),
  /** Whole percent of approved reviews with 4 or 5 stars. */
  recommendation_percentage: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewProductParamsSchema = z.object({ id: z.uuid('Product not found') });
export const ReviewIdParamsSchema = z.object({ id: z.uuid('Review not found') });

export const HelpfulVoteSchema = z
  .object({ is_helpful: z.boolean({ error: 'is_helpful must be true or false' }) })
  .strict();

// ---------------------------------------------------------------------------------------------
// Admin

/** A review as the shop sees it: the product's name and image, and why it waits. */
export const AdminReviewSchema = ReviewSchema.omit({ user_helpful_vote: true }).extend({
  product_name: z.string(),
  product_image: z.string().nullable(),
  /** 'banned_words' when a banned word held it, 'moderation' when the setting did; null once decided. */
  held_reason: z.string().nullable(),
  user_email: z.string().nullable(),
  moderated_at: z.iso.datetime({ offset: true }).nullable(),
  /** Unchanged demo content (docs/product.md#demo-data): "Remove demo data" would delete it. */
  is_demo: z.boolean().optional(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListQuerySchema = PageQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES).optional(),
  rating: ratingValue.optional(),
  product_id: z.uuid('Product not found').optional(),
  verified: QueryBooleanSchema.optional(),
  /** Title, comment, author name or product name. */
  search: safeText().trim().max(100).optional(),
  sort_by: z.enum(REVIEW_SORTS).default('newest'),
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuerySchema>;

export const ReviewStatsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  hidden: z.number().int(),
  total: z.number().int(),
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

export const ReviewStatusUpdateSchema = z
  .object({ status: z.enum(REVIEW_STATUSES, { error: `Status must be one of ${REVIEW_STATUSES.join(', ')}` }) })
  .strict();

export const ReviewReplySchema = z
  .object({
    reply: safeText({ error: 'Reply must be text' })
      .trim()
      .max(REVIEW_LIMITS.replyMax, `Reply must be at most ${REVIEW_LIMITS.replyMax} characters`),
  })
  .strict();

export const REVIEW_BULK_ACTIONS = ['approve', 'reject', 'hide'] as const;
export const ReviewBulkSchema = z
  .object({
    action: z.enum(REVIEW_BULK_ACTIONS, { error: `Action must be one of ${REVIEW_BULK_ACTIONS.join(', ')}` }),
    ids: z
      .array(z.uuid('Review not found'))
      .min(1, 'Choose at least one review')
      .max(100, 'At most 100 reviews at once'),
  })
  .strict();
export const ReviewBulkResultSchema = z.object({ updated: z.number().int() });

export const ReviewSettingsSchema = z
  .object({
    moderation: z.enum(REVIEW_MODERATION_MODES),
    banned_words: z
      .array(
        safeText()
          .trim()
          .min(1, 'A banned word must not be blank')
          .max(REVIEW_LIMITS.bannedWordMax, `A banned word must be at most ${REVIEW_LIMITS.bannedWordMax} characters`),
      )
      .max(REVIEW_LIMITS.bannedWordsMax, `At most ${REVIEW_LIMITS.bannedWordsMax} banned words`),
  })
  .strict();
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { moderation: 'verified_auto', banned_words: [] };
