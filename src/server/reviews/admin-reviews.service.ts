import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { users } from '#server/users/users.table.ts';
import type { AdminReview, REVIEW_BULK_ACTIONS, ReviewSettings, ReviewStatus } from '#shared/contracts/reviews.ts';
import { getAdminReview } from './admin-review-queries.ts';
import { lockProductsForRating, recomputeProductRatings } from './product-rating.ts';
import { reviewNotFound } from './review-errors.ts';
import { getReviewSettings, saveReviewSettings } from './review-settings.ts';
import type { ReviewRow } from './reviews.mapper.ts';
import { reviews } from './reviews.table.ts';

/**
 * The shop's review moderation (docs/product.md#reviews-in-the-admin): status, reply, delete, bulk
 * and the settings, each in one transaction with its audit row. Whatever changes a review's status
 * locks its product first (lockProductsForRating), then the review, then recomputes the product's
 * rating: two approvals of one product at once both count. `updated_at` stays the author's last
 * write; the shop's actions have their own times (`moderated_at`, the reply's `at`).
 */

export type ReviewBulkAction = (typeof REVIEW_BULK_ACTIONS)[number];

const STATUS_OF_ACTION: Record<ReviewBulkAction, ReviewStatus> = {
  approve: 'approved',
  reject: 'rejected',
  hide: 'hidden',
};

const AUDIT_ACTION_OF_STATUS: Record<ReviewStatus, string> = {
  approved: 'review.approve',
  rejected: 'review.reject',
  hidden: 'review.hide',
  pending: 'review.pending',
};

/** What the audit keeps of a review: enough to tell which one and what the shop decided. */
const auditFacts = (row: ReviewRow) => ({
  product_id: row.productId,
  user_id: row.userId,
  user_name: row.userName,
  rating: row.rating,
  title: row.title,
  status: row.status,
  held_reason: row.heldReason,
});

/**
 * The review's product locked, then the review itself (that order everywhere, so moderation never
 * deadlocks with another status change), or 404. The product id is read before the lock: a
 * review never moves to another product.
 */
async function lockReview(tx: Db, id: string): Promise<ReviewRow> {
  const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id)).limit(1);
  if (!found) throw reviewNotFound();
  await lockProductsForRating(tx, [found.productId]);
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw reviewNotFound();
  return row;
}

/**
 * A review decided (no longer pending) no longer needs anyone's attention: its `new_review`
 * notifications are marked read for every admin, so the bell keeps no stale alerts.
 */
async function markReviewAlertsRead(tx: Db, reviewIds: readonly string[]): Promise<void> {
  if (reviewIds.length === 0) return;
  await tx
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        inArray(notifications.reviewId, [...reviewIds]),
        eq(notifications.type, 'new_review'),
        eq(notifications.isRead, false),
      ),
    );
}

/** The columns a change of status sets; `updated_at` is written back as it was (see above). */
const moderatedColumns = (status: ReviewStatus) => ({
  status,
  heldReason: null,
  moderatedAt: new Date(),
  updatedAt: sql`${reviews.updatedAt}`,
});

/** `PUT /admin/reviews/{id}/status`: the same status again changes nothing (and is not audited). */
export async function setReviewStatus(
  db: Db,
  id: string,
  status: ReviewStatus,
  context: AuditContext,
): Promise<AdminReview> {
  return inTransaction(db, async (tx) => {
    const row = await lockReview(tx, id);
    if (row.status !== status) {
      await tx.update(reviews).set(moderatedColumns(status)).where(eq(reviews.id, id));
      if (status !== 'pending') await markReviewAlertsRead(tx, [id]);
      await recomputeProductRatings(tx, [row.productId]);
      await recordAudit(tx, {
        context,
        action: AUDIT_ACTION_OF_STATUS[status],
        entityType: 'review',
        entityId: id,
        before: auditFacts(row),
        after: { status, held_reason: null },
      });
    }
    return getAdminReview(tx, id);
  });
}

/** The name shown with the shop's reply: the staff member's, or the shop's when they have none. */
async function replierName(tx: Db, context: AuditContext, shopName: string): Promise<string> {
  const actorId = context.actor?.id;
  if (!actorId) return shopName;
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)).limit(1);
  return user?.name.trim() || shopName;
}

/**
 * `PUT /admin/reviews/{id}/reply`: sets the shop's reply (signed with the staff member's name),
 * or removes it when `reply` is blank. The same text again changes nothing. A reply does not touch
 * the rating, so only the review is locked.
 */
export async function setReviewReply(
  db: Db,
  id: string,
  reply: string,
  context: AuditContext,
  shopName: string,
): Promise<AdminReview> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row) throw reviewNotFound();
    const text = reply === '' ? null : reply;
    if (text !== row.shopReply) {
      const by = text === null ? null : await replierName(tx, context, shopName);
      await tx
        .update(reviews)
        .set({
          shopReply: text,
          shopReplyBy: by,
          shopReplyAt: text === null ? null : new Date(),
          updatedAt: sql`${reviews.updatedAt}`,
        })
        .where(eq(reviews.id, id));
      await recordAudit(tx, {
        context,
        action: text === null ? 'review.reply_remove' : 'review.reply',
        entityType: 'review',
        entityId: id,
        before: { product_id: row.productId, reply: row.shopReply, by: row.shopReplyBy },
        after: { reply: text, by },
      });
    }
    return getAdminReview(tx, id);
  });
}

/** `DELETE /admin/reviews/{id}`: the review and its votes; an approved one no longer counts. */
export async function deleteReview(db: Db, id: string, context: AuditContext): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockReview(tx, id);
    await tx.delete(reviews).where(eq(reviews.id, id));
    if (row.status === 'approved') await recomputeProductRatings(tx, [row.productId]);
    await recordAudit(tx, {
      context,
      action: 'review.delete',
      entityType: 'review',
      entityId: id,
      before: { ...auditFacts(row), comment: row.comment },
    });
  });
}

/**
 * `POST /admin/reviews/bulk`: every product concerned is locked (in id order) before any review,
 * then the reviews not yet in the status change and their products are recomputed. Unknown ids
 * and reviews already in the status are skipped; `updated` counts the real changes.
 */
export async function bulkModerateReviews(
  db: Db,
  input: { action: ReviewBulkAction; ids: readonly string[] },
  context: AuditContext,
): Promise<{ updated: number }> {
  const status = STATUS_OF_ACTION[input.action];
  const ids = [...new Set(input.ids)];
  return inTransaction(db, async (tx) => {
    const found = await tx.select({ productId: reviews.productId }).from(reviews).where(inArray(reviews.id, ids));
    await lockProductsForRating(
      tx,
      found.map((row) => row.productId),
    );
    const rows = await tx
      .select({ id: reviews.id, productId: reviews.productId, status: reviews.status })
      .from(reviews)
      .where(inArray(reviews.id, ids))
      .orderBy(asc(reviews.id))
      .for('update');
    const changing = rows.filter((row) => row.status !== status);
    if (changing.length === 0) return { updated: 0 };
    const changingIds = changing.map((row) => row.id);
    await tx.update(reviews).set(moderatedColumns(status)).where(inArray(reviews.id, changingIds));
    await markReviewAlertsRead(tx, changingIds);
    await recomputeProductRatings(
      tx,
      changing.map((row) => row.productId),
    );
    await recordAudit(tx, {
      context,
      action: `review.bulk_${input.action}`,
      entityType: 'review',
      entityId: null,
      before: { reviews: changing.map((row) => ({ id: row.id, product_id: row.productId, status: row.status })) },
      after: { status, review_ids: changingIds, updated: changing.length },
    });
    return { updated: changing.length };
  });
}

export { getReviewSettings };

/** `PUT /admin/reviews/settings`: stored (duplicate words dropped) and audited with the old value. */
export async function updateReviewSettings(
  db: Db,
  next: ReviewSettings,
  context: AuditContext,
): Promise<ReviewSettings> {
  return inTransaction(db, async (tx) => {
    const before = await getReviewSettings(tx);
    const saved = await saveReviewSettings(tx, next);
    await recordAudit(tx, {
      context,
      action: 'review_settings.update',
      entityType: 'setting',
      entityId: 'review_settings',
      before,
      after: saved,
    });
    return saved;
  });
}
