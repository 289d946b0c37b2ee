import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { PwaRoot } from '#web/pwa/pwa-root.tsx';
import { SiteHeader } from '#web/storefront/shell/site-header.tsx';
import { SkipLinks } from '#web/storefront/shell/skip-links.tsx';
import { ToasterHost } from '#web/ui/toaster-host.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/**
 * Header, main and footer around the storefront screens (the route's children, or `children`).
 * A screen that fails shows the page-level error inside the layout; moving to another page clears it.
 */
// The footer sits below the fold and weighs ~1 KB gzip with its icons: it loads right after the
// first paint instead of with it (decision 004, first-load budget).
const SiteFooter = lazy(() =>
  import('#web/storefront/shell/site-footer.tsx').then((module) => ({ default: module.SiteFooter })),
);

export function StorefrontLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLinks search={getSiteConfig().features.search} />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorBoundary key={pathname} fallback={<ErrorScreen />}>
          {children ?? <Outlet />}
        </ErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollToTop />
      <ToasterHost />
      <PwaRoot />
    </div>
  );
}
