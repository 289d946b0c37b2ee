/**
 * Prefetching another screen's code (docs/product.md#loading-and-prefetch: the store from home
 * after 2 s, the product page from the store after 1 s, checkout from the open cart). A feature
 * names the screen; the routes (storefront-routes.tsx) register each screen's loader, the same
 * function the router calls, so a prefetch warms exactly the chunk the route will ask for and no
 * feature imports another feature's page.
 */
export type PrefetchedScreen = 'store' | 'product' | 'checkout';

const loaders: Partial<Record<PrefetchedScreen, () => Promise<unknown>>> = {};

export function registerScreenLoaders(entries: Record<PrefetchedScreen, () => Promise<unknown>>): void {
  Object.assign(loaders, entries);
}

/** Downloads a screen's code after `delayMs` unless the caller unmounts first; returns the cancel. */
export function prefetchScreen(screen: PrefetchedScreen, delayMs: number): () => void {
  const timer = window.setTimeout(() => {
    loaders[screen]?.().catch(() => {
      // Prefetching is only a head start; the route reports a failure if its code cannot load.
    });
  }, delayMs);
  return () => window.clearTimeout(timer);
}
