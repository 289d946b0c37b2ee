/**
 * The Security page's address and its alerts' query key. Their own module so the notifications
 * bell (in every admin page) can open the page and refresh its alerts on a live
 * `notification:security_alert` without loading the Security page's code.
 */
export const SECURITY_SCREEN = '/admin/security';

export const ADMIN_SECURITY_ALERTS_KEY = ['admin', 'security', 'alerts'] as const;
