import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '#server/db/columns.ts';
import { products } from '#server/products/products.table.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Product reviews (docs/product.md#reviews). One per shopper per product (the partial unique
 * index: a review whose author deleted their account keeps `user_id` null and no longer counts).
 * Text is stored as typed and always rendered escaped. Only `approved` reviews are public and only
 * they count toward `products.rating` / `review_count`, which the service recomputes in the same
 * transaction as every change of status (src/server/reviews/product-rating.ts).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: idColumn(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown with the review, taken from the account at writing time. */
    userName: text('user_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    comment: text('comment').notNull().default(''),
    pros: text('pros').array().notNull().default(sql`'{}'::text[]`),
    cons: text('cons').array().notNull().default(sql`'{}'::text[]`),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    helpfulCount: integer('helpful_count').notNull().default(0),
    notHelpfulCount: integer('not_helpful_count').notNull().default(0),
    /** 'pending' | 'approved' | 'rejected' | 'hidden' (#shared/contracts/reviews.ts REVIEW_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** Why a review was held for moderation ('banned_words', 'moderation'); null once decided. */
    heldReason: text('held_reason'),
    shopReply: text('shop_reply'),
    shopReplyBy: text('shop_reply_by'),
    shopReplyAt: timestamp('shop_reply_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** The content's fingerprint as the demo seed wrote it (src/server/db/demo-marks.ts); null for the merchant's own rows. */
    demoHash: text('demo_hash'),
  },
  (table) => [
    uniqueIndex('reviews_one_per_shopper').on(table.productId, table.userId).where(sql`${table.userId} is not null`),
    index('reviews_product_status_idx').on(table.productId, table.status, table.createdAt),
    index('reviews_status_created_idx').on(table.status, table.createdAt),
    index('reviews_user_idx').on(table.userId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('reviews_status', sql`${table.status} in ('pending', 'approved', 'rejected', 'hidden')`),
    check('reviews_counts_non_negative', sql`${table.helpfulCount} >= 0 and ${table.notHelpfulCount} >= 0`),
  ],
);

/** One "Was this helpful?" vote per shopper per review; changing it updates the row. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isHelpful: boolean('is_helpful').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] }), index('review_votes_user_idx').on(table.userId)],
);
