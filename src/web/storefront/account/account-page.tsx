import { Navigate, NavLink, Route, Routes } from 'react-router';
import { AddressesPage } from './addresses/addresses-page.tsx';
import { AccountOrdersPage } from './orders/account-orders-page.tsx';
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
  if (!shopper) return <Navigate to="/login" replace />;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
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
          <Route index element={<p>Signed in as {shopper.name}.</p>} />
          <Route path="orders/*" element={<AccountOrdersPage />} />
          <Route path="addresses" element={<AddressesPage />} />
          <Route path="*" element={<p>This section is coming.</p>} />
        </Routes>
      </div>
    </main>
  );
}
