import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type Notification,
  type NotificationList,
  newOrderToastText,
  SOCKET_EVENTS,
} from '#shared/contracts/notifications.ts';
import { onNotificationsStale } from '#web/admin/shared/notifications-stale.ts';
import { ADMIN_ORDERS_KEY } from '#web/admin/shared/order-keys.ts';
import {
  ADMIN_REVIEWS_KEY,
  getReview,
  newReviewToastText,
  PENDING_REVIEWS_SCREEN,
  reviewQueryKey,
} from '#web/admin/shared/review-queue.ts';
import { ADMIN_SECURITY_ALERTS_KEY, SECURITY_SCREEN } from '#web/admin/shared/security-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { adminDelete, adminGet, adminPost, adminPut } from '../../auth/admin-api.ts';
import { useAdminAuth } from '../../auth/admin-auth.tsx';
import { playNotificationSound } from './notification-sound.ts';
import { initialNotificationsState, notificationsReducer } from './notifications-state.ts';
import { connectRealtime, type RealtimeConnection } from './realtime-client.ts';

export const orderPath = (notification: Pick<Notification, 'order_id'>) =>
  notification.order_id ? `/admin/orders/${encodeURIComponent(notification.order_id)}` : null;

/** Where clicking a notification goes: its order, the reviews waiting for approval, or the Security page. */
export const notificationTarget = (notification: Pick<Notification, 'type' | 'order_id'>) => {
  if (notification.type === 'new_review') return PENDING_REVIEWS_SCREEN;
  if (notification.type === 'security_alert') return SECURITY_SCREEN;
  return orderPath(notification);
};

const notificationPath = (id: string) => `/admin/notifications/${encodeURIComponent(id)}`;

/**
 * The toast of a review waiting for moderation: "New review: ★4 for Arduino Uno", read from the
 * review itself (the notification names neither), with the way to the moderation queue. No chime:
 * that is for orders. If the review cannot be read (deleted meanwhile), the notification's title.
 */
async function announceReview(
  queryClient: QueryClient,
  notification: Notification,
  navigate: (path: string) => void,
): Promise<void> {
  let title = notification.title;
  if (notification.review_id) {
    const reviewId = notification.review_id;
    try {
      const review = await queryClient.fetchQuery({
        queryKey: reviewQueryKey(reviewId),
        queryFn: ({ signal }) => getReview(reviewId, signal),
        staleTime: 0,
      });
      title = newReviewToastText(review);
    } catch {
      // The title the server wrote says enough.
    }
  }
  toast({
    id: `notification-${notification.id}`,
    variant: 'info',
    title,
    action: { label: 'Review', onClick: () => navigate(PENDING_REVIEWS_SCREEN) },
  });
}

/**
 * The signed-in admin's notifications: loaded over REST, then kept live over the socket (new
 * orders, status changes, reviews waiting, security alerts, other tabs' reads and deletes). Connected while an
 * admin is signed in; signing out (the user goes away) or leaving the panel disconnects.
 */
export function useNotifications() {
  const { user } = useAdminAuth();
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [state, dispatch] = useReducer(notificationsReducer, initialNotificationsState);
  const [connected, setConnected] = useState(false);
  const connection = useRef<RealtimeConnection | null>(null);
  const queryClient = useQueryClient();

  const load = useCallback(async () => {
    try {
      dispatch({ type: 'loaded', list: await adminGet<NotificationList>('/admin/notifications') });
    } catch {
      // The bell stays as it was; the next (re)connection loads again.
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let live: RealtimeConnection | null = null;
    let handshakes = 0;
    void load();
    connectRealtime({
      onConnectionChange: setConnected,
      onConnected: ({ unread_count }) => {
        dispatch({ type: 'unreadCount', count: unread_count });
        // After a reconnection, catch up on what was missed while disconnected.
        handshakes += 1;
        if (handshakes > 1) void load();
      },
      onNewOrder: (notification) => {
        dispatch({ type: 'received', notification });
        // An open orders list, its tab counts and the dashboard's figures are stale now.
        void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
        const path = orderPath(notification);
        toast({
          id: `notification-${notification.id}`,
          variant: 'info',
          title: newOrderToastText(notification),
          action: path ? { label: 'View', onClick: () => navigateRef.current(path) } : undefined,
        });
        playNotificationSound();
      },
      onOrderStatus: (notification) => {
        dispatch({ type: 'received', notification });
        void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
        // On that order's own page the change is already on screen (often this admin made it).
        if (pathnameRef.current === orderPath(notification)) return;
        toast({ id: `notification-${notification.id}`, variant: 'info', title: notification.title });
      },
      onNewReview: (notification) => {
        dispatch({ type: 'received', notification });
        // The reviews list, its tab counts and the sidebar's pending count are stale now.
        void queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY });
        void announceReview(queryClient, notification, (path) => navigateRef.current(path));
      },
      onSecurityAlert: (notification) => {
        dispatch({ type: 'received', notification });
        // The Security page's alerts, if open, are stale now.
        void queryClient.invalidateQueries({ queryKey: ADMIN_SECURITY_ALERTS_KEY });
        toast({
          id: `notification-${notification.id}`,
          variant: 'info',
          title: notification.title,
          description: 'Security alert',
          action:
            pathnameRef.current === SECURITY_SCREEN
              ? undefined
              : { label: 'View', onClick: () => navigateRef.current(SECURITY_SCREEN) },
        });
      },
      onRead: (id, isRead) => dispatch({ type: isRead ? 'read' : 'unread', id }),
      onDelete: (id) => dispatch({ type: 'removed', id }),
    }).then(
      (opened) => {
        if (cancelled) opened.disconnect();
        else {
          live = opened;
          connection.current = opened;
        }
      },
      () => setConnected(false),
    );
    // socket.io gives up after its 5 attempts; coming back online or to the tab tries again.
    const retry = () => {
      if (document.visibilityState === 'visible') live?.reconnect();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    const stopListening = onNotificationsStale(() => void load());
    return () => {
      cancelled = true;
      stopListening();
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      live?.disconnect();
      connection.current = null;
      setConnected(false);
    };
  }, [userId, load, queryClient]);

  /** A write the server refused: say so and show the server's list again. */
  const failed = useCallback(
    (title: string) => {
      toast({ variant: 'error', title });
      void load();
    },
    [load],
  );

  const markRead = useCallback(
    (id: string) => {
      dispatch({ type: 'read', id });
      if (connection.current?.emit(SOCKET_EVENTS.read, id)) return;
      adminPut(notificationPath(id), { is_read: true }).catch(() => failed('Could not mark the notification as read'));
    },
    [failed],
  );

  const remove = useCallback(
    (id: string) => {
      dispatch({ type: 'removed', id });
      if (connection.current?.emit(SOCKET_EVENTS.delete, id)) return;
      adminDelete(notificationPath(id)).catch(() => failed('Could not delete the notification'));
    },
    [failed],
  );

  const markAllRead = useCallback(() => {
    dispatch({ type: 'readAll' });
    adminPost('/admin/notifications/read-all').catch(() => failed('Could not mark the notifications as read'));
  }, [failed]);

  /** Clicking a notification: it is read now, and its order (or the reviews waiting) opens. */
  const open = useCallback(
    (notification: Notification) => {
      if (!notification.is_read) markRead(notification.id);
      const path = notificationTarget(notification);
      if (path) navigateRef.current(path);
    },
    [markRead],
  );

  const reconnect = useCallback(() => connection.current?.reconnect(), []);

  return { ...state, connected, markRead, remove, markAllRead, open, reconnect };
}
