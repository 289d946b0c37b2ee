import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { SiteConfig } from '#shared/contracts/site.ts';

/**
 * Server rendering of the storefront's entry pages (decision 009). The screens are the web app's
 * own, built for Node by `vite build --ssr` into dist/ssr (src/web/ssr/render-page.tsx); this
 * module loads that bundle, answers its API calls in process (`app.inject`, so a page holds
 * exactly what the API answers) and says which route chunks a page needs.
 */

/** What dist/ssr/render-page.js exports (src/web/ssr/render-page.tsx; the server never imports #web). */
interface RenderPageModule {
  configureServerRendering(options: { siteConfig: SiteConfig; fetch: typeof fetch }): void;
  renderPage(url: string): Promise<{ html: string; queries: [readonly unknown[], unknown][] } | null>;
}

export interface RenderedPage {
  /** The markup for `#root`. */
  html: string;
  /** `[queryKey, data]` pairs for the browser's query cache. */
  queries: [readonly unknown[], unknown][];
  /** Hashed route chunks the page hydrates with, for `<link rel="modulepreload">`. */
  modules: string[];
}

/**
 * Draws `url` as the catalogue stands at `revision` (CatalogueIndex.revision), or null for a page
 * left to the browser. The entry pages read only the catalogue, so a page drawn for a revision is
 * reused until the catalogue changes.
 */
export type PageRenderer = (url: URL, revision: number) => Promise<RenderedPage | null>;

/** Distinct URLs kept drawn (the store's filter combinations are many; the entry pages few). */
const CACHED_PAGES = 200;

/**
 * The pages drawn on the server and the screen module each hydrates with (a key of Vite's
 * manifest). Only pages whose content is the same for every visitor: the cart, checkout and
 * preferences depend on what the browser stored, so they stay drawn in the browser.
 */
const SERVER_RENDERED: [RegExp, string][] = [
  [/^\/$/, 'storefront/home/home-page.tsx'],
  [/^\/store$/, 'storefront/store/store-page.tsx'],
  [/^\/product\/[^/]+$/, 'storefront/product/product-page.tsx'],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunk of `key` and every chunk it imports statically, as `/assets/…` URLs. */
export function chunkUrls(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files].map((file) => `/${file}`);
}

/** The one read that is a POST (a search has a body). */
const READ_ONLY_POSTS = new Set(['/api/search']);

/** Only reads: a page render never writes through the API. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url =
      typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const isRead = method === 'GET' || (method === 'POST' && READ_ONLY_POSTS.has(url.split('?')[0] ?? ''));
    if (!isRead) return new Response(null, { status: 405 });
    const response = await app.inject({
      method: method as HTTPMethods,
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}

/**
 * Imports the built bundle with Node's source-map support off (tsx turns it on for our TypeScript).
 * The bundle is 1.3 MB of plain JavaScript: a map of it (~500,000 mappings) is parsed the first time
 * a stack trace passes through it and then holds ~55 MB of heap for nothing, since its positions
 * are the bundle's own.
 */
async function importWithoutSourceMaps<T>(url: string): Promise<T> {
  const enabled = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return (await import(url)) as T;
  } finally {
    process.setSourceMapsEnabled(enabled);
  }
}

/**
 * The renderer for a built app, or undefined when dist/ssr is missing (the pages are then drawn in
 * the browser only, as before). A page that cannot be drawn (any error) falls back the same way.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: { ssrEntry: string; manifestPath: string; siteConfig: SiteConfig },
): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(options.ssrEntry) || !fs.existsSync(options.manifestPath)) return undefined;
  const module = await importWithoutSourceMaps<RenderPageModule>(pathToFileURL(path.resolve(options.ssrEntry)).href);
  module.configureServerRendering({ siteConfig: options.siteConfig, fetch: inProcessFetch(app) });
  const manifest = JSON.parse(fs.readFileSync(options.manifestPath, 'utf8')) as Record<string, ManifestChunk>;

  const render = async (path: string, screen: string): Promise<RenderedPage | null> => {
    try {
      const page = await module.renderPage(path);
      return page && { ...page, modules: chunkUrls(manifest, screen) };
    } catch (error) {
      app.log.error({ err: error, url: path }, 'server rendering failed; sending the page undrawn');
      return null;
    }
  };

  // Pages of the current revision, least recently used first; a request for a page being drawn
  // waits for that drawing instead of starting another.
  let cachedRevision = -1;
  const cache = new Map<string, Promise<RenderedPage | null>>();
  return (url, revision) => {
    const screen = SERVER_RENDERED.find(([pattern]) => pattern.test(url.pathname))?.[1];
    if (!screen) return Promise.resolve(null);
    if (revision !== cachedRevision) {
      cache.clear();
      cachedRevision = revision;
    }
    const path = `${url.pathname}${url.search}`;
    let page = cache.get(path);
    if (page) cache.delete(path);
    else page = render(path, screen);
    cache.set(path, page);
    if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value as string);
    return page;
  };
}
