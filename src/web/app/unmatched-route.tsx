import { useLocation } from 'react-router';
import { ADMIN_SIGN_IN_ELEMENT_ID, isAdminSignInState } from '#shared/admin-sign-in.ts';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { StorefrontLayout } from './storefront-layout.tsx';

/**
 * Every path no route claims: the storefront's not-found page, except the hidden admin sign-in
 * route. The bundle does not know that path; the server writes it into the one page it serves
 * there (web-app.ts), so it is read from the page, and the sign-in code loads only then. When the
 * admin panel itself goes there (a session that expired, a sign-out) the page is the panel's, without
 * that tag: the panel's history state (#shared/admin-sign-in.ts) says so instead, which only this
 * site's own script can set.
 */
function adminSignInPath(): string | null {
  try {
    const element = document.getElementById(ADMIN_SIGN_IN_ELEMENT_ID);
    const path = (JSON.parse(element?.textContent ?? 'null') as { path?: unknown } | null)?.path;
    return typeof path === 'string' ? path : null;
  } catch {
    return null;
  }
}

const signInScreen = import.meta.env.ADMIN_PANEL
  ? lazyScreen(
      // biome-ignore lint/style/noRestrictedImports: lazy, loaded only at the hidden sign-in path
      () => import('#web/admin/sign-in/admin-sign-in-page.tsx'),
      (m) => m.AdminSignInPage,
      <div className="min-h-dvh bg-subtle" />,
    )
  : null;

export function UnmatchedRoute() {
  const { pathname, state } = useLocation();
  const signInPath = adminSignInPath();
  const atSignIn = isAdminSignInState(state) || (signInPath !== null && pathname.replace(/\/$/, '') === signInPath);
  if (signInScreen && atSignIn) return signInScreen;
  return (
    <StorefrontLayout>
      <NotFoundPage />
    </StorefrontLayout>
  );
}
