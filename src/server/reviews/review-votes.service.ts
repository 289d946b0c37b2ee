import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, forbidden } from '#server/errors.ts';
import { REVIEW_MESSAGES, type Review } from '#shared/contracts/reviews.ts';
import { FORMER_SHOPPER_NAME, toReview } from './reviews.mapper.ts';
import { reviews, reviewVotes } from './reviews.table.ts';

/**
 * "Was this helpful?" (docs/product.md#review-rules): one vote per shopper per approved review,
 * changeable, kept as counts on the review row in the vote's own transaction.
 */

/**
 * POST /reviews/reviews/{id}/helpful. The review row is locked first: votes on one review then
 * move its counts one at a time, so any number of concurrent voters end with exact counts, and
 * the lock order (review, then its votes) is the one a delete of the review takes.
 */
export async function voteOnReview(db: Db, reviewId: string, userId: string, isHelpful: boolean): Promise<Review> {
  return inTransaction(db, async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (review?.status !== 'approved') throw new AppError(404, 'NOT_FOUND', REVIEW_MESSAGES.notFound);
    if (review.userId === userId) throw forbidden(REVIEW_MESSAGES.ownVote);
    const mine = and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId));
    const [previous] = await tx.select({ isHelpful: reviewVotes.isHelpful }).from(reviewVotes).where(mine).limit(1);
    // The same vote again changes nothing.
    if (previous?.isHelpful === isHelpful) return toReview(review, isHelpful);
    if (previous) await tx.update(reviewVotes).set({ isHelpful }).where(mine);
    else await tx.insert(reviewVotes).values({ reviewId, userId, isHelpful });
    // A new vote adds one to its side; a changed one also takes one from the other side.
    const helpful = (isHelpful ? 1 : 0) - (previous?.isHelpful === true ? 1 : 0);
    const notHelpful = (isHelpful ? 0 : 1) - (previous?.isHelpful === false ? 1 : 0);
    const [updated] = await tx
      .update(reviews)
      .set({
        helpfulCount: sql`${reviews.helpfulCount} + ${helpful}`,
        notHelpfulCount: sql`${reviews.notHelpfulCount} + ${notHelpful}`,
        // A vote is not an edit of the review: its updated_at stays.
        updatedAt: sql`${reviews.updatedAt}`,
      })
      .where(eq(reviews.id, reviewId))
      .returning();
    if (!updated) throw new AppError(404, 'NOT_FOUND', REVIEW_MESSAGES.notFound);
    return toReview(updated, isHelpful);
  });
}

/**
 * A shopper account being deleted (docs/product.md#review-rules): its votes go and the counts of
 * the reviews they were on come down by exactly them; its reviews stay, without the link to the
 * account and without the name (shown as "Former shopper"). Call inside the deletion's
 * transaction, before the account row goes. No rating changes: every review stays as it was.
 */
export async function releaseAccountReviews(db: Db, userId: string): Promise<void> {
  // The reviews voted on first, in id order: the lock order of a vote (review, then its votes).
  await db.execute(sql`
    select id from reviews
    where id in (select review_id from review_votes where user_id = ${userId}::uuid)
    order by id for update`);
  await db.execute(sql`
    with gone as (
      delete from review_votes where user_id = ${userId}::uuid returning review_id, is_helpful
    ), counts as (
      select review_id,
        count(*) filter (where is_helpful)::int as helpful,
        count(*) filter (where not is_helpful)::int as not_helpful
      from gone group by review_id
    )
    update reviews r
    set helpful_count = r.helpful_count - counts.helpful, not_helpful_count = r.not_helpful_count - counts.not_helpful
    from counts where r.id = counts.review_id`);
  await db.execute(sql`
    update reviews set user_id = null, user_name = ${FORMER_SHOPPER_NAME}
    where user_id = ${userId}::uuid`);
}
