import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { countRows, pageOffset } from '#server/db/list-queries.ts';
import { products } from '#server/products/products.table.ts';
import { buildPagination } from '#shared/contracts/common.ts';
import {
  REVIEW_LIMITS,
  type Review,
  type ReviewList,
  type ReviewListQuery,
  type ReviewSort,
  type ReviewSummary,
  recommendationPercentage,
  roundRating,
} from '#shared/contracts/reviews.ts';
import { toReview } from './reviews.mapper.ts';
import { reviews, reviewVotes } from './reviews.table.ts';

/**
 * The shoppers' reads of reviews (docs/product.md#review-rules): the product's list and summary
 * hold approved reviews only; a shopper also sees their own review in any status.
 */

export interface ReviewedProduct {
  id: string;
  name: string;
}

/** The product reviews are read or written for: an active one, or null (unknown or withdrawn). */
export async function findActiveProduct(db: Db, id: string): Promise<ReviewedProduct | null> {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

const ORDER_BY: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest_rating: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest_rating: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  most_helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

/** Reviews with the viewer's own vote (null for none, or without a viewer). */
async function selectWithVotes(
  db: Db,
  where: SQL | undefined,
  viewerId: string | undefined,
  window: { orderBy: SQL[]; limit: number; offset?: number },
): Promise<Review[]> {
  if (!viewerId) {
    const rows = await db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset ?? 0);
    return rows.map((row) => toReview(row));
  }
  const rows = await db
    .select({ review: reviews, vote: reviewVotes.isHelpful })
    .from(reviews)
    .leftJoin(reviewVotes, and(eq(reviewVotes.reviewId, reviews.id), eq(reviewVotes.userId, viewerId)))
    .where(where)
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset ?? 0);
  return rows.map((row) => toReview(row.review, row.vote));
}

/** A product's approved reviews, one page, sorted and filtered as asked. */
export async function listApprovedReviews(
  db: Db,
  productId: string,
  query: ReviewListQuery,
  viewerId?: string,
): Promise<ReviewList> {
  const where = and(
    eq(reviews.productId, productId),
    eq(reviews.status, 'approved'),
    query.rating_filter === undefined ? undefined : eq(reviews.rating, query.rating_filter),
    query.verified_only ? eq(reviews.verifiedPurchase, true) : undefined,
  );
  const [data, total] = await Promise.all([
    selectWithVotes(db, where, viewerId, {
      orderBy: ORDER_BY[query.sort_by],
      limit: query.limit,
      offset: pageOffset(query),
    }),
    countRows(db, reviews, where),
  ]);
  return { data, pagination: buildPagination(query.page, query.limit, total) };
}

/** The product's summary over its approved reviews. */
export async function reviewSummary(db: Db, productId: string): Promise<ReviewSummary> {
  const [row] = await db
    .select({
      total: count(),
      // The average as products.rating stores it (2 decimals), so the summary and the stars agree.
      average: sql<string | null>`round(avg(${reviews.rating})::numeric, 2)`,
      one: sql<number>`count(*) filter (where ${reviews.rating} = 1)::int`,
      two: sql<number>`count(*) filter (where ${reviews.rating} = 2)::int`,
      three: sql<number>`count(*) filter (where ${reviews.rating} = 3)::int`,
      four: sql<number>`count(*) filter (where ${reviews.rating} = 4)::int`,
      five: sql<number>`count(*) filter (where ${reviews.rating} = 5)::int`,
      verified: sql<number>`count(*) filter (where ${reviews.verifiedPurchase})::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')));
  const distribution = {
    1: Number(row?.one ?? 0),
    2: Number(row?.two ?? 0),
    3: Number(row?.three ?? 0),
    4: Number(row?.four ?? 0),
    5: Number(row?.five ?? 0),
  };
  return {
    product_id: productId,
    total_reviews: row?.total ?? 0,
    average_rating: row?.average == null ? 0 : roundRating(Number(row.average)),
    rating_distribution: distribution,
    verified_purchases: Number(row?.verified ?? 0),
    recommendation_percentage: recommendationPercentage(distribution),
  };
}

/** The shopper's own review of the product, in any status, with their vote (never one: not on their own). */
export async function findOwnReview(db: Db, productId: string, userId: string): Promise<Review | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return row ? toReview(row) : null;
}

/** A review as `viewerId` may see it: approved, or their own in any status; else null. */
export async function findVisibleReview(db: Db, id: string, viewerId?: string): Promise<Review | null> {
  const [review] = await selectWithVotes(db, eq(reviews.id, id), viewerId, { orderBy: [], limit: 1 });
  if (!review) return null;
  if (review.status === 'approved') return review;
  return viewerId !== undefined && review.user_id === viewerId ? review : null;
}

/** The newest approved reviews of a product (the product page's JSON-LD). */
export async function newestApprovedReviews(
  db: Db,
  productId: string,
  limit: number = REVIEW_LIMITS.jsonLdReviews,
): Promise<Review[]> {
  return selectWithVotes(db, and(eq(reviews.productId, productId), eq(reviews.status, 'approved')), undefined, {
    orderBy: ORDER_BY.newest,
    limit,
  });
}
