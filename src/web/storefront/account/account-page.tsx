import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useRoutes } from 'react-router';
import { startSessionKeeper } from '#web/storefront/shopper-kit/session-keeper.ts';
import { useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { AddressesPage } from './addresses/addresses-page.tsx';
import { AccountOrdersPage } from './orders/account-orders-page.tsx';
import { ProfileSection } from './profile/profile-section.tsx';
import { VerifyEmailPage } from './profile/verify-email-page.tsx';
import { Redirect } from './redirect.tsx';
import { SecurityPage } from './security/security-page.tsx';

/**
 * /account/* (docs/product.md#account-area): the signed-in shopper's area. Each section is its
 * own module. Route objects and `useRoutes`, not `<Routes>`/`<Route>`/`<Navigate>`: those would
 * join the storefront's first load (redirect.tsx, decision 004).
 */
const sections = [
  ['', 'Profile'],
  ['orders', 'Orders'],
  ['addresses', 'Addresses'],
  ['security', 'Security'],
] as const;

export function AccountPage() {
  const shopper = useShopper();
  const location = useLocation();
  // Signed in when the page opened: a session that then goes (sign out here or in another tab)
  // ends on the home page, while a signed-out visitor is sent to sign in and brought back.
  const hadSession = useRef(shopper !== null);
  useEffect(startSessionKeeper, []);
  const section = useRoutes([
    { index: true, element: <ProfileSection /> },
    { path: 'orders/*', element: <AccountOrdersPage /> },
    { path: 'addresses', element: <AddressesPage /> },
    { path: 'security', element: <SecurityPage /> },
    { path: '*', element: <Redirect to="/account" /> },
  ]);
  // The email link works signed out too (opened on another device): outside the guard.
  if (location.pathname.replace(/\/$/, '') === '/account/verify-email') return <VerifyEmailPage />;
  if (!shopper) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Redirect to={hadSession.current ? '/' : `/login?next=${next}`} />;
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-strong">My account</h1>
      <nav aria-label="Account" className="mt-4 flex gap-4 overflow-x-auto">
        {sections.map(([path, label]) => (
          <NavLink key={path} to={path ? `/account/${path}` : '/account'} end={path === ''} className="nav-link">
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">{section}</div>
    </div>
  );
}
