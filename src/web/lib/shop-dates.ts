import { getSiteConfig } from './site-config.ts';

/**
 * A date as the shop reads it, in the shop's time zone (settings: site) whatever the browser's, so the server's
 * drawing and the browser's hydration agree: "Nov 26, 2026" by default, `options` as Intl's
 * (`{ dateStyle: 'medium', timeStyle: 'short' }` adds the time). The storefront's one date helper;
 * the admin's are ui/format.ts (the reader's locale). Kept this small on purpose: it is in the
 * first load of every page.
 */
export const shopDate = (value: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: getSiteConfig().timeZone }).format(new Date(value));
