/**
 * Id of the JSON script tag the server adds only to the page it serves at the hidden admin
 * sign-in path (`{"path":"/…"}`), so the public JavaScript never contains that path. Kept out of
 * constants.ts, which is part of the storefront's first load.
 */
export const ADMIN_SIGN_IN_ELEMENT_ID = 'cedar-admin-sign-in';

/**
 * The history state the admin panel sends along when it takes the admin to the hidden sign-in
 * route itself (a session that expired or ended, or a sign-out). The page at that path then came
 * from the panel, not from the server, so it has no element above: this state is how the app
 * knows to draw the sign-in form there at once. `returnTo` is the admin page to go back to after
 * signing in; `reason` 'expired' says why the form is shown.
 */
export interface AdminSignInState {
  adminSignIn: { reason: 'expired' | 'signed-out'; returnTo?: string };
}

export function isAdminSignInState(state: unknown): state is AdminSignInState {
  const value = (state as { adminSignIn?: unknown } | null)?.adminSignIn as { reason?: unknown } | undefined;
  return value?.reason === 'expired' || value?.reason === 'signed-out';
}

/** An admin page to return to, or null: only paths inside the panel (never another site, never the sign-in path). */
export function adminReturnPath(state: unknown): string | null {
  if (!isAdminSignInState(state)) return null;
  const path = state.adminSignIn.returnTo;
  return typeof path === 'string' && /^\/admin(\/|\?|$)/.test(path) && !path.startsWith('//') ? path : null;
}

/**
 * A cookie the admin panel sets while this browser holds an admin session (and removes when it
 * ends), so the server can answer the panel's addresses (`/admin…`) with status 200 for that
 * browser: without it a deep link's page load counts as a failed request in the browser's console.
 * Everyone else still gets the 404 of an unknown path (decision 008). A hint, never a credential:
 * forged, it gets the same page, which shows nothing without the tokens.
 */
export const ADMIN_HINT_COOKIE = 'cedar-admin';

/** True when a Cookie header carries the hint. */
export function hasAdminHint(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${ADMIN_HINT_COOKIE}=1`);
}

/** The panel's own addresses: `/admin` and below. */
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}
