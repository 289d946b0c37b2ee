import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LIST_MAX, type Notification } from '#shared/contracts/notifications.ts';
import {
  initialNotificationsState,
  type NotificationsState,
  notificationsReducer,
  relativeTime,
} from './notifications-state.ts';

let counter = 0;
function notification(minute: number, extra: Partial<Notification> = {}): Notification {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type: 'new_order',
    is_read: false,
    order_id: `order-${counter}`,
    review_id: null,
    security_alert_id: null,
    orderNumber: `ORD-${counter}`,
    totalAmount: 10,
    status: 'pending',
    title: 'New order',
    message: 'A new order',
    created_at: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
    ...extra,
  };
}

const loaded = (items: Notification[], unread: number): NotificationsState =>
  notificationsReducer(initialNotificationsState, {
    type: 'loaded',
    list: { notifications: items, unread_count: unread },
  });

describe('notificationsReducer', () => {
  it('takes the list and the unread count from the server', () => {
    const items = [notification(2), notification(1, { is_read: true })];
    const state = loaded(items, 7);
    expect(state).toEqual({ items, unread: 7, loaded: true });
  });

  it('keeps events that arrived before the list and are newer than it, counting them once', () => {
    const early = notification(5);
    const listed = notification(3);
    let state = notificationsReducer(initialNotificationsState, { type: 'received', notification: early });
    state = notificationsReducer(state, { type: 'received', notification: listed });
    state = notificationsReducer(state, { type: 'loaded', list: { notifications: [listed], unread_count: 1 } });
    expect(state.items.map((item) => item.id)).toEqual([early.id, listed.id]);
    expect(state.unread).toBe(2);
  });

  it('prepends a new notification newest first, raises the count, ignores a repeat', () => {
    const older = notification(1);
    const fresh = notification(9);
    let state = loaded([older], 1);
    state = notificationsReducer(state, { type: 'received', notification: fresh });
    state = notificationsReducer(state, { type: 'received', notification: fresh });
    expect(state.items.map((item) => item.id)).toEqual([fresh.id, older.id]);
    expect(state.unread).toBe(2);
  });

  it(`keeps at most ${NOTIFICATION_LIST_MAX}`, () => {
    const many = Array.from({ length: NOTIFICATION_LIST_MAX }, (_, index) =>
      notification(index % 60, { is_read: true }),
    );
    const state = notificationsReducer(loaded(many, 0), {
      type: 'received',
      notification: notification(59, { created_at: '2026-02-01T00:00:00.000Z' }),
    });
    expect(state.items).toHaveLength(NOTIFICATION_LIST_MAX);
    expect(state.items[0]?.created_at).toBe('2026-02-01T00:00:00.000Z');
    expect(state.unread).toBe(1);
  });

  it('marks one read once (a second read, or an echo from another tab, changes nothing)', () => {
    const item = notification(1);
    let state = loaded([item], 4);
    state = notificationsReducer(state, { type: 'read', id: item.id });
    state = notificationsReducer(state, { type: 'read', id: item.id });
    expect(state.items[0]?.is_read).toBe(true);
    expect(state.unread).toBe(3);
  });

  it('removes one, lowering the count only if it was unread', () => {
    const unread = notification(2);
    const read = notification(1, { is_read: true });
    let state = loaded([unread, read], 1);
    state = notificationsReducer(state, { type: 'removed', id: read.id });
    expect(state.unread).toBe(1);
    state = notificationsReducer(state, { type: 'removed', id: unread.id });
    state = notificationsReducer(state, { type: 'removed', id: unread.id });
    expect(state.items).toEqual([]);
    expect(state.unread).toBe(0);
  });

  it('marks all read and takes the server count after a (re)connection', () => {
    let state = loaded([notification(2), notification(1)], 12);
    state = notificationsReducer(state, { type: 'readAll' });
    expect(state.unread).toBe(0);
    expect(state.items.every((item) => item.is_read)).toBe(true);
    state = notificationsReducer(state, { type: 'unreadCount', count: 5 });
    expect(state.unread).toBe(5);
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0);
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it('says how long ago, in the largest unit that fits', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 min. ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hr. ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(14 * 86400), now)).toBe('2 wk. ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
