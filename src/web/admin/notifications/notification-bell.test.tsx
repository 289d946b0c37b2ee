import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_SOUND_VOLUME,
  type Notification,
  newOrderToastText,
  SOCKET_EVENTS,
} from '#shared/contracts/notifications.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { AdminAuthProvider } from '../auth/admin-auth.tsx';
import { saveSession } from '../auth/token-store.ts';
import { NotificationBell } from './notification-bell.tsx';

/** A stand-in for socket.io's client (the library, not our code): records what the bell does with it. */
const fake = vi.hoisted(() => {
  type Handler = (payload?: unknown) => void;
  class FakeSocket {
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
  const sockets: FakeSocket[] = [];
  const io = (url: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  };
  return { sockets, io };
});
vi.mock('socket.io-client/dist/socket.io.js', () => ({ default: fake.io }));

const ADMIN = {
  id: 'u1',
  email: 'owner@cedar.shop',
  name: 'Owner',
  role: 'super_admin' as const,
  avatar_url: null,
  is_active: true,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function notification(n: number, extra: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'new_order',
    is_read: false,
    order_id: `10000000-0000-4000-8000-00000000000${n}`,
    review_id: null,
    orderNumber: `ORD-2026-000${n}`,
    totalAmount: 12.5 * n,
    status: 'pending',
    title: `New order ORD-2026-000${n}`,
    message: `Customer ${n} ordered`,
    created_at: new Date(Date.now() - (10 - n) * 60_000).toISOString(),
    ...extra,
  };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let list: Notification[] = [];
let view: Rendered | undefined;
let queries = new QueryClient();
let toasts: ToastOptions[] = [];
let disconnectToaster: () => void = () => {};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fake.sockets.length = 0;
  saveSession({ token: 'a1', refreshToken: 'r1', expiresIn: '15m', user: ADMIN });
  calls = [];
  list = [notification(2), notification(1, { is_read: true })];
  toasts = [];
  disconnectToaster = connectToaster((options) => toasts.push(options));
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input).split('?')[0] ?? '';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/me') return json({ data: ADMIN });
    if (url === '/api/admin/notifications') {
      return json({ data: { notifications: list, unread_count: list.filter((item) => !item.is_read).length } });
    }
    if (method === 'PUT' || method === 'POST') return json({ data: {} });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return json({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);
  });
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  disconnectToaster();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function mount(unread = 1) {
  queries = new QueryClient();
  view = await render(
    <QueryClientProvider client={queries}>
      <MemoryRouter initialEntries={['/admin/products']}>
        <AdminAuthProvider>
          <NotificationBell />
          <Where />
        </AdminAuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const root = view.container;
  await waitFor(() =>
    expect(bell(root).getAttribute('aria-label')).toBe(`Notifications, ${unread} unread, Disconnected`),
  );
  await waitFor(() => expect(fake.sockets).toHaveLength(1));
  return root;
}

const bell = (root: ParentNode) => {
  const found = root.querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]');
  if (!found) throw new Error('no bell');
  return found;
};
const socket = () => {
  const found = fake.sockets[0];
  if (!found) throw new Error('no socket');
  return found;
};
const buttonByText = (root: ParentNode, text: string, index = 0) => {
  const found = [...root.querySelectorAll<HTMLButtonElement>('button')].filter(
    (button) => button.textContent?.trim() === text,
  )[index];
  if (!found) throw new Error(`no button "${text}"`);
  return found;
};
const click = (element: HTMLElement) => act(async () => element.click());
const serverSends = (event: string, payload?: unknown) => act(async () => socket().receive(event, payload));
const items = (root: ParentNode) => [...root.querySelectorAll('[data-notification]')];
const badge = (root: ParentNode) => root.querySelector('[data-testid="notification-badge"]')?.textContent ?? null;
const where = (root: ParentNode) => root.querySelector('[data-testid="where"]')?.textContent;

describe('NotificationBell', () => {
  it('connects to the admin namespace with the spec settings and a fresh token for every handshake', async () => {
    await mount();
    const { url, options } = socket();
    expect(url).toBe(`${location.origin}/admin`);
    expect(options).toMatchObject({
      path: '/socket.io',
      transports: ['polling'],
      timeout: 10_000,
      reconnectionAttempts: 5,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 1_000,
      randomizationFactor: 0,
    });
    const auth = options.auth as (cb: (data: unknown) => void) => void;
    const data = await new Promise((resolve) => auth(resolve));
    expect(data).toEqual({ token: 'a1' });
  });

  it('shows the unread count and the connection state, and lists the notifications newest first', async () => {
    const root = await mount();
    expect(badge(root)).toBe('1');
    await serverSends('connect');
    await serverSends(SOCKET_EVENTS.connected, { userId: 'u1', unread_count: 1 });
    expect(bell(root).getAttribute('aria-label')).toBe('Notifications, 1 unread, Connected');

    await click(bell(root));
    expect(bell(root).getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelector('[role="dialog"]')?.textContent).toContain('Connected');
    expect(items(root).map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(items(root)[0]?.textContent).toContain('New order ORD-2026-0002');
    expect(items(root)[0]?.textContent).toContain('8 min. ago');
  });

  it('on a new order: prepends it, raises the count, toasts the number and total with a View action', async () => {
    const audio: number[] = [];
    vi.stubGlobal(
      'AudioContext',
      class {
        state = 'running';
        currentTime = 0;
        destination = {};
        createGain() {
          const gain = {
            value: 0,
            setValueAtTime: (value: number) => audio.push(value),
            exponentialRampToValueAtTime: () => {},
          };
          return { gain, connect: () => {} };
        }
        createOscillator() {
          return { type: '', frequency: { value: 0 }, connect: () => {}, start: () => {}, stop: () => {} };
        }
      },
    );
    const root = await mount();
    await serverSends('connect');
    // An orders list the admin has open elsewhere in the panel.
    queries.setQueryData(['admin', 'orders', 'list', {}], { items: [] });
    const order = notification(3, { created_at: new Date().toISOString() });
    await serverSends(SOCKET_EVENTS.newOrder, order);
    expect(queries.getQueryState(['admin', 'orders', 'list', {}])?.isInvalidated).toBe(true);

    expect(badge(root)).toBe('2');
    expect(toasts.at(-1)?.title).toBe(newOrderToastText(order));
    expect(toasts.at(-1)?.title).toBe('New order ORD-2026-0003: $37.50');
    expect(audio).toEqual([NOTIFICATION_SOUND_VOLUME]);
    await click(bell(root));
    expect(items(root)[0]?.getAttribute('data-notification')).toBe(order.id);

    await act(async () => toasts.at(-1)?.action?.onClick());
    expect(where(root)).toBe(`/admin/orders/${order.order_id}`);
  });

  it('shows a status change without the new-order sound', async () => {
    const root = await mount();
    await serverSends('connect');
    await serverSends(
      SOCKET_EVENTS.orderStatus,
      notification(4, { type: 'order_status', status: 'shipped', title: 'Order ORD-2026-0004 shipped' }),
    );
    expect(badge(root)).toBe('2');
    expect(toasts.at(-1)?.title).toBe('Order ORD-2026-0004 shipped');
    expect(toasts.at(-1)?.action).toBeUndefined();
  });

  it('does not toast a status change on that order’s own page', async () => {
    const root = await mount();
    await click(bell(root));
    await click(items(root)[0]?.querySelector('button') as HTMLButtonElement);
    expect(where(root)).toBe(`/admin/orders/${list[0]?.order_id}`);
    await serverSends('connect');
    const shown = toasts.length;
    await serverSends(
      SOCKET_EVENTS.orderStatus,
      notification(5, { type: 'order_status', order_id: list[0]?.order_id ?? null, title: 'Order confirmed' }),
    );
    expect(toasts).toHaveLength(shown);
    expect(badge(root)).toBe('1');
  });

  it('marks read and deletes over the socket when connected, over REST when not', async () => {
    const root = await mount();
    await serverSends('connect');
    await click(bell(root));
    await click(buttonByText(root, 'Mark as read'));
    expect(socket().emitted).toEqual([[SOCKET_EVENTS.read, { id: list[0]?.id }]]);
    expect(badge(root)).toBeNull();
    await click(buttonByText(root, 'Delete', 1));
    expect(socket().emitted.at(-1)).toEqual([SOCKET_EVENTS.delete, { id: list[1]?.id }]);
    expect(items(root)).toHaveLength(1);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    await serverSends('disconnect');
    expect(root.querySelector('[role="dialog"]')?.textContent).toContain('Disconnected');
    await click(buttonByText(root, 'Delete'));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/admin/notifications/${list[0]?.id}` }),
    );
    expect(root.querySelector('[role="dialog"]')?.textContent).toContain('No notifications');
  });

  it('marks one read over REST when disconnected, and all read with read-all', async () => {
    list = [notification(2), notification(1)];
    const root = await mount(2);
    expect(badge(root)).toBe('2');
    await click(bell(root));
    await click(buttonByText(root, 'Mark as read', 1));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        url: `/api/admin/notifications/${list[1]?.id}`,
        body: { is_read: true },
      }),
    );
    expect(badge(root)).toBe('1');
    await click(buttonByText(root, 'Mark all read'));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/notifications/read-all' }),
    );
    expect(badge(root)).toBeNull();
    expect(buttonByText(root, 'Mark all read').disabled).toBe(true);
  });

  it('applies reads and deletes echoed from the admin’s other tabs', async () => {
    const root = await mount();
    await serverSends('connect');
    await serverSends(SOCKET_EVENTS.read, { id: list[0]?.id, is_read: true });
    expect(badge(root)).toBeNull();
    // Marked unread again elsewhere (PUT is_read false): the count comes back.
    await serverSends(SOCKET_EVENTS.read, { id: list[0]?.id, is_read: false });
    expect(badge(root)).toBe('1');
    await serverSends(SOCKET_EVENTS.read, { id: list[0]?.id, is_read: true });
    await serverSends(SOCKET_EVENTS.delete, { id: list[1]?.id });
    await click(bell(root));
    expect(items(root)).toHaveLength(1);
  });

  it('opens the order of a clicked notification, marks it read and closes the panel', async () => {
    const root = await mount();
    await click(bell(root));
    const first = items(root)[0]?.querySelector('button');
    if (!first) throw new Error('no item');
    await click(first as HTMLButtonElement);
    expect(where(root)).toBe(`/admin/orders/${list[0]?.order_id}`);
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(badge(root)).toBeNull();
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    const root = await mount();
    await click(bell(root));
    expect(document.activeElement).toBe(root.querySelector('[role="dialog"]'));
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(bell(root));
  });

  it('disconnects when it goes away (sign-out leaves the panel)', async () => {
    await mount();
    view?.unmount();
    view = undefined;
    expect(socket().disconnected).toBe(true);
  });
});
