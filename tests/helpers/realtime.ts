import net from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { ADMIN_SOCKET_NAMESPACE, SOCKET_EVENTS, SOCKET_PATH } from '#shared/contracts/notifications.ts';

/**
 * A socket.io client on the admin namespace, as the admin panel makes it (polling only), that
 * does not reconnect: a test sees the first refusal. Connects only when `connect()` is called.
 */
export function adminSocket(baseUrl: string, token?: string): Socket {
  return io(`${baseUrl}${ADMIN_SOCKET_NAMESPACE}`, {
    path: SOCKET_PATH,
    transports: ['polling'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    autoConnect: false,
    timeout: 5_000,
    // Each socket its own engine (one tab each), not a shared multiplexed connection.
    forceNew: true,
  });
}

/** The next `event` on `socket` (its first argument), or a rejection after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

type Refusal = Error & { data?: { code?: string } };

/** Connects and settles on whichever of `connected` / `connect_error` comes first (5 s at most). */
function handshake(socket: Socket): Promise<{ connected?: unknown; refused?: Refusal }> {
  return new Promise((resolve, reject) => {
    const done = (result: { connected?: unknown; refused?: Refusal }) => {
      clearTimeout(timer);
      socket.off(SOCKET_EVENTS.connected, onConnected);
      socket.off('connect_error', onRefused);
      resolve(result);
    };
    const onConnected = (payload: unknown) => done({ connected: payload });
    const onRefused = (error: Refusal) => done({ refused: error });
    const timer = setTimeout(() => reject(new Error('no handshake answer within 5 s')), 5_000);
    socket.once(SOCKET_EVENTS.connected, onConnected);
    socket.once('connect_error', onRefused);
    socket.connect();
  });
}

/** Connects and resolves with the `connected` payload (listening before the handshake starts). */
export async function connectAdmin<T = { userId: string; unread_count: number }>(socket: Socket): Promise<T> {
  const { connected, refused } = await handshake(socket);
  if (refused) throw new Error(`socket refused: ${refused.message}`);
  return connected as T;
}

/** Connects and resolves with the refusal the server gave (fails if it connects instead). */
export async function connectRefused(socket: Socket): Promise<Refusal> {
  const { refused } = await handshake(socket);
  if (!refused) throw new Error('socket connected but should have been refused');
  return refused;
}

/** A TCP port free right now on 127.0.0.1 (for server processes that need a known port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
