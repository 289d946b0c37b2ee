import { SHOP_PAGE_SLUGS } from './pages.ts';

/**
 * The web app's public routes (docs/product.md#routes-and-screens). The server uses them to answer
 * unknown paths with a 404 status (the SPA still renders its not-found page); the web router
 * mirrors them.
 */
export const STOREFRONT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/store\/?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/checkout\/?$/,
  /^\/contact\/?$/,
  /^\/blog\/?$/,
  /^\/blog\/[^/]+\/?$/,
  // Only the six fixed pages: any other slug is a 404 (docs/product.md#fixed-pages).
  new RegExp(`^/pages/(${SHOP_PAGE_SLUGS.join('|')})/?$`),
  /^\/preferences\/?$/,
  /^\/login(\/[^/]+)?\/?$/,
  /^\/account(\/[^/]+){0,2}\/?$/,
  // Not /admin: the server cannot see a session (tokens live in the browser), so /admin answers
  // exactly like an unknown path, status and body (decision 008); the browser's app still draws
  // the admin panel there when it holds a session.
];

/**
 * The marker of the service worker's offline shell (`/?app-shell`, precached): the server sends
 * that address undrawn, so the page it stands in for offline (any path) is drawn by the browser
 * instead of hydrated against the home page it would otherwise hold (issue 32: React #418).
 */
export const APP_SHELL_PARAM = 'app-shell';

/** True for the address of the offline shell, whatever its path. */
export function isAppShellRequest(url: URL): boolean {
  return url.searchParams.has(APP_SHELL_PARAM);
}

export function isKnownAppPath(pathname: string): boolean {
  return STOREFRONT_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}
