/**
 * Tells the bell its list may be out of date because of something this admin did elsewhere in
 * the panel: moderating a review marks its `new_review` notifications read on the server
 * (docs/product.md#admin-review-endpoints) without a live event. The bell reloads its list.
 * An event on window rather than an import of the bell, so screens need none of its code.
 */
const EVENT = 'cedar:notifications-stale';

export function notificationsMayBeStale(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onNotificationsStale(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
