/**
 * The storefront's lazily loaded screens. The router and the prefetches
 * (docs/product.md#loading-and-prefetch: the store from home after 2 s, the product page from the
 * store after 1 s) import the same functions, so a prefetch warms exactly the chunk the route will
 * ask for.
 */
export const loadHomePage = () => import('./home/home-page.tsx');
export const loadStorePage = () => import('./store/store-page.tsx');
export const loadProductPage = () => import('./product/product-page.tsx');
export const loadCheckoutPage = () => import('./checkout/checkout-page.tsx');
export const loadContactPage = () => import('./contact/contact-page.tsx');
export const loadBlogPage = () => import('./blog/blog-page.tsx');
export const loadBlogPostPage = () => import('./blog/blog-post-page.tsx');
export const loadShopPage = () => import('./pages/shop-page.tsx');
export const loadPreferencesPage = () => import('./preferences/preferences-page.tsx');
export const loadLoginPage = () => import('./account/login/login-page.tsx');
export const loadAccountPage = () => import('./account/account-page.tsx');

/** Downloads a screen's code after `delayMs` unless the caller unmounts first; returns the cancel. */
export function prefetchAfter(load: () => Promise<unknown>, delayMs: number): () => void {
  const timer = window.setTimeout(() => {
    load().catch(() => {
      // Prefetching is only a head start; the route reports a failure if its code cannot load.
    });
  }, delayMs);
  return () => window.clearTimeout(timer);
}
