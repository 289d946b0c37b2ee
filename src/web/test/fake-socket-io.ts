/**
 * A stand-in for socket.io's client (the library, not our code) for the admin's live tests: it
 * records what the panel does with its socket, and `receive` plays what the server would send.
 * Use it with `vi.mock('socket.io-client/dist/socket.io.js', () => import('#web/test/fake-socket-io.ts'))`.
 */
type Handler = (payload?: unknown) => void;

export class FakeSocket {
  connected = false;
  disconnected = false;
  emitted: Array<[string, unknown]> = [];
  handlers = new Map<string, Handler[]>();
  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    this.disconnected = true;
    return this;
  }
  /** What the server would send. */
  receive(event: string, payload?: unknown) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }
}

/** Every socket the panel opened, oldest first; tests empty it before each. */
export const sockets: FakeSocket[] = [];

export default function io(url: string, options: Record<string, unknown>) {
  const socket = new FakeSocket(url, options);
  sockets.push(socket);
  return socket;
}
