import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notification, SOCKET_EVENTS } from '#shared/contracts/notifications.ts';
import { connectToaster, type ToastOptions } from '#web/lib/toast.ts';
import { click, OWNER, renderAdmin, resetAdminTest, signIn } from '#web/test/admin.tsx';
import { type Call, json, pagination, route, stubFetch } from '#web/test/api.ts';
import { sockets } from '#web/test/fake-socket-io.ts';
import { type Rendered, waitFor } from '#web/test/render.tsx';
import { inAdminShell } from '../shell/test-shell.tsx';
import { ReviewsPage } from './reviews-page.tsx';
import { HELD, newReviewNotification, STATS } from './test-fixtures.ts';

vi.mock('socket.io-client/dist/socket.io.js', () => import('#web/test/fake-socket-io.ts'));

/**
 * The reviews screen inside the real admin shell: the sidebar's pending count, and what a live
 * `notification:new_review` does to it, to the bell and to the open list. Only the network and
 * socket.io's client are stand-ins.
 */
let calls: Call[] = [];
let pending = 1;
/** The admin's notifications as the server holds them. */
let bellList: Notification[] = [];
let view: Rendered | undefined;
const toasts: ToastOptions[] = [];
let disconnectToaster = () => {};

beforeEach(() => {
  sockets.length = 0;
  pending = 1;
  bellList = [];
  toasts.length = 0;
  signIn();
  disconnectToaster = connectToaster((options) => toasts.push(options));
  // The real toaster (sonner) would load when the page is idle and take the toasts from the test.
  vi.stubGlobal('requestIdleCallback', () => 0);
  calls = stubFetch((call) => {
    const path = route(call);
    if (path === 'GET /api/auth/me') return json({ data: OWNER });
    if (path === 'GET /api/admin/notifications') {
      const unread = bellList.filter((item) => !item.is_read).length;
      return json({ data: { notifications: bellList, unread_count: unread } });
    }
    if (path === 'GET /api/admin/reviews/stats') return json({ data: { ...STATS, pending } });
    if (path === 'GET /api/admin/reviews') return json({ data: [HELD], pagination: pagination(1) });
    if (path === `GET /api/admin/reviews/${HELD.id}`) return json({ data: HELD });
    if (path === `PUT /api/admin/reviews/${HELD.id}/status`) {
      pending -= 1;
      // The server marks a review's notifications read once it leaves pending.
      bellList = bellList.map((item) => ({ ...item, is_read: true }));
      return json({ data: { ...HELD, status: 'approved', held_reason: null } });
    }
    return json({ message: 'Not found', statusCode: 404, code: 'NOT_FOUND', errors: [] }, 404);
  });
});

afterEach(() => {
  view?.unmount();
  view = undefined;
  disconnectToaster();
  resetAdminTest();
});

async function mount() {
  view = await renderAdmin(inAdminShell({ reviews: <ReviewsPage /> }), '/admin/reviews');
  const root = view.container;
  await waitFor(() => expect(root.querySelector('tbody tr, main li')).not.toBeNull());
  await waitFor(() => expect(sockets).toHaveLength(1));
  return root;
}

/** The sidebar's Reviews link (the desktop sidebar; the phone drawer holds the same). */
const reviewsLink = (root: ParentNode) => root.querySelector<HTMLAnchorElement>('aside a[href="/admin/reviews"]');
/** The link's accessible name and what it shows. */
const linkSays = (root: ParentNode) => {
  const link = reviewsLink(root);
  return `${link?.getAttribute('aria-label') ?? link?.textContent} | ${link?.textContent}`;
};
const serverSends = (event: string, payload?: unknown) =>
  act(async () => {
    sockets[0]?.receive(event, payload);
  });

describe('Reviews in the admin shell', () => {
  it('shows the pending count on the sidebar, raised by a live new review and lowered by an approval', async () => {
    const root = await mount();
    await waitFor(() => expect(linkSays(root)).toBe('Reviews, 1 pending | Reviews1'));
    expect(reviewsLink(root)?.querySelector('[data-testid="nav-count"]')?.getAttribute('aria-hidden')).toBe('true');

    await serverSends('connect');
    pending = 2;
    const listBefore = calls.filter((call) => route(call) === 'GET /api/admin/reviews').length;
    bellList = [newReviewNotification()];
    await serverSends(SOCKET_EVENTS.newReview, bellList[0]);
    await waitFor(() => expect(linkSays(root)).toBe('Reviews, 2 pending | Reviews2'));
    // The bell counts it, the toast names the stars and product, the open list reloads.
    expect(root.querySelector('button[aria-label^="Notifications"]')?.getAttribute('aria-label')).toBe(
      'Notifications, 1 unread, Connected',
    );
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('New review: ★2 for Raspberry Pi Pico W'));
    expect(calls.filter((call) => route(call) === 'GET /api/admin/reviews').length).toBeGreaterThan(listBefore);

    await click(root.querySelector('main [aria-label="Approve the review by Sami"]'));
    await waitFor(() => expect(linkSays(root)).toBe('Reviews, 1 pending | Reviews1'));
    // The bell reloads: the approved review's notification is read now.
    await waitFor(() =>
      expect(root.querySelector('button[aria-label^="Notifications"]')?.getAttribute('aria-label')).toBe(
        'Notifications, 0 unread, Connected',
      ),
    );
  });

  it('shows no count when nothing waits', async () => {
    pending = 0;
    const root = await mount();
    await waitFor(() => expect(calls.some((call) => route(call) === 'GET /api/admin/reviews/stats')).toBe(true));
    await act(async () => {});
    expect(linkSays(root)).toBe('Reviews | Reviews');
  });
});
