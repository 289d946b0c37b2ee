import { and, desc, eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { countRows } from '#server/db/list-queries.ts';
import {
  NOTIFICATION_LIST_MAX,
  type Notification,
  type NotificationList,
  type NotificationType,
} from '#shared/contracts/notifications.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { notifications } from './notifications.table.ts';

/**
 * One admin's notifications (docs/product.md#admin-endpoints). Every function takes the admin's
 * user id and touches only that admin's rows: another admin's id is simply "not found".
 */

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    is_read: row.isRead,
    order_id: row.orderId,
    review_id: row.reviewId,
    security_alert_id: row.securityAlertId,
    orderNumber: row.orderNumber,
    totalAmount: row.totalAmount,
    status: row.status as OrderStatus | null,
    title: row.title,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}

const ownRow = (userId: string, id: string) => and(eq(notifications.id, id), eq(notifications.userId, userId));

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return countRows(db, notifications, and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

/** Newest first, capped at NOTIFICATION_LIST_MAX; the unread count is over all of them. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      // id breaks ties between rows made in one transaction (same created_at), so pages are stable.
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_MAX),
    unreadCount(db, userId),
  ]);
  return { notifications: rows.map(toNotification), unread_count: unread };
}

/** Sets the read flag; undefined when the id is not this admin's notification. */
export async function setNotificationRead(
  db: Db,
  userId: string,
  id: string,
  isRead: boolean,
): Promise<Notification | undefined> {
  const [row] = await db.update(notifications).set({ isRead }).where(ownRow(userId, id)).returning();
  return row && toNotification(row);
}

/** Deletes one of this admin's notifications; the deleted row, or undefined when none. */
export async function deleteNotification(db: Db, userId: string, id: string): Promise<Notification | undefined> {
  const [row] = await db.delete(notifications).where(ownRow(userId, id)).returning();
  return row && toNotification(row);
}

/** Marks every unread notification of this admin read; the ids that changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * The newest notification of `type` for `orderId`, one per admin: what a change that just
 * committed inserted (cedar_place_order or insertOrderNotifications), for the live announcement.
 */
export async function newestOrderNotifications(
  db: Db,
  orderId: string,
  type: NotificationType,
): Promise<{ userId: string; notification: Notification }[]> {
  const rows = await db
    .selectDistinctOn([notifications.userId])
    .from(notifications)
    .where(and(eq(notifications.orderId, orderId), eq(notifications.type, type)))
    .orderBy(notifications.userId, desc(notifications.createdAt), desc(notifications.id));
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

/** The `new_review` notifications of one review, one per admin, for the live announcement. */
export async function reviewNotifications(
  db: Db,
  reviewId: string,
): Promise<{ userId: string; notification: Notification }[]> {
  const rows = await db
    .selectDistinctOn([notifications.userId])
    .from(notifications)
    .where(and(eq(notifications.reviewId, reviewId), eq(notifications.type, 'new_review')))
    .orderBy(notifications.userId, desc(notifications.createdAt), desc(notifications.id));
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

/** The `security_alert` notifications of one alert, one per admin, for the live announcement. */
export async function securityAlertNotifications(
  db: Db,
  alertId: string,
): Promise<{ userId: string; notification: Notification }[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.securityAlertId, alertId), eq(notifications.type, 'security_alert')));
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

// ---------------------------------------------------------------------------------------------
// Writes an admin makes (REST or socket): applied to their own rows and kept in the audit log.

export interface NotificationActor {
  id: string;
  email: string | null;
}

export async function markNotification(
  db: Db,
  actor: NotificationActor,
  id: string,
  isRead: boolean,
  context?: AuditContext,
): Promise<Notification | undefined> {
  const notification = await setNotificationRead(db, actor.id, id, isRead);
  if (notification) {
    await recordAudit(db, {
      context,
      actor,
      action: isRead ? 'notification.read' : 'notification.unread',
      entityType: 'notification',
      entityId: id,
      after: { is_read: isRead },
    });
  }
  return notification;
}

export async function removeNotification(
  db: Db,
  actor: NotificationActor,
  id: string,
  context?: AuditContext,
): Promise<Notification | undefined> {
  const notification = await deleteNotification(db, actor.id, id);
  if (notification) {
    await recordAudit(db, {
      context,
      actor,
      action: 'notification.delete',
      entityType: 'notification',
      entityId: id,
      before: { type: notification.type, orderNumber: notification.orderNumber, is_read: notification.is_read },
    });
  }
  return notification;
}

export async function markAllRead(db: Db, actor: NotificationActor, context?: AuditContext): Promise<string[]> {
  const ids = await markAllNotificationsRead(db, actor.id);
  if (ids.length > 0) {
    await recordAudit(db, {
      context,
      actor,
      action: 'notification.read_all',
      entityType: 'notification',
      after: { updated: ids.length },
    });
  }
  return ids;
}
