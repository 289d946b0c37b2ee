import { ADMIN_HINT_COOKIE } from '#shared/admin-sign-in.ts';
import type { AuthUser, LoginResponse } from '#shared/contracts/auth.ts';
import { parseExpiryDuration } from '#shared/duration.ts';

/**
 * The admin session in browser storage (docs/product.md#admin-session-in-the-browser):
 * access token, refresh token, expiry time (issue time + expiresIn, a docs/product.md#expiry-durations duration such as
 * "15m"; one it cannot read counts as 7 days, docs/product.md#limits-and-constants) and the user. Every read
 * tolerates a missing, hand-edited or corrupt entry. Storage failures (private mode, quota) never
 * throw: the session then lasts as long as the page.
 */
export const TOKEN_KEYS = {
  accessToken: 'cedar-admin-token',
  refreshToken: 'cedar-admin-refresh-token',
  expiresAt: 'cedar-admin-token-expiry',
  user: 'cedar-admin-user',
  /** Where the admin signed in, so a failed refresh can send them back there (the path is never in the bundle). */
  signInPath: 'cedar-admin-sign-in-path',
  /** The staff idle timeout the server sent with the session, in ms (docs/product.md#staff-sessions). */
  idleTimeout: 'cedar-admin-idle-timeout',
  /** When the admin last used the panel (a key, a click, a scroll), in ms; shared by the tabs. */
  lastActivity: 'cedar-admin-last-activity',
} as const;

/** docs/product.md#admin-session-in-the-browser, docs/product.md#limits-and-constants: a token expiring within 5 minutes is refreshed before the next call. */
export const EXPIRING_SOON_MS = 5 * 60 * 1000;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-page state still works.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}

/** How long the hint cookie lasts without a visit to the panel (a session is refreshed far sooner). */
const HINT_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Tells the server this browser holds an admin session, or no longer does (#shared/admin-sign-in.ts
 * ADMIN_HINT_COOKIE): the panel's deep links then load with status 200 instead of the 404 every
 * unknown path gets, which the browser's console reported as a failed request on every load.
 */
function setAdminHint(on: boolean): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari before 18.4 and in Firefox.
    document.cookie = `${ADMIN_HINT_COOKIE}=${on ? '1' : ''}; Path=/; Max-Age=${on ? HINT_MAX_AGE_S : 0}; SameSite=Lax${secure}`;
  } catch {
    // No cookies: deep links keep their 404 status, nothing else changes.
  }
}

/** Stores a login or refresh answer; the expiry is counted from `now`, the moment it arrived. */
export function saveSession(response: LoginResponse, now = Date.now()): void {
  write(TOKEN_KEYS.accessToken, response.token);
  write(TOKEN_KEYS.refreshToken, response.refreshToken);
  write(TOKEN_KEYS.expiresAt, String(now + parseExpiryDuration(response.expiresIn)));
  write(TOKEN_KEYS.user, JSON.stringify(response.user));
  // Each answer carries the timeout as the settings say now: a change reaches the panel at its next refresh.
  if (response.idleTimeout) write(TOKEN_KEYS.idleTimeout, String(parseExpiryDuration(response.idleTimeout)));
  setAdminHint(true);
}

/** The admin did something in the panel at `now` (a sign-in counts too). */
export function recordActivity(now = Date.now()): void {
  write(TOKEN_KEYS.lastActivity, String(now));
}

export function readLastActivity(): number | null {
  const value = Number(read(TOKEN_KEYS.lastActivity) ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * True when the admin has not used the panel for longer than the staff idle timeout
 * (docs/product.md#staff-sessions): the panel then stops refreshing and signs out. False while
 * either is unknown (a session from before the rule): the server's own check still applies.
 */
export function isIdleTooLong(now = Date.now()): boolean {
  const timeout = Number(read(TOKEN_KEYS.idleTimeout) ?? Number.NaN);
  const last = readLastActivity();
  if (!Number.isFinite(timeout) || timeout <= 0 || last === null) return false;
  return now - last > timeout;
}

/** The user as the server confirmed it (the panel's startup): the session is real, so the hint is set too. */
export function saveUser(user: AuthUser): void {
  write(TOKEN_KEYS.user, JSON.stringify(user));
  setAdminHint(true);
}

/** Milliseconds since the epoch, or null when absent or not a number. */
export function readExpiresAt(): number | null {
  const value = Number(read(TOKEN_KEYS.expiresAt) ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The access token, or null. An expired token is cleared when read (docs/product.md#admin-session-in-the-browser); a token without a
 * readable expiry counts as expired, because nothing says when it stops working.
 */
export function readAccessToken(now = Date.now()): string | null {
  const token = read(TOKEN_KEYS.accessToken);
  if (!token) return null;
  const expiresAt = readExpiresAt();
  if (expiresAt === null || expiresAt <= now) {
    remove(TOKEN_KEYS.accessToken);
    remove(TOKEN_KEYS.expiresAt);
    return null;
  }
  return token;
}

/** True when there is no usable access token or it expires within 5 minutes. */
export function isExpiringSoon(now = Date.now()): boolean {
  const expiresAt = readExpiresAt();
  return expiresAt === null || expiresAt - now <= EXPIRING_SOON_MS;
}

export function readRefreshToken(): string | null {
  return read(TOKEN_KEYS.refreshToken) || null;
}

/** True when something stored could still become a session (an access token or a refresh token). */
export function hasStoredSession(): boolean {
  return Boolean(read(TOKEN_KEYS.accessToken) || read(TOKEN_KEYS.refreshToken));
}

/** Sign-out and failed refreshes clear everything (docs/product.md#admin-session-in-the-browser), except where to sign in again. */
export function clearSession(): void {
  remove(TOKEN_KEYS.accessToken);
  remove(TOKEN_KEYS.refreshToken);
  remove(TOKEN_KEYS.expiresAt);
  remove(TOKEN_KEYS.user);
  remove(TOKEN_KEYS.idleTimeout);
  remove(TOKEN_KEYS.lastActivity);
  setAdminHint(false);
}

export function saveSignInPath(path: string): void {
  write(TOKEN_KEYS.signInPath, path);
}

/** The hidden sign-in path this browser used, or '/' (the shop) when it never signed in here. */
export function readSignInPath(): string {
  const path = read(TOKEN_KEYS.signInPath);
  return path && /^\/[a-z0-9-]+$/.test(path) ? path : '/';
}
