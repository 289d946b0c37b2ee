import { useEffect } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useMatch } from 'react-router';
import { ProfileSection } from './profile/profile-section.tsx';
import { VerifyEmailPage } from './profile/verify-email-page.tsx';
import { SecurityPage } from './security/security-page.tsx';
import { startSessionKeeper } from './session/session-keeper.ts';
import { useShopper } from './session/shopper-session-store.ts';

/**
 * /account/* (docs/product.md#shopper-accounts): the signed-in shopper's area. Each section is its
 * own module; a signed-out visitor goes to /login.
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
  useEffect(startSessionKeeper, []);
  // The email link works signed out too (opened on another device): outside the guard.
  if (useMatch('/account/verify-email')) return <VerifyEmailPage />;
  if (!shopper) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-strong">My account</h1>
      <nav aria-label="Account" className="mt-4 flex gap-4 overflow-x-auto">
        {sections.map(([path, label]) => (
          <NavLink key={path} to={`/account/${path}`} end={path === ''} className="nav-link">
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Routes>
          <Route index element={<ProfileSection />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="*" element={<p>This section is coming.</p>} />
        </Routes>
      </div>
    </div>
  );
}
