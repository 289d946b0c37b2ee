import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { liveSessionUser, type RequestUser, verifySessionToken } from '#server/auth/authenticate.ts';
import { AppError } from '#server/errors.ts';
import { markNotification, removeNotification, unreadCount } from '#server/notifications/notifications.service.ts';
import { isStaffRole } from '#shared/contracts/auth.ts';
import { SOCKET_EVENTS, SocketNotificationIdSchema } from '#shared/contracts/notifications.ts';
import { SECURITY_MESSAGES } from '#shared/contracts/security.ts';

/** Every socket of one admin (all their tabs) joins this room; emits to it reach all of them. */
export const adminRoom = (userId: string) => `user:${userId}`;

export type SocketAck = { ok: true } | { ok: false; error: string };

interface AdminSocketData {
  user: RequestUser;
  /** The client's address at the handshake (through TRUST_PROXY), checked again against the allowlist. */
  ip: string;
}

/** A handshake refusal: the client's `connect_error` carries the message and `data.code`. */
function refusal(message: string, code: string): Error {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * The handshake's address must be on the staff allowlist while it is on (like every staff route,
 * before the token is looked at); then `auth.token` is checked exactly like an HTTP bearer token
 * (signature, expiry, live session, active user; role read from the database), and only staff may stay.
 */
async function authenticateSocket(app: FastifyInstance, socket: Socket, ip: string): Promise<RequestUser> {
  const attempt = { path: 'the admin socket', userAgent: socket.handshake.headers['user-agent'] };
  if (!(await app.staffAddresses.admit(ip, attempt))) throw refusal(SECURITY_MESSAGES.addressNotAllowed, 'FORBIDDEN');
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

/** How often connected sockets' sessions are checked again (a polling session outlives its JWT). */
export const SESSION_RECHECK_MS = 60_000;

/** Whether the socket's session is still live, its user active and still staff, and its address still allowed. */
async function stillAllowed(app: FastifyInstance, data: AdminSocketData): Promise<boolean> {
  const current = await liveSessionUser(app, data.user.id, data.user.sessionId);
  return current !== undefined && isStaffRole(current.role) && (await app.staffAddresses.allows(data.ip));
}

export interface AdminSockets {
  /**
   * Drops this process's sockets whose session was signed out or expired, whose user was
   * disabled or demoted since the handshake, or whose address the allowlist no longer admits.
   * Runs every SESSION_RECHECK_MS; one query per session (and one for the list while it is on).
   */
  recheckSessions(): Promise<number>;
  stop(): void;
}

export function registerAdminSockets(app: FastifyInstance, admins: Namespace): AdminSockets {
  admins.use((socket, next) => {
    const ip = app.staffAddresses.addressOf(socket.request);
    authenticateSocket(app, socket, ip)
      .then((user) => {
        Object.assign(socket.data as AdminSocketData, { user, ip });
        next();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && 'data' in error)) app.log.error({ err: error }, 'socket handshake failed');
        next(error instanceof Error && 'data' in error ? error : refusal('Authentication required', 'UNAUTHORIZED'));
      });
  });

  admins.on('connection', (socket) => {
    const data = socket.data as AdminSocketData;
    const { user } = data;
    const room = adminRoom(user.id);
    void socket.join(room);

    /**
     * Read / delete from one tab: the session is checked again (a polling session outlives its
     * JWT), the change applies to this admin's own rows only, and is echoed to their other tabs on
     * every process (through the adapter); `socket.to` leaves out the sender.
     */
    const onWrite =
      (event: string, apply: (id: string) => Promise<unknown>, echo: (id: string) => object, failure: string) =>
      async (payload: unknown, ack: unknown) => {
        const parsed = SocketNotificationIdSchema.safeParse(payload);
        if (!parsed.success) return replyWith(ack, { ok: false, error: 'A notification id is required' });
        try {
          if (!(await stillAllowed(app, data))) {
            replyWith(ack, { ok: false, error: 'Session expired' });
            // Not a plain close: the client must not reconnect with a token that no longer works.
            socket.disconnect(true);
            return;
          }
          if (!(await apply(parsed.data.id))) return replyWith(ack, { ok: false, error: 'Notification not found' });
          socket.to(room).emit(event, echo(parsed.data.id));
          replyWith(ack, { ok: true });
        } catch (error) {
          app.log.error({ err: error, event }, 'socket notification write failed');
          replyWith(ack, { ok: false, error: failure });
        }
      };

    socket.on(
      SOCKET_EVENTS.read,
      onWrite(
        SOCKET_EVENTS.read,
        (id) => markNotification(app.db, user, id, true),
        (id) => ({ id, is_read: true }),
        'Could not update the notification',
      ),
    );
    socket.on(
      SOCKET_EVENTS.delete,
      onWrite(
        SOCKET_EVENTS.delete,
        (id) => removeNotification(app.db, user, id),
        (id) => ({ id }),
        'Could not delete the notification',
      ),
    );

    unreadCount(app.db, user.id)
      .then((unread) => socket.emit(SOCKET_EVENTS.connected, { userId: user.id, unread_count: unread }))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'socket connected: unread count failed');
        socket.disconnect(true);
      });
  });

  const recheckSessions = async (): Promise<number> => {
    // One query per session, however many tabs it has open on this process.
    const bySession = new Map<string, Socket[]>();
    for (const socket of admins.sockets.values()) {
      const { user, ip } = socket.data as AdminSocketData;
      const key = `${user.id}:${user.sessionId}:${ip}`;
      bySession.set(key, [...(bySession.get(key) ?? []), socket]);
    }
    let dropped = 0;
    for (const sockets of bySession.values()) {
      const first = sockets[0];
      if (!first || (await stillAllowed(app, first.data as AdminSocketData))) continue;
      for (const socket of sockets) socket.disconnect(true);
      dropped += sockets.length;
    }
    return dropped;
  };
  const timer = setInterval(() => {
    recheckSessions().catch((error: unknown) => app.log.error({ err: error }, 'socket session recheck failed'));
  }, SESSION_RECHECK_MS);
  // Never keeps a process alive on its own.
  timer.unref();
  return { recheckSessions, stop: () => clearInterval(timer) };
}
