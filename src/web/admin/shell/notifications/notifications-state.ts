import { NOTIFICATION_LIST_MAX, type Notification, type NotificationList } from '#shared/contracts/notifications.ts';

/**
 * The bell's list as a pure reducer: what the server sent (REST load, socket events, other tabs'
 * echoes) and what this admin did, applied in any order without double counting. `unread` is over
 * all of the admin's notifications (the server's count), not only the NOTIFICATION_LIST_MAX kept.
 */
export interface NotificationsState {
  items: Notification[];
  unread: number;
  loaded: boolean;
}

export type NotificationsAction =
  | { type: 'loaded'; list: NotificationList }
  | { type: 'received'; notification: Notification }
  | { type: 'unreadCount'; count: number }
  | { type: 'read'; id: string }
  | { type: 'unread'; id: string }
  | { type: 'readAll' }
  | { type: 'removed'; id: string };

export const initialNotificationsState: NotificationsState = { items: [], unread: 0, loaded: false };

const newestFirst = (a: Notification, b: Notification) => b.created_at.localeCompare(a.created_at);

export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  switch (action.type) {
    case 'loaded': {
      // Events that arrived while the request was under way may be newer than the server's snapshot: keep them.
      const listed = new Set(action.list.notifications.map((item) => item.id));
      const newest = action.list.notifications.reduce(
        (max, item) => (item.created_at > max ? item.created_at : max),
        '',
      );
      const later = state.items.filter((item) => !listed.has(item.id) && item.created_at > newest);
      return {
        items: [...later, ...action.list.notifications].sort(newestFirst).slice(0, NOTIFICATION_LIST_MAX),
        unread: action.list.unread_count + later.filter((item) => !item.is_read).length,
        loaded: true,
      };
    }
    case 'received': {
      if (state.items.some((item) => item.id === action.notification.id)) return state;
      return {
        ...state,
        items: [action.notification, ...state.items].sort(newestFirst).slice(0, NOTIFICATION_LIST_MAX),
        unread: state.unread + (action.notification.is_read ? 0 : 1),
      };
    }
    case 'unreadCount':
      return { ...state, unread: Math.max(0, action.count) };
    case 'read': {
      const target = state.items.find((item) => item.id === action.id);
      if (!target || target.is_read) return state;
      return {
        ...state,
        items: state.items.map((item) => (item.id === action.id ? { ...item, is_read: true } : item)),
        unread: Math.max(0, state.unread - 1),
      };
    }
    case 'unread': {
      const target = state.items.find((item) => item.id === action.id);
      if (!target?.is_read) return state;
      return {
        ...state,
        items: state.items.map((item) => (item.id === action.id ? { ...item, is_read: false } : item)),
        unread: state.unread + 1,
      };
    }
    case 'readAll':
      return { ...state, items: state.items.map((item) => ({ ...item, is_read: true })), unread: 0 };
    case 'removed': {
      const target = state.items.find((item) => item.id === action.id);
      if (!target) return state;
      return {
        ...state,
        items: state.items.filter((item) => item.id !== action.id),
        unread: Math.max(0, state.unread - (target.is_read ? 0 : 1)),
      };
    }
  }
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 4.35],
  ['year', 12],
];

/** "just now", "5 min. ago", "yesterday", "3 wk. ago": how long ago a notification came. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  let value = seconds / 60;
  for (let index = 0; index < STEPS.length; index += 1) {
    const [unit] = STEPS[index] as [Intl.RelativeTimeFormatUnit, number];
    const next = STEPS[index + 1];
    if (!next || Math.abs(value) < next[1]) return relative.format(Math.round(value), unit);
    value /= next[1];
  }
  return '';
}
