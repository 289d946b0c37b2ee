import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { jsonForHtml } from '#server/seo/page-meta.ts';
import { ORDER_LINE_MAX_QUANTITY } from '#shared/contracts/orders.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';

/**
 * Server rendering of the storefront's entry pages (decision 009). The screens are the web app's
 * own, built for Node by `vite build --ssr` into dist/ssr (src/web/ssr/render-page.tsx); this
 * module loads that bundle, answers its API calls in process (`app.inject`, so a page holds
 * exactly what the API answers) and says which route chunks a page needs.
 */

/** What dist/ssr/render-page.js exports (src/web/ssr/render-page.tsx; the server never imports #web). */
interface RenderPageModule {
  configureServerRendering(options: { siteConfig: () => SiteConfig; fetch: typeof fetch }): void;
  renderPage(url: string): Promise<{ html: string; queries: [readonly unknown[], unknown][] } | null>;
}

export interface RenderedPage {
  /** The markup for `#root`. */
  html: string;
  /**
   * The `[queryKey, data]` pairs for the browser's query cache, as the JSON the page embeds
   * (jsonForHtml). Written when the page is drawn: a kept page held the parsed answers (a store
   * page's search, ~80 KB of JSON as objects) only to write them again (issue 32).
   */
  queriesJson: string;
  /** Hashed route chunks the page hydrates with, for `<link rel="modulepreload">`. */
  modules: string[];
}

/**
 * Draws `url` as `catalogue` stands now, or null for a page left to the browser. The entry pages
 * read only the catalogue, so a drawn page is reused while what it shows is unchanged: the same
 * content and availability revisions (CatalogueIndex), and the same stock for every product in it.
 * An order elsewhere in the catalogue redraws nothing; one that takes stock of a product a page
 * shows redraws that page only; a product that sells out or comes back redraws every page (the
 * store's "in stock" counts change); a change of the shop's settings redraws every page. A page that also shows an editorial source (the blog) is
 * reused only while that source answers the revision it was drawn at (RevisionSources).
 */
export type PageRenderer = (url: URL, catalogue: CatalogueIndex) => Promise<RenderedPage | null>;

/** A product's stock as a drawn page shows it (in its data and so in its markup). */
interface ShownStock {
  id: string;
  stock_quantity?: number;
  in_stock?: boolean;
  low_stock_threshold?: number;
}

/**
 * The part of a stock quantity a storefront screen can show (docs/product.md#stock-and-quantities):
 * out of stock, "Only N left" at or below the low-stock threshold, and a quantity limit that never
 * exceeds ORDER_LINE_MAX_QUANTITY. Above both, 500 and 497 draw the same page, so an order that
 * takes 3 of a well-stocked product does not redraw every page showing it (issue 20: the home
 * page shows the newest products, which are the ones selling). Quantities in the page's data may
 * then be stale above that line; nothing reads them there but limits the server checks again.
 */
function visibleStock(quantity: number, threshold: number | undefined): number {
  return Math.min(quantity, Math.max(threshold ?? 0, ORDER_LINE_MAX_QUANTITY));
}

interface DrawnPage {
  page: RenderedPage | null;
  stock: ShownStock[];
  /** The page's RevisionSources' answers when it was drawn ('' for a page that names none). */
  sources: string;
}

/**
 * Every product-like object in a page's data (an `id` with `stock_quantity` or `in_stock`): the
 * stock the page was drawn with. Read from the data rather than from the screens' code, so a
 * screen that starts showing stock somewhere new is covered without a change here.
 */
export function shownStock(queries: readonly (readonly [readonly unknown[], unknown])[]): ShownStock[] {
  const found: ShownStock[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.id === 'string' && ('stock_quantity' in record || 'in_stock' in record)) {
      found.push({
        id: record.id,
        stock_quantity: typeof record.stock_quantity === 'number' ? record.stock_quantity : undefined,
        in_stock: typeof record.in_stock === 'boolean' ? record.in_stock : undefined,
        low_stock_threshold: typeof record.low_stock_threshold === 'number' ? record.low_stock_threshold : undefined,
      });
    }
    for (const child of Object.values(record)) visit(child);
  };
  for (const [, data] of queries) visit(data);
  return found;
}

/** Whether every product the page shows still has the stock it was drawn with. */
function showsCurrentStock(shown: readonly ShownStock[], catalogue: CatalogueIndex): boolean {
  return shown.every((product) => {
    // Not in the index: not a storefront product, or removed (a content change, which already
    // dropped every drawn page).
    const current = catalogue.stockOf(product.id);
    return (
      !current ||
      ((product.stock_quantity === undefined ||
        visibleStock(product.stock_quantity, product.low_stock_threshold) ===
          visibleStock(current.stock_quantity, product.low_stock_threshold)) &&
        (product.in_stock === undefined || product.in_stock === current.in_stock))
    );
  });
}

/** Distinct URLs kept drawn (the store's filter combinations are many; the entry pages few). */
const CACHED_PAGES = 200;

/**
 * Editorial sources a drawn page may read besides the catalogue (decision 015): each answers a
 * revision string, cheap to ask on every request, that changes whenever what the source shows may
 * have changed, including by the clock (a scheduled post whose time has come). Handed in by
 * web-app.ts (`blog` today; another source adds its own name).
 */
export type RevisionSources = Readonly<Record<string, () => Promise<string>>>;

interface ServerRenderedRoute {
  pattern: RegExp;
  /** The screen module the page hydrates with (a key of Vite's manifest). */
  screen: string;
  /**
   * The RevisionSources the page shows besides the catalogue: its drawn copy is kept while each of
   * them answers the revision it was drawn at. A page naming a source the server was not given is
   * left to the browser (nothing would say when to redraw it).
   */
  sources?: readonly string[];
}

/**
 * The pages drawn on the server. Only pages whose content is the same for every visitor: the cart,
 * checkout and preferences depend on what the browser stored, so they stay drawn in the browser.
 */
const SERVER_RENDERED: readonly ServerRenderedRoute[] = [
  { pattern: /^\/$/, screen: 'storefront/home/home-page.tsx' },
  { pattern: /^\/store$/, screen: 'storefront/store/store-page.tsx' },
  { pattern: /^\/product\/[^/]+$/, screen: 'storefront/product/product-page.tsx' },
  // Blog pages read the blog, and a post's product cards the catalogue.
  { pattern: /^\/blog$/, screen: 'storefront/blog/blog-page.tsx', sources: ['blog'] },
  { pattern: /^\/blog\/[^/]+$/, screen: 'storefront/blog/blog-post-page.tsx', sources: ['blog'] },
  // The fixed pages (docs/product.md#fixed-pages) follow their own revision (src/server/pages/).
  { pattern: /^\/pages\/[^/]+$/, screen: 'storefront/pages/shop-page.tsx', sources: ['pages'] },
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
  options: { ssrEntry: string; manifestPath: string; siteConfig: () => SiteConfig; revisions?: RevisionSources },
): Promise<PageRenderer | undefined> {
  if (!fs.existsSync(options.ssrEntry) || !fs.existsSync(options.manifestPath)) return undefined;
  let module: RenderPageModule;
  try {
    module = await importWithoutSourceMaps<RenderPageModule>(pathToFileURL(path.resolve(options.ssrEntry)).href);
    module.configureServerRendering({ siteConfig: options.siteConfig, fetch: inProcessFetch(app) });
  } catch (error) {
    // A bundle that cannot load (built for another React mode, half written) costs the drawn
    // pages, never the shop: the browser draws them, as without dist/ssr.
    app.log.error({ err: error }, 'server rendering unavailable: its bundle failed to load');
    return undefined;
  }
  const manifest = JSON.parse(fs.readFileSync(options.manifestPath, 'utf8')) as Record<string, ManifestChunk>;

  const draw = async (path: string, screen: string, sources: string): Promise<DrawnPage> => {
    try {
      const drawn = await module.renderPage(path);
      if (!drawn) return { page: null, stock: [], sources };
      const page = { html: drawn.html, queriesJson: jsonForHtml(drawn.queries), modules: chunkUrls(manifest, screen) };
      return { page, stock: shownStock(drawn.queries), sources };
    } catch (error) {
      app.log.error({ err: error, url: path }, 'server rendering failed; sending the page undrawn');
      return { page: null, stock: [], sources };
    }
  };

  /** The current answers of the route's RevisionSources, or null when one is missing or fails. */
  const sourcesRevision = async (route: ServerRenderedRoute): Promise<string | null> => {
    if (!route.sources?.length) return '';
    const revisions = route.sources.map((name) => options.revisions?.[name]);
    // A source this server was not given (a test app without the blog): nothing says when to redraw.
    if (revisions.some((revision) => !revision)) return null;
    try {
      const answers = await Promise.all(revisions.map((revision) => revision?.() ?? ''));
      return answers.join('|');
    } catch (error) {
      app.log.warn({ err: error, screen: route.screen }, 'page left to the browser: its revision is unknown');
      return null;
    }
  };

  // Pages of the current content and availability, least recently used first; a request for a
  // page being drawn waits for that drawing instead of starting another.
  // A change of the shop's settings (a new site config object) drops every drawn page too.
  let cachedRevision = '';
  let cachedSite: SiteConfig | undefined;
  const cache = new Map<string, Promise<DrawnPage>>();
  return async (url, catalogue) => {
    const route = SERVER_RENDERED.find(({ pattern }) => pattern.test(url.pathname));
    if (!route) return null;
    const sources = await sourcesRevision(route);
    if (sources === null) return null;
    const revision = `${catalogue.contentRevision}/${catalogue.availabilityRevision}`;
    const site = options.siteConfig();
    if (revision !== cachedRevision || site !== cachedSite) {
      cache.clear();
      cachedRevision = revision;
      cachedSite = site;
    }
    const path = `${url.pathname}${url.search}`;
    // At most one redraw per request: under a stream of orders a page drawn a moment ago is as
    // fresh as any answer can be, and the next request checks it again.
    for (let attempt = 0; ; attempt++) {
      let entry = cache.get(path);
      if (entry) cache.delete(path);
      // Drawn at other answers of its sources (a post written, a scheduled post now due): redraw.
      if (entry && (await entry).sources !== sources) entry = undefined;
      entry ??= draw(path, route.screen, sources);
      cache.set(path, entry);
      if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value as string);
      const drawn = await entry;
      if (attempt > 0 || showsCurrentStock(drawn.stock, catalogue)) return drawn.page;
      // Stock it shows changed since: drop it (unless a concurrent request already did) and redraw.
      if (cache.get(path) === entry) cache.delete(path);
    }
  };
}
