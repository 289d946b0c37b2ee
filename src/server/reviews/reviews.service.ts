import { and, eq, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, conflict, forbidden } from '#server/errors.ts';
import { insertReviewNotifications } from '#server/notifications/notify-admins.ts';
import { orderItems, orders } from '#server/orders/orders.table.ts';
import { products } from '#server/products/products.table.ts';
import { users } from '#server/users/users.table.ts';
import { REVIEW_MESSAGES, type Review } from '#shared/contracts/reviews.ts';
import { lockProductsForRating, recomputeProductRatings } from './product-rating.ts';
import { reviewNotFound } from './review-errors.ts';
import {
  decideEditedReviewStatus,
  decideReviewStatus,
  type ReviewText,
  reviewerName,
  reviewNotificationText,
} from './review-policy.ts';
import { findActiveProduct } from './review-queries.ts';
import { getReviewSettings } from './review-settings.ts';
import { type ReviewRow, toReview } from './reviews.mapper.ts';
import { reviews } from './reviews.table.ts';

/**
 * A shopper's own review: write, edit, delete (docs/product.md#review-rules). Every change that adds,
 * removes or changes an approved review recomputes the product's rating in its transaction, after
 * locking the product row (product-rating.ts), so concurrent changes all count.
 */

/** A review's fields as the contract hands them over (trimmed, defaults filled). */
export interface ReviewValues extends ReviewText {
  rating: number;
  title: string;
  comment: string;
  pros: string[];
  cons: string[];
}

export interface ReviewWriteResult {
  review: Review;
  /** It is newly waiting for moderation: the route announces its notifications after the commit. */
  announce: boolean;
}

export const productNotFound = () => new AppError(404, 'NOT_FOUND', REVIEW_MESSAGES.productNotFound);

interface Account {
  id: string;
  name: string;
  customerId: string | null;
}

async function accountOf(db: Db, userId: string): Promise<Account> {
  const [row] = await db
    .select({ name: users.name, customerId: users.customerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // The route's session check found the account a moment ago; gone since, it writes nothing.
  if (!row) throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
  return { id: userId, name: reviewerName(row.name), customerId: row.customerId };
}

/**
 * A verified purchase: a delivered order holding the product, placed signed in to the account or
 * belonging to the account's customer record (docs/product.md#signed-in-checkout).
 */
async function hasDeliveredPurchase(db: Db, account: Account, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.productId, productId),
        eq(orders.status, 'delivered'),
        or(eq(orders.userId, account.id), account.customerId ? eq(orders.customerId, account.customerId) : undefined),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Everything a write decides before its transaction: who shows as author, verified, status. */
async function judgeWrite(db: Db, userId: string, productId: string, values: ReviewValues) {
  const account = await accountOf(db, userId);
  const [verified, settings] = await Promise.all([hasDeliveredPurchase(db, account, productId), getReviewSettings(db)]);
  return { account, verified, decision: decideReviewStatus(settings, verified, values) };
}

function reviewFields(values: ReviewValues) {
  return {
    rating: values.rating,
    title: values.title,
    comment: values.comment,
    pros: values.pros,
    cons: values.cons,
  };
}

async function notifyAdmins(db: Db, row: ReviewRow, productName: string): Promise<void> {
  await insertReviewNotifications(db, {
    reviewId: row.id,
    ...reviewNotificationText({ rating: row.rating, productName, userName: row.userName }),
  });
}

/** POST /reviews/products/{id}/reviews: one review per shopper per product (409 for a second). */
export async function createReview(
  db: Db,
  productId: string,
  userId: string,
  values: ReviewValues,
): Promise<ReviewWriteResult> {
  const product = await findActiveProduct(db, productId);
  if (!product) throw productNotFound();
  const { account, verified, decision } = await judgeWrite(db, userId, productId, values);
  const approved = decision.status === 'approved';
  let row: ReviewRow;
  try {
    row = await inTransaction(db, async (tx) => {
      if (approved) await lockProductsForRating(tx, [productId]);
      const [inserted] = await tx
        .insert(reviews)
        .values({
          productId,
          userId,
          userName: account.name,
          ...reviewFields(values),
          verifiedPurchase: verified,
          status: decision.status,
          heldReason: decision.heldReason,
        })
        .returning();
      if (!inserted) throw new Error('review insert returned nothing');
      if (approved) await recomputeProductRatings(tx, [productId]);
      else await notifyAdmins(tx, inserted, product.name);
      return inserted;
    });
  } catch (error) {
    // Two posts at once both passed any check: the unique index lets one in.
    if (isUniqueViolation(error, 'reviews_one_per_shopper')) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    throw error;
  }
  return { review: toReview(row), announce: !approved };
}

/** The review, when it is the shopper's: 404 unknown, 403 someone else's. */
async function ownReviewRow(db: Db, reviewId: string, userId: string): Promise<ReviewRow> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, reviewId)).limit(1);
  if (!row) throw reviewNotFound();
  if (row.userId !== userId) throw forbidden(REVIEW_MESSAGES.notYours);
  return row;
}

/**
 * PUT /reviews/reviews/{id}: the author's edit. Verified and status are decided again as for a new
 * review; the rating is recomputed when the review was or becomes approved and that or its stars
 * changed; the admins hear of it when it goes back to waiting.
 */
export async function updateReview(
  db: Db,
  reviewId: string,
  userId: string,
  values: ReviewValues,
): Promise<ReviewWriteResult> {
  const before = await ownReviewRow(db, reviewId, userId);
  const { account, verified, decision } = await judgeWrite(db, userId, before.productId, values);
  const [product] = await db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, before.productId))
    .limit(1);
  const { row, becamePending } = await inTransaction(db, async (tx) => {
    // The product first, always: the shop's moderation locks in the same order (product, then
    // review), and the lock is what makes the recompute below see every other change.
    await lockProductsForRating(tx, [before.productId]);
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!current || current.userId !== userId) throw reviewNotFound();
    const edited = decideEditedReviewStatus(current.status, decision);
    const [updated] = await tx
      .update(reviews)
      .set({
        userName: account.name,
        ...reviewFields(values),
        verifiedPurchase: verified,
        status: edited.status,
        heldReason: edited.heldReason,
      })
      .where(eq(reviews.id, reviewId))
      .returning();
    if (!updated) throw reviewNotFound();
    const wasApproved = current.status === 'approved';
    const isApproved = updated.status === 'approved';
    if ((wasApproved || isApproved) && (wasApproved !== isApproved || current.rating !== updated.rating)) {
      await recomputeProductRatings(tx, [before.productId]);
    }
    const pendingNow = updated.status === 'pending' && current.status !== 'pending';
    if (pendingNow) await notifyAdmins(tx, updated, product?.name ?? 'a product');
    return { row: updated, becamePending: pendingNow };
  });
  return { review: toReview(row), announce: becamePending };
}

/** DELETE /reviews/reviews/{id}: the author removes their review and its votes (cascade). */
export async function deleteReview(db: Db, reviewId: string, userId: string): Promise<void> {
  const before = await ownReviewRow(db, reviewId, userId);
  await inTransaction(db, async (tx) => {
    await lockProductsForRating(tx, [before.productId]);
    const [gone] = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
      .returning({ status: reviews.status });
    if (!gone) throw reviewNotFound();
    if (gone.status === 'approved') await recomputeProductRatings(tx, [before.productId]);
  });
}
