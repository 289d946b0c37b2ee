import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { NotificationType } from '#shared/contracts/notifications.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';

export interface OrderNotificationInput {
  type: NotificationType;
  orderId: string;
  orderNumber: string;
  totalAmount: number;
  status: OrderStatus;
  title: string;
  message: string;
}

/**
 * Gives every active admin (cedar_active_admin_ids, src/server/db/sql/active-admins.sql: the one
 * definition) their own copy of a notification (own read flag, own delete). Call it
 * inside the transaction that made the change; after commit, `app.realtime.announceOrder` sends
 * the new rows to the admins' sockets. (New orders get theirs from cedar_place_order,
 * src/server/db/sql/place-order.sql, in the same statement as the order.)
 */
export async function insertOrderNotifications(db: Db, input: OrderNotificationInput): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, type, order_id, order_number, total_amount, status, title, message)
    select u.id, ${input.type}, ${input.orderId}::uuid, ${input.orderNumber}, ${input.totalAmount}, ${input.status},
      ${input.title}, ${input.message}
    from cedar_active_admin_ids() as u(id)`);
}

export interface ReviewNotificationInput {
  reviewId: string;
  title: string;
  message: string;
}

/**
 * Every active admin's copy of a `new_review` notification (a review waiting for moderation).
 * Call it inside the transaction that stored the review; after commit,
 * `app.realtime.announceReview` sends the rows to the admins' sockets.
 */
export async function insertReviewNotifications(db: Db, input: ReviewNotificationInput): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, type, review_id, title, message)
    select u.id, 'new_review', ${input.reviewId}::uuid, ${input.title}, ${input.message}
    from cedar_active_admin_ids() as u(id)`);
}
