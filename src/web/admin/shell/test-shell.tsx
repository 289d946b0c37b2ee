import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminAuthProvider } from '../auth/admin-auth.tsx';
import { AdminLayout } from './admin-layout.tsx';

/**
 * Screens inside the real admin shell (session, sidebar, header, bell, the panel's error
 * boundary), for tests of what the shell and a screen do together. `screens` maps a path under
 * /admin ("reviews") to its screen; mount the result with `renderAdmin(…, '/admin/reviews')`.
 */
export function inAdminShell(screens: Record<string, ReactNode>) {
  return (
    <AdminAuthProvider>
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          {Object.entries(screens).map(([path, screen]) => (
            <Route key={path} path={path} element={screen} />
          ))}
        </Route>
      </Routes>
    </AdminAuthProvider>
  );
}
