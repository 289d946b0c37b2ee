import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { type RequestUser, verifySessionToken } from '#server/auth/authenticate.ts';
import { AppError } from '#server/errors.ts';
import { markNotification, removeNotification, unreadCount } from '#server/notifications/notifications.service.ts';
import { isStaffRole } from '#shared/contracts/auth.ts';
import { SOCKET_EVENTS, SocketNotificationIdSchema } from '#shared/contracts/notifications.ts';

/** Every socket of one admin (all their tabs) joins this room; emits to it reach all of them. */
export const adminRoom = (userId: string) => `user:${userId}`;

export type SocketAck = { ok: true } | { ok: false; error: string };

interface AdminSocketData {
  user: RequestUser;
}

/** A handshake refusal: the client's `connect_error` carries the message and `data.code`. */
function refusal(message: string, code: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * The handshake's `auth.token` is checked exactly like an HTTP bearer token (signature, expiry,
 * live session, active user; role read from the database), then only staff may stay.
 */
async function authenticateSocket(app: FastifyInstance, socket: Socket): Promise<RequestUser> {
  const token: unknown = socket.handshake.auth?.token;
  if (typeof token !== 'string' || token === '') throw refusal('Authentication required', 'UNAUTHORIZED');
  let user: RequestUser;
  try {
    user = await verifySessionToken(app, token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOKEN_EXPIRED') throw refusal('Session expired', 'TOKEN_EXPIRED');
    if (error instanceof AppError) throw refusal('Authentication required', 'UNAUTHORIZED');
    throw error;
  }
  if (!isStaffRole(user.role)) throw refusal('Admins only', 'FORBIDDEN');
  return user;
}

/** Calls the client's ack when it sent one (the event may come without a callback). */
function replyWith(ack: unknown, answer: SocketAck): void {
  if (typeof ack === 'function') ack(answer);
}

export function registerAdminSockets(app: FastifyInstance, admins: Namespace): void {
  admins.use((socket, next) => {
    authenticateSocket(app, socket)
      .then((user) => {
        (socket.data as AdminSocketData).user = user;
        next();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && 'data' in error)) app.log.error({ err: error }, 'socket handshake failed');
        next(error instanceof Error && 'data' in error ? error : refusal('Authentication required', 'UNAUTHORIZED'));
      });
  });

  admins.on('connection', (socket) => {
    const { user } = socket.data as AdminSocketData;
    const room = adminRoom(user.id);
    void socket.join(room);

    // Read / delete from one tab: applied to this admin's own rows, echoed to their other tabs
    // (on every process, through the adapter); `socket.to` leaves out the sender.
    socket.on(SOCKET_EVENTS.read, async (payload: unknown, ack: unknown) => {
      const parsed = SocketNotificationIdSchema.safeParse(payload);
      if (!parsed.success) return replyWith(ack, { ok: false, error: 'A notification id is required' });
      try {
        const done = await markNotification(app.db, user, parsed.data.id, true);
        if (!done) return replyWith(ack, { ok: false, error: 'Notification not found' });
        socket.to(room).emit(SOCKET_EVENTS.read, { id: parsed.data.id, is_read: true });
        replyWith(ack, { ok: true });
      } catch (error) {
        app.log.error({ err: error }, 'socket notification:read failed');
        replyWith(ack, { ok: false, error: 'Could not update the notification' });
      }
    });

    socket.on(SOCKET_EVENTS.delete, async (payload: unknown, ack: unknown) => {
      const parsed = SocketNotificationIdSchema.safeParse(payload);
      if (!parsed.success) return replyWith(ack, { ok: false, error: 'A notification id is required' });
      try {
        const done = await removeNotification(app.db, user, parsed.data.id);
        if (!done) return replyWith(ack, { ok: false, error: 'Notification not found' });
        socket.to(room).emit(SOCKET_EVENTS.delete, { id: parsed.data.id });
        replyWith(ack, { ok: true });
      } catch (error) {
        app.log.error({ err: error }, 'socket notification:delete failed');
        replyWith(ack, { ok: false, error: 'Could not delete the notification' });
      }
    });

    unreadCount(app.db, user.id)
      .then((unread) => socket.emit(SOCKET_EVENTS.connected, { userId: user.id, unread_count: unread }))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'socket connected: unread count failed');
        socket.disconnect(true);
      });
  });
}
