/**
 * The storefront's lazily loaded screens. The router calls them, and storefront-routes.tsx hands
 * the prefetched ones to ui/prefetch-screen.ts, so a prefetch warms exactly the chunk the route
 * will ask for.
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
