import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { storefrontRoutes } from '#web/storefront/storefront-routes.tsx';
import { PageSkeleton } from '#web/ui/page-skeleton.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { StorefrontLayout } from './storefront-layout.tsx';

/**
 * Routes of spec §2, with React Router in declarative mode: the data router (loaders, actions)
 * would add about 17 KB gzip to the first load, which the 100 KB storefront budget cannot spare.
 */
const routes: RouteObject[] = [
  {
    // The admin area has its own shell, in a chunk the storefront never loads.
    path: '/admin/*',
    element: lazyScreen(
      () => import('#web/admin/admin-app.tsx'),
      (m) => m.AdminApp,
      <StorefrontLayout>
        <PageSkeleton variant="text" />
      </StorefrontLayout>,
    ),
  },
  { element: <StorefrontLayout />, children: storefrontRoutes },
];

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
