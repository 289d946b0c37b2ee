import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_SOUND_VOLUME,
  type Notification,
  newOrderToastText,
  SOCKET_EVENTS,
} from '#shared/contracts/notifications.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { click, OWNER, Where, where } from '#web/test/admin.tsx';
import { json } from '#web/test/api.ts';
import { sockets } from '#web/test/fake-socket-io.ts';
import { allByRole } from '#web/test/queries.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { AdminAuthProvider } from '../../auth/admin-auth.tsx';
import { saveSession } from '../../auth/token-store.ts';
import { HELD, newReviewNotification } from '../../reviews/test-fixtures.ts';
import { NotificationBell } from './notification-bell.tsx';

vi.mock('socket.io-client/dist/socket.io.js', () => import('#web/test/fake-socket-io.ts'));

function notification(n: number, extra: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'new_order',
    is_read: false,
    order_id: `10000000-0000-4000-8000-00000000000${n}`,
    review_id: null,
    security_alert_id: null,
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

beforeEach(() => {
  sockets.length = 0;
  saveSession({ token: 'a1', refreshToken: 'r1', expiresIn: '15m', user: OWNER });
  calls = [];
  list = [notification(2), notification(1, { is_read: true })];
  toasts = [];
  disconnectToaster = connectToaster((options) => toasts.push(options));
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input).split('?')[0] ?? '';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/auth/me') return json({ data: OWNER });
    if (url === '/api/admin/notifications') {
      return json({ data: { notifications: list, unread_count: list.filter((item) => !item.is_read).length } });
    }
    if (url === `/api/admin/reviews/${HELD.id}`) return json({ data: HELD });
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

const GONE_REVIEW = '40000000-0000-4000-8000-0000000000ff';

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
  await waitFor(() => expect(sockets).toHaveLength(1));
  return root;
}

const bell = (root: ParentNode) => {
  const found = root.querySelector<HTMLButtonElement>('button[aria-label^="Notifications"]');
  if (!found) throw new Error('no bell');
  return found;
};
const socket = () => {
  const found = sockets[0];
  if (!found) throw new Error('no socket');
  return found;
};
/** The `index`th button named `text` (each notification has its own "Delete"). */
const buttonByText = (root: ParentNode, text: string, index = 0) =>
  allByRole<HTMLButtonElement>(root, 'button', text)[index];
const serverSends = (event: string, payload?: unknown) => act(async () => socket().receive(event, payload));
const items = (root: ParentNode) => [...root.querySelectorAll('[data-notification]')];
const badge = (root: ParentNode) => root.querySelector('[data-testid="notification-badge"]')?.textContent ?? null;

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

  it('on a new review: lists it without an order, toasts its stars and product without the chime, leads to the pending reviews', async () => {
    const audio: number[] = [];
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          audio.push(1);
        }
      },
    );
    const root = await mount();
    await serverSends('connect');
    queries.setQueryData(['admin', 'reviews', 'stats'], { pending: 0 });
    const review = newReviewNotification();
    await serverSends(SOCKET_EVENTS.newReview, review);
    expect(badge(root)).toBe('2');
    // The sidebar's pending count and an open reviews list are stale now.
    expect(queries.getQueryState(['admin', 'reviews', 'stats'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('New review: ★2 for Raspberry Pi Pico W'));
    expect(calls.some((call) => call.url === `/api/admin/reviews/${HELD.id}`)).toBe(true);
    expect(audio).toEqual([]);

    await click(bell(root));
    const item = items(root)[0];
    expect(item?.getAttribute('data-notification')).toBe(review.id);
    expect(item?.textContent).toContain('Sami reviewed Raspberry Pi Pico W');
    expect(item?.textContent).not.toContain('$');
    await click(item?.querySelector('button') as HTMLButtonElement);
    expect(where(root)).toBe('/admin/reviews?status=pending');
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(badge(root)).toBe('1');
  });

  it('on a security alert: lists its title and message, toasts it, refreshes the alerts and leads to the Security page', async () => {
    const root = await mount();
    await serverSends('connect');
    queries.setQueryData(['admin', 'security', 'alerts', { page: 1 }], { data: [] });
    const alert = notification(5, {
      type: 'security_alert',
      order_id: null,
      orderNumber: null,
      totalAmount: null,
      status: null,
      security_alert_id: '50000000-0000-4000-8000-000000000005',
      title: '5 failed sign-ins for owner@cedar.shop',
      message: '5 wrong passwords for this staff account within 15 minutes.',
    });
    await serverSends(SOCKET_EVENTS.securityAlert, alert);
    expect(badge(root)).toBe('2');
    expect(queries.getQueryState(['admin', 'security', 'alerts', { page: 1 }])?.isInvalidated).toBe(true);
    expect(toasts.at(-1)).toMatchObject({
      title: '5 failed sign-ins for owner@cedar.shop',
      description: 'Security alert',
    });

    await click(bell(root));
    const item = items(root)[0];
    expect(item?.getAttribute('data-notification')).toBe(alert.id);
    expect(item?.textContent).toContain('5 failed sign-ins for owner@cedar.shop');
    expect(item?.textContent).toContain('5 wrong passwords for this staff account');
    expect(item?.textContent).not.toContain('$');
    await click(item?.querySelector('button') as HTMLButtonElement);
    expect(where(root)).toBe('/admin/security');
    expect(badge(root)).toBe('1');
  });

  it('toasts a new review with the notification’s title when the review cannot be read', async () => {
    const root = await mount();
    await serverSends('connect');
    await serverSends(
      SOCKET_EVENTS.newReview,
      newReviewNotification({ review_id: GONE_REVIEW, title: 'New review of Pico W' }),
    );
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('New review of Pico W'));
    expect(where(root)).toBe('/admin/products');
    await act(async () => toasts.at(-1)?.action?.onClick());
    expect(where(root)).toBe('/admin/reviews?status=pending');
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
    expect(buttonByText(root, 'Mark all read')?.disabled).toBe(true);
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
