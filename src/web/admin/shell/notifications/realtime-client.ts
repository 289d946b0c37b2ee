import {
  ADMIN_SOCKET_NAMESPACE,
  type Notification,
  REALTIME_CLIENT_OPTIONS,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type SocketConnected,
} from '#shared/contracts/notifications.ts';
import { getAccessToken } from '../../auth/admin-api.ts';

export interface RealtimeHandlers {
  onConnectionChange: (connected: boolean) => void;
  onConnected: (payload: SocketConnected) => void;
  onNewOrder: (notification: Notification) => void;
  onOrderStatus: (notification: Notification) => void;
  /** A review waits for moderation (new, or edited back to pending). */
  onNewReview: (notification: Notification) => void;
  /** A security alert was raised (docs/product.md#security-alerts). */
  onSecurityAlert: (notification: Notification) => void;
  /** Another tab (or a REST call) set the read flag; `isRead` false marks it unread again. */
  onRead: (id: string, isRead: boolean) => void;
  onDelete: (id: string) => void;
}

export interface RealtimeConnection {
  /** Sends `notification:read` / `notification:delete`; false when not connected (use REST then). */
  emit: (event: typeof SOCKET_EVENTS.read | typeof SOCKET_EVENTS.delete, id: string) => boolean;
  /** Tries again after the reconnection attempts ran out. */
  reconnect: () => void;
  disconnect: () => void;
}

const idOf = (payload: unknown): string | null =>
  typeof payload === 'object' && payload !== null && typeof (payload as { id?: unknown }).id === 'string'
    ? (payload as { id: string }).id
    : null;

/**
 * The admin's socket.io connection (docs/product.md#real-time-notifications, docs/product.md#limits-and-constants "Real-time"). socket.io-client is imported here,
 * on demand, so it is a chunk of its own that only a signed-in admin downloads: it must never join
 * the storefront's first load. The handshake asks for the token each time it connects, so a
 * reconnect after the access token was refreshed sends the fresh one.
 */
export async function connectRealtime(handlers: RealtimeHandlers): Promise<RealtimeConnection> {
  // See socket-io-umd.d.ts for why the package's browser bundle rather than its ESM build.
  const { default: io } = await import('socket.io-client/dist/socket.io.js');
  const socket = io(`${location.origin}${ADMIN_SOCKET_NAMESPACE}`, {
    path: SOCKET_PATH,
    ...REALTIME_CLIENT_OPTIONS,
    transports: [...REALTIME_CLIENT_OPTIONS.transports],
    auth: (cb) => {
      getAccessToken().then(
        (token) => cb({ token }),
        () => cb({ token: null }),
      );
    },
  });

  socket.on('connect', () => handlers.onConnectionChange(true));
  socket.on('disconnect', () => handlers.onConnectionChange(false));
  socket.on('connect_error', () => handlers.onConnectionChange(false));
  socket.on(SOCKET_EVENTS.connected, (payload: SocketConnected) => handlers.onConnected(payload));
  socket.on(SOCKET_EVENTS.newOrder, (notification: Notification) => handlers.onNewOrder(notification));
  socket.on(SOCKET_EVENTS.orderStatus, (notification: Notification) => handlers.onOrderStatus(notification));
  socket.on(SOCKET_EVENTS.newReview, (notification: Notification) => handlers.onNewReview(notification));
  socket.on(SOCKET_EVENTS.securityAlert, (notification: Notification) => handlers.onSecurityAlert(notification));
  socket.on(SOCKET_EVENTS.read, (payload: unknown) => {
    const id = idOf(payload);
    const isRead = (payload as { is_read?: unknown } | null)?.is_read !== false;
    if (id) handlers.onRead(id, isRead);
  });
  socket.on(SOCKET_EVENTS.delete, (payload: unknown) => {
    const id = idOf(payload);
    if (id) handlers.onDelete(id);
  });

  return {
    emit: (event, id) => {
      if (!socket.connected) return false;
      socket.emit(event, { id });
      return true;
    },
    reconnect: () => {
      if (!socket.connected) socket.connect();
    },
    disconnect: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
