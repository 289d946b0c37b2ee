import { usePrefetchQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { lazyScreen } from '#web/app/lazy-screen.tsx';
import { PageSkeleton } from '#web/storefront/ui/page-skeleton.tsx';
import { registerScreenLoaders } from '#web/storefront/ui/prefetch-screen.ts';
import { productQuery } from './catalogue-kit/product-queries.ts';
import {
  loadAccountPage,
  loadBlogPage,
  loadBlogPostPage,
  loadCheckoutPage,
  loadContactPage,
  loadHomePage,
  loadLoginPage,
  loadPreferencesPage,
  loadProductPage,
  loadShopPage,
  loadStorePage,
} from './screens.ts';

/**
 * The storefront's routes (children of the storefront layout). A screen that needs data starts
 * its queries here, while its code is still downloading, instead of after: the request and the
 * chunk travel in parallel.
 */
// The screens other screens prefetch: home the store, the store a product page, the cart checkout.
registerScreenLoaders({ store: loadStorePage, product: loadProductPage, checkout: loadCheckoutPage });

const textSkeleton = <PageSkeleton variant="text" />;

const homeScreen = lazyScreen(loadHomePage, (m) => m.HomePage);
const storeScreen = lazyScreen(loadStorePage, (m) => m.StorePage);
const productScreen = lazyScreen(loadProductPage, (m) => m.ProductPage, <PageSkeleton variant="product" />);

function ProductRoute(): ReactNode {
  usePrefetchQuery(productQuery(useParams().id ?? ''));
  return productScreen;
}

export const storefrontRoutes: RouteObject[] = [
  // Home arrives drawn by the server with its data (decision 009); its chunk is small and in the
  // first load, so a route-level prefetch would only cost first-load bytes.
  { index: true, element: homeScreen },
  // The store starts its search in its own chunk: a first visit arrives drawn by the server with
  // the result (decision 009), and from home the chunk is prefetched after 2 s, so a route-level
  // prefetch would save little and cost first-load bytes.
  { path: 'store', element: storeScreen },
  { path: 'product/:id', element: <ProductRoute /> },
  { path: 'checkout', element: lazyScreen(loadCheckoutPage, (m) => m.CheckoutPage, textSkeleton) },
  { path: 'contact', element: lazyScreen(loadContactPage, (m) => m.ContactPage, textSkeleton) },
  { path: 'blog', element: lazyScreen(loadBlogPage, (m) => m.BlogPage, textSkeleton) },
  { path: 'blog/:slug', element: lazyScreen(loadBlogPostPage, (m) => m.BlogPostPage, textSkeleton) },
  { path: 'pages/:slug', element: lazyScreen(loadShopPage, (m) => m.ShopPageScreen, textSkeleton) },
  { path: 'preferences', element: lazyScreen(loadPreferencesPage, (m) => m.PreferencesPage, textSkeleton) },
  // Shopper accounts (docs/product.md#shopper-accounts): sign-in at /login, everything else in one
  // lazy chunk with its own nested routes.
  { path: 'login/*', element: lazyScreen(loadLoginPage, (m) => m.LoginPage, textSkeleton) },
  { path: 'account/*', element: lazyScreen(loadAccountPage, (m) => m.AccountPage, textSkeleton) },
];
