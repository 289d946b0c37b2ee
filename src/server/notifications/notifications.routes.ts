import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { currentUser } from '#server/auth/authenticate.ts';
import { notFound } from '#server/errors.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  MarkAllReadResultSchema,
  NotificationIdParamsSchema,
  NotificationListSchema,
  NotificationSchema,
  NotificationUpdateSchema,
  SOCKET_EVENTS,
} from '#shared/contracts/notifications.ts';
import { listNotifications, markAllRead, markNotification, removeNotification } from './notifications.service.ts';

/**
 * `/admin/notifications` (docs/product.md#admin-endpoints); inside the admin scope. Each admin sees
 * and changes only their own rows. A change is echoed to this admin's sockets (same events as a
 * change made over the socket) so the bell in their other tabs follows.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin', 'notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "This admin's notifications, newest first (at most 100), with the unread count over all",
        response: { 200: dataEnvelope(NotificationListSchema) },
      },
    },
    async (request) => ({ data: await listNotifications(app.db, currentUser(request).id) }),
  );

  app.put(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Mark one notification read or unread',
        params: NotificationIdParamsSchema,
        body: NotificationUpdateSchema,
        response: { 200: dataEnvelope(NotificationSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const notification = await markNotification(app.db, user, id, request.body.is_read, auditContextOf(request));
      if (!notification) throw notFound('Notification');
      app.realtime.toAdmin(user.id, SOCKET_EVENTS.read, { id, is_read: notification.is_read });
      return { data: notification };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Delete one notification (for this admin only)',
        params: NotificationIdParamsSchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      if (!(await removeNotification(app.db, user, id, auditContextOf(request)))) throw notFound('Notification');
      app.realtime.toAdmin(user.id, SOCKET_EVENTS.delete, { id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: "Mark all of this admin's notifications read",
        response: { 200: dataEnvelope(MarkAllReadResultSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = await markAllRead(app.db, user, auditContextOf(request));
      // The same per-id event as a single read, so a tab needs only one handler.
      for (const id of ids) app.realtime.toAdmin(user.id, SOCKET_EVENTS.read, { id, is_read: true });
      return { data: { updated: ids.length } };
    },
  );
};
