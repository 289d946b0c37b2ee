import { afterEach, describe, expect, it } from 'vitest';
import {
  type BuildManifestChunk,
  CACHE_NAMES,
  ICONS,
  precacheEntries,
  runtimeCaching,
  SHELL_URL,
  storefrontFiles,
  webAppManifest,
} from './service-worker-config.ts';
import { SW_MESSAGES } from './sw-messages.ts';

/**
 * workbox-build copies the match callbacks and plugins into sw.js as source text. Rebuilding them
 * from their text here proves they need nothing from this module's scope, and tests what the
 * worker really runs.
 */
// biome-ignore lint/complexity/noBannedTypes: any function, rebuilt from its source text.
function fromSource<T extends Function>(fn: T): T {
  return new Function(`return (${fn.toString()});`)() as T;
}

type Match = (options: { request: Request; url: URL; sameOrigin: boolean }) => boolean;
const ORIGIN = 'https://shop.example';

function request(path: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(path, ORIGIN);
  const fake = {
    url: url.href,
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    headers: new Headers(init.headers),
  } as unknown as Request;
  return { request: fake, url, sameOrigin: url.origin === ORIGIN };
}

const [navigationRoute, catalogueRoute, searchRoute, imageRoute] = runtimeCaching;
const matchers = runtimeCaching.map((route) => fromSource(route.urlPattern as Match));
const [isNavigation, isCatalogue, isSearchPost, isImage] = matchers as [Match, Match, Match, Match];

/** The route that would answer the request, by handler name, or 'network' when none does. */
function routeFor(path: string, init?: Parameters<typeof request>[1]): string {
  const index = matchers.findIndex((match) => match(request(path, init)));
  if (index === -1) return 'network';
  const handler = runtimeCaching[index]?.handler;
  return typeof handler === 'function' ? handler.name : String(handler);
}

describe('runtime caching', () => {
  it('answers app navigations from the network with the precached shell as fallback', () => {
    expect(navigationRoute?.handler).toBe('NetworkOnly');
    expect(navigationRoute?.options?.precacheFallback).toEqual({ fallbackURL: SHELL_URL });
    for (const path of ['/', '/store?page=2', '/product/raspberry-pi-5', '/admin/products', '/preferences']) {
      expect(isNavigation(request(path, { mode: 'navigate' })), path).toBe(true);
    }
    for (const path of ['/api/docs', '/api/products', '/uploads/seed/a.webp']) {
      expect(isNavigation(request(path, { mode: 'navigate' })), path).toBe(false);
    }
    expect(isNavigation(request('/store'))).toBe(false);
  });

  it('keeps catalogue reads network first, with a short timeout and a capped cache', () => {
    expect(catalogueRoute?.handler).toBe('NetworkFirst');
    expect(catalogueRoute?.options?.cacheName).toBe(CACHE_NAMES.catalogue);
    expect(catalogueRoute?.options?.networkTimeoutSeconds).toBeLessThanOrEqual(5);
    expect(catalogueRoute?.options?.cacheableResponse).toEqual({ statuses: [200] });
    expect(catalogueRoute?.options?.expiration?.maxEntries).toBeGreaterThan(0);
    for (const path of [
      '/api/products',
      '/api/products?page=2&limit=20',
      '/api/products/raspberry-pi-5',
      '/api/categories',
      '/api/categories/boards',
      '/api/search?q=esp32',
      '/api/search/suggestions?q=esp',
    ]) {
      expect(isCatalogue(request(path)), path).toBe(true);
    }
  });

  it('keeps product images cache first, capped', () => {
    expect(imageRoute?.handler).toBe('CacheFirst');
    expect(imageRoute?.options?.cacheName).toBe(CACHE_NAMES.images);
    expect(imageRoute?.options?.expiration?.maxEntries).toBeGreaterThan(0);
    expect(isImage(request('/uploads/seed/esp32-devkit-v1-1-400.webp'))).toBe(true);
    expect(isImage(request('/assets/app.js'))).toBe(false);
  });

  it('never caches admin, auth or order calls, authorised or non-GET requests, or other origins', () => {
    for (const path of [
      '/api/admin/products',
      '/api/admin/orders?status=pending',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/orders',
      '/api/orders/ORD-1001',
      '/api/productsX',
      '/api/health',
    ]) {
      expect(routeFor(path), path).toBe('network');
    }
    const bearer = { headers: { Authorization: 'Bearer token' } };
    expect(routeFor('/api/products', bearer)).toBe('network');
    expect(routeFor('/uploads/seed/a.webp', bearer)).toBe('network');
    expect(routeFor('/api/search', { method: 'POST', headers: { Authorization: 'Bearer token' } })).toBe('network');
    expect(routeFor('/api/orders', { method: 'POST' })).toBe('network');
    expect(routeFor('/api/products', { method: 'DELETE' })).toBe('network');
    expect(isCatalogue({ ...request('/api/products'), sameOrigin: false })).toBe(false);
    expect(isImage({ ...request('/uploads/a.webp'), sameOrigin: false })).toBe(false);
    expect(isSearchPost({ ...request('/api/search', { method: 'POST' }), sameOrigin: false })).toBe(false);
    // Workbox registers each route for one method; only the store's search is a POST.
    expect(runtimeCaching.map((route) => route.method ?? 'GET')).toEqual(['GET', 'GET', 'POST', 'GET']);
  });

  it('never intercepts the real-time polling (/socket.io), whatever the method or mode', () => {
    for (const path of ['/socket.io/?EIO=4&transport=polling', '/socket.io/?EIO=4&transport=polling&sid=abc']) {
      expect(routeFor(path), path).toBe('network');
      expect(routeFor(path, { method: 'POST' }), path).toBe('network');
      expect(isNavigation(request(path, { mode: 'navigate' })), path).toBe(false);
    }
  });

  it("keeps the store's POST /search network first, with a copy per request body", () => {
    expect(routeFor('/api/search', { method: 'POST' })).toBe('searchNetworkFirst');
    expect(searchRoute?.method).toBe('POST');
    expect(isSearchPost(request('/api/search/suggestions', { method: 'POST' }))).toBe(false);
  });
});

describe('offline notice plugin', () => {
  const plugin = catalogueRoute?.options?.plugins?.[0] as {
    cachedResponseWillBeUsed: (options: { cachedResponse?: Response; event?: unknown }) => Promise<unknown>;
    fetchDidSucceed: (options: { response: Response; event?: unknown }) => Promise<unknown>;
  };
  const posted: { client: string; message: unknown }[] = [];
  const scope = self as unknown as { clients?: unknown };

  afterEach(() => {
    posted.length = 0;
    delete scope.clients;
  });

  function installClients() {
    // The worker's `clients` API, which the page does not have.
    scope.clients = {
      get: async (id: string) => ({ postMessage: (message: unknown) => posted.push({ client: id, message }) }),
    };
  }

  it('tells the page when its catalogue answer came from the cache', async () => {
    installClients();
    const willBeUsed = fromSource(plugin.cachedResponseWillBeUsed);
    const cached = new Response('{}');
    await expect(willBeUsed({ cachedResponse: cached, event: { clientId: 'tab-1' } })).resolves.toBe(cached);
    expect(posted).toEqual([{ client: 'tab-1', message: { type: SW_MESSAGES.servedFromCache } }]);

    // Nothing in the cache: nothing served from it, nothing to say.
    await expect(willBeUsed({ cachedResponse: undefined, event: { clientId: 'tab-1' } })).resolves.toBeUndefined();
    expect(posted).toHaveLength(1);
  });

  it('tells the page when the network answers again', async () => {
    installClients();
    const succeeded = fromSource(plugin.fetchDidSucceed);
    const response = new Response('{}');
    await expect(succeeded({ response, event: { clientId: 'tab-2' } })).resolves.toBe(response);
    expect(posted).toEqual([{ client: 'tab-2', message: { type: SW_MESSAGES.networkOk } }]);
    // A request without a page (no client id) is answered all the same.
    await expect(succeeded({ response, event: {} })).resolves.toBe(response);
    expect(posted).toHaveLength(1);
  });
});

describe('search copies for offline use', () => {
  type Handler = (options: { request: Request; event?: unknown }) => Promise<Response>;
  const handler = fromSource(searchRoute?.handler as unknown as Handler);
  const scope = globalThis as unknown as { caches?: unknown; clients?: unknown };
  const realFetch = globalThis.fetch;
  const store = new Map<string, Response>();
  const posted: unknown[] = [];

  afterEach(() => {
    store.clear();
    posted.length = 0;
    globalThis.fetch = realFetch;
    delete scope.caches;
    delete scope.clients;
  });

  function install(network: () => Promise<Response>) {
    const cache = {
      put: async (key: string, response: Response) => void store.set(key, response),
      match: async (key: string) => store.get(key)?.clone(),
      keys: async () => [...store.keys()].map((url) => ({ url })),
      delete: async (entry: { url: string }) => store.delete(entry.url),
    };
    scope.caches = { open: async () => cache };
    scope.clients = { get: async () => ({ postMessage: (message: unknown) => posted.push(message) }) };
    globalThis.fetch = network as typeof fetch;
  }

  const search = (body: object) =>
    new Request('https://shop.example/api/search', { method: 'POST', body: JSON.stringify(body) });

  it('answers from the network and keeps a copy per request body', async () => {
    install(async () => new Response('{"data":"fresh"}', { status: 200 }));
    const response = await handler({ request: search({ q: 'esp32' }), event: { clientId: 'tab' } });
    expect(await response.text()).toBe('{"data":"fresh"}');
    expect([...store.keys()]).toEqual([`/api/search?offline-copy=${encodeURIComponent('{"q":"esp32"}')}`]);
    expect(posted).toEqual([{ type: SW_MESSAGES.networkOk }]);
  });

  it('offline, answers the same search from its copy and says so; another search fails', async () => {
    install(async () => new Response('{"data":"saved"}', { status: 200 }));
    await handler({ request: search({ q: 'esp32' }) });
    install(async () => Promise.reject(new TypeError('Failed to fetch')));
    const response = await handler({ request: search({ q: 'esp32' }), event: { clientId: 'tab' } });
    expect(await response.text()).toBe('{"data":"saved"}');
    expect(posted).toEqual([{ type: SW_MESSAGES.servedFromCache }]);
    await expect(handler({ request: search({ q: 'arduino' }) })).rejects.toThrow('Failed to fetch');
  });

  it('keeps no copy of a failed search', async () => {
    install(async () => new Response('{}', { status: 503 }));
    expect((await handler({ request: search({ q: 'x' }) })).status).toBe(503);
    expect(store.size).toBe(0);
  });
});

describe('web app manifest', () => {
  it('names the shop and offers the three icons an installable app needs', () => {
    const manifest = webAppManifest();
    expect(manifest).toMatchObject({
      name: 'Cedar Shop',
      short_name: 'Cedar Shop',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.icons).toEqual([
      { src: `/${ICONS.any192}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/${ICONS.any512}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/${ICONS.maskable512}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    expect(webAppManifest('Beirut Parts').name).toBe('Beirut Parts');
  });
});

describe('precache list', () => {
  const manifest: Record<string, BuildManifestChunk> = {
    'main.tsx': {
      file: 'assets/index-a.js',
      isEntry: true,
      imports: ['_vendor.js', '_app.js'],
      dynamicImports: ['storefront/home/home-page.tsx', 'admin/admin-app.tsx'],
      css: ['assets/index-a.css'],
    },
    '_vendor.js': { file: 'assets/vendor-b.js' },
    '_app.js': { file: 'assets/app-c.js', dynamicImports: ['pwa/pwa-banners.tsx'] },
    'storefront/home/home-page.tsx': { file: 'assets/home-page-d.js', imports: ['_vendor.js', '_shared.js'] },
    'pwa/pwa-banners.tsx': { file: 'assets/pwa-banners-e.js', imports: ['_vendor.js'] },
    'admin/admin-app.tsx': {
      file: 'assets/admin-app-f.js',
      imports: ['_shared.js', '_charts.js'],
      dynamicImports: ['admin/orders/orders-page.tsx'],
    },
    'admin/orders/orders-page.tsx': { file: 'assets/orders-page-g.js' },
    '_shared.js': { file: 'assets/shared-h.js' },
    '_charts.js': { file: 'assets/charts-i.js' },
  };

  it('holds every file the storefront can load and none that only the admin area loads', () => {
    expect([...storefrontFiles(manifest)].sort()).toEqual([
      'assets/app-c.js',
      'assets/home-page-d.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/pwa-banners-e.js',
      'assets/shared-h.js',
      'assets/vendor-b.js',
    ]);
  });

  it('keeps the non-hashed files, drops admin chunks and adds the shell under its own address', () => {
    const entry = (url: string) => ({ url, revision: null as string | null, size: 1 });
    const shell = { url: SHELL_URL, revision: 'abc', size: 2 };
    const entries = [
      entry('favicon.svg'),
      entry('icons/icon-192.png'),
      entry('assets/index-a.js'),
      entry('assets/admin-app-f.js'),
      entry('assets/charts-i.js'),
      entry('assets/shared-h.js'),
    ];
    expect(precacheEntries(entries, storefrontFiles(manifest), shell).map((item) => item.url)).toEqual([
      'favicon.svg',
      'icons/icon-192.png',
      'assets/index-a.js',
      'assets/shared-h.js',
      SHELL_URL,
    ]);
  });
});
