import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import {
  newestOrderNotifications,
  reviewNotifications,
  securityAlertNotifications,
} from '#server/notifications/notifications.service.ts';
import {
  ADMIN_SOCKET_NAMESPACE,
  type NotificationType,
  SOCKET_EVENTS,
  SOCKET_PATH,
} from '#shared/contracts/notifications.ts';
import { adminRoom, registerAdminSockets } from './admin-sockets.ts';
import { attachRedisAdapter } from './redis-adapter.ts';

/**
 * Live admin notifications (docs/product.md#real-time-notifications). `announceOrder` is called after a commit that
 * inserted notification rows for an order (new order, status change): it reads this order's
 * newest rows of that type and emits each to its admin's room, through the Redis adapter when
 * `REDIS_URL` is set so every server process reaches its own sockets. Never awaited by a request;
 * failures are logged.
 */
export interface AdminRealtime {
  announceOrder(orderId: string, type: NotificationType): void;
  /** After the commit that stored a review waiting for moderation (insertReviewNotifications). */
  announceReview(reviewId: string): void;
  /** After the commit that stored a security alert and its notifications (security-alerts.service.ts). */
  announceSecurityAlert(alertId: string): void;
  /** Sends an event to every socket of one admin (all tabs, every process): REST echoes. */
  toAdmin(userId: string, event: string, payload: unknown): void;
  /** Drops this process's sockets whose session ended or whose admin was disabled or demoted (also runs every minute); how many. */
  recheckSessions(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: AdminRealtime;
  }
}

const EVENT_OF_TYPE: Record<NotificationType, string> = {
  new_order: SOCKET_EVENTS.newOrder,
  order_status: SOCKET_EVENTS.orderStatus,
  new_review: SOCKET_EVENTS.newReview,
  security_alert: SOCKET_EVENTS.securityAlert,
};

/**
 * socket.io on Fastify's own HTTP server (same origin as the API, so no CORS and the CSP's
 * `connect-src 'self'` covers it). Attaching works before `listen`, and `app.inject` never sees it.
 * Polling only (docs/product.md#real-time-notifications): plain HTTP requests that any proxy
 * passes, given sticky sessions (docs/operations.md).
 */
export async function registerAdminRealtime(app: FastifyInstance): Promise<void> {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['polling'],
    serveClient: false,
    // Same origin only: the admin panel is served by this server.
    cors: undefined,
  });
  const closeAdapter = app.config.REDIS_URL ? await attachRedisAdapter(io, app.config.REDIS_URL, app.log) : undefined;

  // Only the admin namespace exists: a client on the main namespace gets nothing to talk to.
  io.of('/').use((_socket, next) => next(new Error('Unknown namespace')));
  const admins = io.of(ADMIN_SOCKET_NAMESPACE);
  const sockets = registerAdminSockets(app, admins);

  const realtime: AdminRealtime = {
    recheckSessions: () => sockets.recheckSessions(),
    toAdmin(userId, event, payload) {
      admins.to(adminRoom(userId)).emit(event, payload);
    },
    announceOrder(orderId, type) {
      // One process and no admin connected: nobody to tell, so no read on the database (on
      // PGlite's single connection that read would queue behind the next checkout). With the
      // Redis adapter another process may hold the admin's socket, so always announce.
      if (!closeAdapter && admins.sockets.size === 0) return;
      newestOrderNotifications(app.db, orderId, type)
        .then((rows) => {
          for (const { userId, notification } of rows) realtime.toAdmin(userId, EVENT_OF_TYPE[type], notification);
        })
        .catch((error: unknown) => app.log.error({ err: error, orderId, type }, 'order notification not announced'));
    },
    announceReview(reviewId) {
      if (!closeAdapter && admins.sockets.size === 0) return;
      reviewNotifications(app.db, reviewId)
        .then((rows) => {
          for (const { userId, notification } of rows) realtime.toAdmin(userId, SOCKET_EVENTS.newReview, notification);
        })
        .catch((error: unknown) => app.log.error({ err: error, reviewId }, 'review notification not announced'));
    },
    announceSecurityAlert(alertId) {
      if (!closeAdapter && admins.sockets.size === 0) return;
      securityAlertNotifications(app.db, alertId)
        .then((rows) => {
          for (const { userId, notification } of rows) {
            realtime.toAdmin(userId, EVENT_OF_TYPE.security_alert, notification);
          }
        })
        .catch((error: unknown) => app.log.error({ err: error, alertId }, 'security alert not announced'));
    },
  };
  app.decorate('realtime', realtime);

  // preClose, not onClose: pending long polls must end before Fastify waits for connections to
  // drain. Closing the engine ends this process's connections only (with the Redis adapter a
  // socket.io disconnectSockets would reach every process), and as a transport close: the
  // admin panel reconnects, through the load balancer, to a live process. (A socket.io
  // "server disconnect" would tell it not to.) io.close() is not used because it also closes the
  // HTTP server, which Fastify does itself.
  app.addHook('preClose', async () => {
    sockets.stop();
    io.engine.close();
    await Promise.allSettled([admins.adapter.close(), io.of('/').adapter.close()]);
  });
  // After the server has closed (no request can emit any more), the Redis connections.
  if (closeAdapter) app.addHook('onClose', closeAdapter);
}
