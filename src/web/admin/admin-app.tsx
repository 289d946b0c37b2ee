import { type RouteObject, useRoutes } from 'react-router';
import { lazyScreen } from '#web/app/lazy-screen.tsx';
import { StorefrontLayout } from '#web/app/storefront-layout.tsx';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Container } from '#web/ui/container.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { AccountPage } from './account/account-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { AdminAuthProvider, useAdminAuth } from './auth/admin-auth.tsx';
import { hasStoredSession } from './auth/token-store.ts';
import { BlogCategoriesPage } from './blog/blog-categories-page.tsx';
import { BlogPostEditorPage } from './blog/blog-post-editor-page.tsx';
import { BlogPostsPage } from './blog/blog-posts-page.tsx';
import { CategoriesPage } from './categories/categories-page.tsx';
import { CustomerDetailPage } from './customers/customer-detail-page.tsx';
import { CustomersPage } from './customers/customers-page.tsx';
import { DashboardPage } from './dashboard/dashboard-page.tsx';
import { NewOrderPage } from './orders/new-order-page.tsx';
import { OrderDetailPage } from './orders/order-detail-page.tsx';
import { OrdersPage } from './orders/orders-page.tsx';
import { ShopPageEditorPage } from './pages/shop-page-editor-page.tsx';
import { ShopPagesPage } from './pages/shop-pages-page.tsx';
import { ProductEditorPage } from './products/product-editor-page.tsx';
import { ProductsPage } from './products/products-page.tsx';
import { PromoCodesPage } from './promo-codes/promo-codes-page.tsx';
import { PromoEditorPage } from './promo-codes/promo-editor-page.tsx';
import { PromoUsagePage } from './promo-codes/promo-usage-page.tsx';
import { ReviewDetailPage } from './reviews/review-detail-page.tsx';
import { ReviewsPage } from './reviews/reviews-page.tsx';
import { SecurityPage } from './security/security-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { AdminLayout } from './shell/admin-layout.tsx';
import { AdminPageHeader } from './shell/admin-page-header.tsx';
import { UsersPage } from './users/users-page.tsx';

/**
 * The admin area (`/admin/*`), in chunks of its own. Without a session it looks exactly like the
 * storefront's not-found page, so nobody learns the panel is here; the sign-in route is hidden
 * (app/unmatched-route.tsx).
 */
export function AdminApp() {
  if (!getSiteConfig().features.adminPanel) return <StorefrontNotFound />;
  return (
    <AdminAuthProvider>
      <AdminGate />
    </AdminAuthProvider>
  );
}

function StorefrontNotFound() {
  return (
    <StorefrontLayout>
      <NotFoundPage />
    </StorefrontLayout>
  );
}

function AdminGate() {
  const auth = useAdminAuth();
  if (auth.status === 'loading') {
    return (
      <output aria-label="Loading the admin panel" className="flex min-h-dvh items-center justify-center bg-subtle">
        <span className="size-8 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
      </output>
    );
  }
  if (auth.status === 'anonymous') {
    // The server could not be reached to confirm a stored session: say so instead of "not found".
    if (auth.error && hasStoredSession()) {
      return (
        <Container className="flex min-h-dvh flex-col items-center justify-center text-center">
          <h1 className="text-xl font-semibold text-strong">{auth.error}</h1>
          <p className="mt-2 text-muted">Check your connection, then try again.</p>
          <button type="button" className="btn-primary mt-6" onClick={auth.retry}>
            Try again
          </button>
        </Container>
      );
    }
    return <StorefrontNotFound />;
  }
  return <AdminRoutes />;
}

/** Where a screen loaded on demand stands while its code downloads: the shape of an admin page. */
function AdminScreenSkeleton() {
  return (
    <output aria-label="Loading the page" className="block animate-pulse">
      <span className="bone block h-8 w-48" />
      <span className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <span key={n} className="card block h-28" />
        ))}
      </span>
      <span className="card mt-6 block h-72" />
    </output>
  );
}

/**
 * Screens with libraries of their own load when first opened: Analytics with its charts
 * (recharts, admin only: never in the storefront's bundle nor the rest of the panel's chunk), and
 * Reports beside it.
 */
const analyticsScreen = lazyScreen(
  () => import('./analytics/analytics-page.tsx'),
  (module) => module.AnalyticsPage,
  <AdminScreenSkeleton />,
);
const reportsScreen = lazyScreen(
  () => import('./reports/reports-page.tsx'),
  (module) => module.ReportsPage,
  <AdminScreenSkeleton />,
);

/** Route objects (not <Routes> elements): the router's JSX-to-routes code would join the storefront's first load. */
const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'analytics', element: analyticsScreen },
      { path: 'reports', element: reportsScreen },
      { path: 'products', element: <ProductsPage /> },
      { path: 'products/new', element: <ProductEditorPage /> },
      { path: 'products/:id', element: <ProductEditorPage /> },
      { path: 'categories', element: <CategoriesPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'orders/new', element: <NewOrderPage /> },
      { path: 'orders/:id', element: <OrderDetailPage /> },
      { path: 'customers', element: <CustomersPage /> },
      { path: 'customers/:id', element: <CustomerDetailPage /> },
      { path: 'promo-codes', element: <PromoCodesPage /> },
      { path: 'promo-codes/new', element: <PromoEditorPage /> },
      { path: 'promo-codes/:id', element: <PromoUsagePage /> },
      { path: 'promo-codes/:id/edit', element: <PromoEditorPage /> },
      { path: 'reviews', element: <ReviewsPage /> },
      { path: 'reviews/:id', element: <ReviewDetailPage /> },
      { path: 'blog', element: <BlogPostsPage /> },
      { path: 'blog/new', element: <BlogPostEditorPage /> },
      { path: 'blog/categories', element: <BlogCategoriesPage /> },
      { path: 'blog/:id', element: <BlogPostEditorPage /> },
      { path: 'pages', element: <ShopPagesPage /> },
      { path: 'pages/:slug', element: <ShopPageEditorPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'security', element: <SecurityPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'settings/:section', element: <SettingsPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: '*', element: <AdminNotFound /> },
    ],
  },
];

function AdminRoutes() {
  return useRoutes(adminRoutes);
}

function AdminNotFound() {
  return <AdminPageHeader title="Page not found" description="This admin page does not exist (yet)." />;
}
