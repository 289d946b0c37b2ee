import type { FastifyInstance } from 'fastify';
import type { NotificationType } from '#shared/contracts/notifications.ts';

/**
 * Live admin notifications (spec §7 "Real-time"). `announceOrder` is called after a commit that
 * inserted notification rows for an order (new order, status change): it reads this order's
 * newest rows of that type and emits each to its admin's room, through the Redis adapter when
 * `REDIS_URL` is set so every server process reaches its own sockets. Never awaited by a request;
 * failures are logged.
 */
export interface AdminRealtime {
  announceOrder(orderId: string, type: NotificationType): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: AdminRealtime;
  }
}

// STUB (issue 8): replaced by the socket.io server.
export async function registerAdminRealtime(app: FastifyInstance): Promise<void> {
  app.decorate('realtime', {
    announceOrder: () => {},
  } satisfies AdminRealtime);
}
