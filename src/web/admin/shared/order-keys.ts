/**
 * Every admin order query starts with this key, so one invalidation refreshes lists, stats and
 * details. Its own module so the notifications bell (in every admin page) can refresh the orders
 * screens on a live event without loading the orders code.
 */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;
