import type { ManifestOptions } from 'vite-plugin-pwa';
import type { ManifestEntry, RuntimeCaching } from 'workbox-build';
import { APP_SHELL_PARAM } from '#shared/routes.ts';

/**
 * What the service worker does (vite.config.ts hands this to vite-plugin-pwa's `generateSW`).
 *
 * - Precache: the storefront's shell (HTML, hashed JS and CSS, icons), so the app opens offline.
 *   The HTML is precached as `SHELL_URL`, an address the server answers with the shell, undrawn
 *   (it 404s `/index.html` on purpose), and is only the offline fallback: online, every page is fetched
 *   from the server, so the site config it embeds and the 404 status of unknown paths stay true.
 * - Catalogue reads (products, categories, search): network first with a short timeout, then the
 *   copy of the last visit. Product images: cache first, capped.
 * - The store's search (`POST /search`, which the Cache API cannot key): the same network first
 *   with a 3 s timeout, its answers kept under a GET address made from the request body
 *   (`searchNetworkFirst`), at most 50 of them.
 * - Never cached: the admin, auth and order APIs, any request with an Authorization header, any
 *   other request that is not a GET. Nothing matches them, so they go to the network untouched.
 *
 * The match callbacks and plugins below are copied into sw.js as source text (workbox-build
 * stringifies them), so each must be self-contained: no imports, constants or helpers from
 * outside its own body. service-worker-config.test.ts checks that by rebuilding them from text.
 */

/**
 * The address the shell is precached under: `/` with a marker the server reads to send the app
 * undrawn (no home page in `#root`): offline it stands in for every path, which the browser then
 * draws itself. A drawn home page there made every other page a hydration mismatch offline.
 */
export const SHELL_URL = `/?${APP_SHELL_PARAM}`;

export const CACHE_NAMES = { catalogue: 'cedar-catalogue', images: 'cedar-images' } as const;

/** Shop colours of styles.css (white page, cedar-700 mark). */
export const BRAND = { page: '#ffffff', mark: '#23553c' } as const;

export const ICONS = {
  any192: 'icons/icon-192.png',
  any512: 'icons/icon-512.png',
  maskable512: 'icons/icon-maskable-512.png',
  apple180: 'icons/apple-touch-icon.png',
} as const;

/**
 * The web app manifest as built, with the default shop name: the server answers
 * /manifest.webmanifest with the shop's name from its settings (plugins/web-app.ts renderWebManifest).
 */
export function webAppManifest(shopName = 'Cedar Shop'): Partial<ManifestOptions> {
  return {
    id: '/',
    name: shopName,
    short_name: shopName,
    description: `${shopName}: quality electronics, components and accessories at fair prices.`,
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BRAND.page,
    theme_color: BRAND.page,
    categories: ['shopping'],
    icons: [
      { src: `/${ICONS.any192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/${ICONS.any512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/${ICONS.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Shapes the service worker code below relies on (it runs in the worker, not in a window). */
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  clients: { get(id: string): Promise<WorkerClient | undefined> };
}
interface FetchLikeEvent {
  clientId?: string;
}
interface WorkerCache {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
  keys(): Promise<readonly Request[]>;
  delete(request: Request): Promise<boolean>;
}
/*
 * The worker's globals, declared from those shapes instead of taken from a lib: vite.config.ts
 * imports this file, so it is type-checked as Node code too (tsconfig.node.json), where there is
 * neither the DOM nor the WebWorker lib. Declarations emit nothing: at run time these are the
 * worker's own `self` and `caches`.
 */
declare const self: WorkerScope;
declare const caches: { open(name: string): Promise<WorkerCache> };

/**
 * Tells the page when a catalogue answer came from the cache because the network failed or was
 * too slow, and when the network answers again, so it can say it is showing saved pages.
 */
const offlineNotice = {
  cachedResponseWillBeUsed: async ({ cachedResponse, event }: { cachedResponse?: Response; event?: unknown }) => {
    const clientId = (event as FetchLikeEvent | undefined)?.clientId;
    if (cachedResponse && clientId) {
      const client = await self.clients.get(clientId);
      client?.postMessage({ type: 'cedar:served-from-cache' });
    }
    return cachedResponse;
  },
  fetchDidSucceed: async ({ response, event }: { response: Response; event?: unknown }) => {
    const clientId = (event as FetchLikeEvent | undefined)?.clientId;
    if (clientId) {
      const client = await self.clients.get(clientId);
      client?.postMessage({ type: 'cedar:network-ok' });
    }
    return response;
  },
};

// The real-time polling path (/socket.io) is never the worker's business, not even as a navigation.
export const isAppNavigation = ({ request, url }: { request: Request; url: URL }): boolean =>
  request.mode === 'navigate' && !/^\/(api|uploads|socket\.io)(\/|$)/.test(url.pathname);

export const isCatalogueRead = ({ request, url, sameOrigin }: { request: Request; url: URL; sameOrigin: boolean }) =>
  sameOrigin &&
  request.method === 'GET' &&
  !request.headers.has('authorization') &&
  /^\/api\/(products|categories|search)(\/|$)/.test(url.pathname);

export const isSearchPost = ({ request, url, sameOrigin }: { request: Request; url: URL; sameOrigin: boolean }) =>
  sameOrigin && request.method === 'POST' && !request.headers.has('authorization') && url.pathname === '/api/search';

/**
 * Network first for `POST /search`: the answer when it comes within 3 s (a copy is kept), else
 * the copy from the last identical search, else whatever the network finally says. The copies
 * live in the catalogue cache under `/api/search?offline-copy=<body>`, the newest 50 kept. Tells
 * the page when it served a copy and when the network answered, like the offline notice plugin.
 */
export const searchNetworkFirst = async ({ request, event }: { request: Request; event?: unknown }) => {
  const key = `/api/search?offline-copy=${encodeURIComponent(await request.clone().text())}`;
  const cache = await caches.open('cedar-catalogue');
  const clientId = (event as { clientId?: string } | undefined)?.clientId;
  const tell = async (type: string) => {
    if (clientId) (await self.clients.get(clientId))?.postMessage({ type });
  };
  const network = fetch(request).then(async (response) => {
    if (response.status === 200) {
      await cache.put(key, response.clone());
      const copies = (await cache.keys()).filter((entry) => entry.url.includes('offline-copy='));
      for (const old of copies.slice(0, -50)) await cache.delete(old);
    }
    await tell('cedar:network-ok');
    return response;
  });
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3000));
  const first = await Promise.race([network.catch(() => undefined), timeout]);
  if (first) return first;
  const copy = await cache.match(key);
  if (copy) {
    await tell('cedar:served-from-cache');
    return copy;
  }
  return network;
};

export const isProductImage = ({ request, url, sameOrigin }: { request: Request; url: URL; sameOrigin: boolean }) =>
  sameOrigin &&
  request.method === 'GET' &&
  !request.headers.has('authorization') &&
  url.pathname.startsWith('/uploads/');

export const runtimeCaching: RuntimeCaching[] = [
  {
    // Online: the server's page (fresh site config, true status). Offline: the precached shell.
    urlPattern: isAppNavigation,
    handler: 'NetworkOnly',
    options: { precacheFallback: { fallbackURL: SHELL_URL } },
  },
  {
    urlPattern: isCatalogueRead,
    handler: 'NetworkFirst',
    method: 'GET',
    options: {
      cacheName: CACHE_NAMES.catalogue,
      networkTimeoutSeconds: 3,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
      plugins: [offlineNotice],
    },
  },
  {
    urlPattern: isSearchPost,
    handler: searchNetworkFirst,
    method: 'POST',
  },
  {
    urlPattern: isProductImage,
    handler: 'CacheFirst',
    method: 'GET',
    options: {
      cacheName: CACHE_NAMES.images,
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
    },
  },
];

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface BuildManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files a shopper's browser can ever load: everything reachable from the entry through
 * static and dynamic imports, except through the admin area's lazy import. The admin chunks stay
 * out of the precache (a shopper never needs them; an admin loads them from the network).
 */
export function storefrontFiles(manifest: Record<string, BuildManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (!/(^|\/)admin\//.test(next)) visit(next);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * The precache list: files outside `assets/` (icons, favicon, manifest) as they are, hashed assets
 * only when the storefront uses them, plus the shell under SHELL_URL at the built HTML's revision.
 */
export function precacheEntries<T extends ManifestEntry>(entries: T[], storefront: Set<string>, shell: T): T[] {
  // Not the web app manifest: the server answers it with the shop's current name (settings: site).
  const kept = entries.filter(
    (entry) => entry.url !== 'manifest.webmanifest' && (!entry.url.startsWith('assets/') || storefront.has(entry.url)),
  );
  return [...kept, shell];
}
