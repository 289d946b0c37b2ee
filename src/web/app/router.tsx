import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { storefrontRoutes } from '#web/storefront/storefront-routes.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { StorefrontLayout } from './storefront-layout.tsx';

/**
 * Routes of docs/product.md#routes-and-screens, with React Router in declarative mode: the data
 * router (loaders, actions) would add about 17 KB gzip to the first load, which the 100 KB
 * storefront budget cannot spare.
 */
const routes: RouteObject[] = [
  // The admin area has its own shell, in chunks the storefront never loads (a blank page while they
  // download: a placeholder would cost first-load bytes for a screen shoppers never see). A build
  // without the admin panel (FEATURE_ADMIN_PANEL=false) has no such route: /admin is not found.
  ...(import.meta.env.ADMIN_PANEL
    ? [
        {
          path: '/admin/*',
          element: lazyScreen(
            // biome-ignore lint/style/noRestrictedImports: lazy, so the admin stays out of the first load
            () => import('#web/admin/admin-app.tsx'),
            (m) => m.AdminApp,
            null,
          ),
        },
      ]
    : []),
  { element: <StorefrontLayout />, children: storefrontRoutes },
  // Unknown paths, and the hidden admin sign-in route the bundle cannot name (unmatched-route.tsx).
  {
    path: '*',
    element: lazyScreen(
      () => import('./unmatched-route.tsx'),
      (m) => m.UnmatchedRoute,
      null,
    ),
  },
];

/** The routes under whichever router the page runs in (BrowserRouter here, StaticRouter on the server). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
