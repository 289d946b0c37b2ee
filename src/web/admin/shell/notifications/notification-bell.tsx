import { useEffect, useId, useRef, useState } from 'react';
import type { Notification } from '#shared/contracts/notifications.ts';
import { Icon } from '#web/ui/icons.tsx';
import { relativeTime } from './notifications-state.ts';
import { notificationTarget, useNotifications } from './use-notifications.ts';

const bellIcon = 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0';

/** "3 unread" on the badge tops out at 99+, the aria-label keeps the real number. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The bell in the admin top bar: the unread count, whether the live connection is up, and a panel
 * with the latest notifications (docs/product.md#admin-endpoints, docs/product.md#limits-and-constants "Notification list"). The panel
 * closes on Escape (focus goes back to the bell), on a click outside, and when an item is opened.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const { unread, connected } = notifications;
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const status = connected ? 'Connected' : 'Disconnected';

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      bell.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={bell}
        type="button"
        className="icon-btn relative"
        aria-label={`Notifications, ${unread} unread, ${status}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((current) => !current)}
      >
        <Icon d={bellIcon} />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums"
          >
            {badgeText(unread)}
          </span>
        )}
        <ConnectionDot connected={connected} className="absolute right-1 bottom-1 ring-2 ring-surface" />
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          tabIndex={-1}
          className="fixed inset-x-2 top-[4.25rem] z-40 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-xl focus:outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <NotificationPanel notifications={notifications} onNavigate={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

function ConnectionDot({ connected, className = '' }: { connected: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`size-2 rounded-full ${connected ? 'bg-emerald-500' : 'bg-zinc-400'} ${className}`}
    />
  );
}

function NotificationPanel({
  notifications,
  onNavigate,
}: {
  notifications: ReturnType<typeof useNotifications>;
  onNavigate: () => void;
}) {
  const { items, unread, loaded, connected } = notifications;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-strong">Notifications</h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted">
            <ConnectionDot connected={connected} className="inline-block" />
            <span data-testid="connection-state">{connected ? 'Connected' : 'Disconnected'}</span>
            {!connected && (
              <button
                type="button"
                className="ml-1 font-medium text-accent underline-offset-4 hover:underline"
                onClick={notifications.reconnect}
              >
                Reconnect
              </button>
            )}
          </p>
        </div>
        <button
          type="button"
          className="shrink-0 text-sm font-medium text-accent underline-offset-4 hover:underline disabled:text-muted disabled:no-underline"
          disabled={unread === 0}
          onClick={notifications.markAllRead}
        >
          Mark all read
        </button>
      </div>
      {!loaded && items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-muted">Loading…</p>
      ) : items.length === 0 ? (
        <div className="px-4 py-8 text-center">
          <p className="font-medium text-strong">No notifications</p>
          <p className="mt-1 text-sm text-muted">
            New orders, status changes, reviews to approve and security alerts show up here as they happen.
          </p>
        </div>
      ) : (
        <ul className="min-h-0 flex-1 divide-y divide-line overflow-y-auto overscroll-contain">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              notification={item}
              now={now}
              onOpen={() => {
                notifications.open(item);
                if (notificationTarget(item)) onNavigate();
              }}
              onRead={() => notifications.markRead(item.id)}
              onDelete={() => notifications.remove(item.id)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function NotificationItem({
  notification,
  now,
  onOpen,
  onRead,
  onDelete,
}: {
  notification: Notification;
  now: number;
  onOpen: () => void;
  onRead: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const unread = !notification.is_read;
  return (
    <li data-notification={notification.id} data-unread={unread} className={unread ? 'bg-accent-soft/60' : undefined}>
      <button type="button" onClick={onOpen} className="block w-full px-4 pt-3 pb-1 text-left hover:bg-subtle/60">
        <span className="flex items-start gap-2">
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-accent' : 'bg-transparent'}`}
          />
          <span className="min-w-0 flex-1">
            <span id={titleId} className={`block text-sm ${unread ? 'font-semibold text-strong' : 'font-medium'}`}>
              {notification.title}
              {unread && <span className="sr-only"> (unread)</span>}
            </span>
            <span className="mt-0.5 block text-sm text-muted">{notification.message}</span>
            <time dateTime={notification.created_at} className="mt-0.5 block text-xs text-muted">
              {relativeTime(notification.created_at, now)}
            </time>
          </span>
        </span>
      </button>
      <div className="flex justify-end gap-3 px-4 pb-2 text-xs">
        {unread && (
          <button
            type="button"
            aria-describedby={titleId}
            className="font-medium text-accent underline-offset-4 hover:underline"
            onClick={onRead}
          >
            Mark as read
          </button>
        )}
        <button
          type="button"
          aria-describedby={titleId}
          className="font-medium text-muted underline-offset-4 hover:text-danger hover:underline"
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
