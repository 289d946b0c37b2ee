import { z } from 'zod';
import { ORDER_STATUSES } from './orders.ts';

/**
 * Admin notifications (docs/product.md#notification, docs/product.md#admin-endpoints,
 * docs/product.md#real-time-notifications, docs/product.md#limits-and-constants). Each admin has
 * their own copy of a notification (own read flag, own delete), so one admin reading an alert does
 * not hide it from another.
 */

export const NOTIFICATION_TYPES = ['new_order', 'order_status', 'new_review', 'security_alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * docs/product.md#notification: id, read flag, orderNumber, totalAmount, status (camelCase as
 * docs/product.md#paths-and-names lists).
 */
export const NotificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  order_id: z.string().nullable(),
  /** Set on `new_review` notifications: the review waiting for moderation. */
  review_id: z.string().nullable(),
  /** Set on `security_alert` notifications: the alert on the Security page. */
  security_alert_id: z.string().nullable(),
  orderNumber: z.string().nullable(),
  totalAmount: z.number().nullable(),
  status: z.enum(ORDER_STATUSES).nullable(),
  title: z.string(),
  message: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** docs/product.md#limits-and-constants "Notification list": capped at 100, newest first. */
export const NOTIFICATION_LIST_MAX = 100;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** Over all of this admin's notifications, not only the 100 listed. */
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationUpdateSchema = z
  .object({ is_read: z.boolean({ error: 'is_read must be true or false' }) })
  .strict();
export const NotificationIdParamsSchema = z.object({ id: z.uuid('Notification not found') });

/** `POST /admin/notifications/read-all` (docs/product.md#admin-endpoints: the bell's "Mark all read"). */
export const MarkAllReadResultSchema = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Real-time (socket.io): the names and client settings both sides use.

export const ADMIN_SOCKET_NAMESPACE = '/admin';
export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  /** Server → client after the handshake: `{ userId, unread_count }`. */
  connected: 'connected',
  /** Server → admins: a Notification for a new order (checkout or admin-created). */
  newOrder: 'notification:new_order',
  /** Server → admins: a Notification for an order's status change. */
  orderStatus: 'notification:order_status',
  /** Server → admins: a Notification for a new review waiting for moderation (docs/product.md#reviews). */
  newReview: 'notification:new_review',
  /** Server → admins: a Notification for a new security alert (docs/product.md#security-alerts). */
  securityAlert: 'notification:security_alert',
  /** Client → server `{ id }`; the server echoes `{ id, is_read: true }` to the admin's other tabs. */
  read: 'notification:read',
  /** Client → server `{ id }`; the server echoes `{ id }` to the admin's other tabs. */
  delete: 'notification:delete',
} as const;

export const SocketConnectedSchema = z.object({ userId: z.string(), unread_count: z.number().int() });
export type SocketConnected = z.infer<typeof SocketConnectedSchema>;
export const SocketNotificationIdSchema = z.object({ id: z.uuid() });

/** docs/product.md#real-time-notifications: timeout 10 s, up to 5 reconnects, 1 s delay, polling only. */
export const REALTIME_CLIENT_OPTIONS = {
  transports: ['polling'],
  timeout: 10_000,
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  // socket.io-client otherwise backs off (1, 2, 4, 5, 5 s) with ±50 % jitter: the product wants them 1 s apart.
  reconnectionDelayMax: 1_000,
  randomizationFactor: 0,
} as const;

/** docs/product.md#real-time-notifications: the new-order sound plays quietly. */
export const NOTIFICATION_SOUND_VOLUME = 0.3;

/** The toast for a new order: its number and the total to two decimals in dollars. */
export function newOrderToastText(notification: Pick<Notification, 'orderNumber' | 'totalAmount'>): string {
  return `New order ${notification.orderNumber ?? ''}: $${(notification.totalAmount ?? 0).toFixed(2)}`;
}
