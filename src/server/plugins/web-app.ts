import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { type FeedItem, renderBlogFeed } from '#server/seo/blog-feed.ts';
import { linkBase } from '#server/seo/link-base.ts';
import {
  applyPageMeta,
  blogPostMeta,
  blogPostSlugOfUrl,
  jsonForHtml,
  metaForUrl,
  type PageMeta,
  productOfUrl,
  shopPageMeta,
  shopPageSlugOfUrl,
} from '#server/seo/page-meta.ts';
import { renderRobots, renderSitemap, type SitemapPage, type SitemapPost } from '#server/seo/sitemap.ts';
import { ADMIN_SIGN_IN_ELEMENT_ID, hasAdminHint, isAdminPath } from '#shared/admin-sign-in.ts';
import { PAGE_QUERIES_ELEMENT_ID, SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import type { BlogPost } from '#shared/contracts/blog.ts';
import type { ShopPage } from '#shared/contracts/pages.ts';
import type { Review } from '#shared/contracts/reviews.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';
import type { ShopPageSlug } from '#shared/pages.ts';
import { isAppShellRequest, isKnownAppPath } from '#shared/routes.ts';
import { apiNotFoundBody } from './error-handler.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS, renderMaintenancePage } from './maintenance-page.ts';
import { contentSecurityPolicyHeader } from './security.ts';
import { loadPageRenderer, type RenderedPage, type RevisionSources } from './server-render.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `html` with `value` embedded as a JSON data tag (never executed, so the CSP needs no hash for it). */
function withJsonData(html: string, id: string, value: unknown): string {
  return withJsonText(html, id, jsonForHtml(value));
}

/** `withJsonData` for JSON already written by jsonForHtml. */
function withJsonText(html: string, id: string, json: string): string {
  return html.replace('</head>', () => `<script type="application/json" id="${id}">${json}</script></head>`);
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML shell: the built index.html with the site config embedded as data, and the shop's name
 * and description in its title and description (a page's own meta replaces them). Built again
 * when the shop's settings change (a new site config).
 */
export function renderShell(template: string, siteConfig: SiteConfig): string {
  const description =
    siteConfig.description ||
    `${siteConfig.shopName}: quality electronics, components and accessories at fair prices, delivered across Lebanon.`;
  const named = template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeAttribute(siteConfig.shopName)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttribute(description)}" />`,
    );
  return withJsonData(named, SITE_CONFIG_ELEMENT_ID, siteConfig);
}

/**
 * The built web app manifest with the shop's name and description (settings: site), icons and
 * the rest as built: the file is built once, the name may change at any time.
 */
export function renderWebManifest(built: string, siteConfig: SiteConfig): string {
  const manifest = JSON.parse(built) as Record<string, unknown>;
  return JSON.stringify({
    ...manifest,
    name: siteConfig.shopName,
    short_name: siteConfig.shopName,
    description:
      siteConfig.description ||
      `${siteConfig.shopName}: quality electronics, components and accessories at fair prices.`,
  });
}

/**
 * `'sha256-…'` sources for the shell's inline executable scripts (not JSON data, not `src=`), so
 * the CSP can stay `script-src 'self'` plus exactly these.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc=/i.test(attributes) || /type=["']?application\/(ld\+)?json/i.test(attributes) || body.trim() === '')
      continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The shell with a page the server drew (decision 009): its markup inside `#root`, the API answers
 * it was drawn from as JSON data (the browser's query cache starts with them, so hydration asks
 * nothing again) and preload hints for the route's code, which downloads beside the entry chunk.
 */
function withRenderedPage(shell: string, page: RenderedPage): string {
  // React puts preload hints for the first images before the markup: they belong in the head,
  // where the browser sees them first (and hydration sees only the page inside #root).
  const imageHints = /^(?:<link [^>]*\/>)*/.exec(page.html)?.[0] ?? '';
  const modulePreloads = page.modules
    .filter((url) => !shell.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)
    .join('');
  return withJsonText(
    shell.replace('</head>', () => `${imageHints}${modulePreloads}</head>`),
    PAGE_QUERIES_ELEMENT_ID,
    page.queriesJson,
  ).replace('<div id="root"></div>', () => `<div id="root">${page.html.slice(imageHints.length)}</div>`);
}

type HtmlEncoding = 'br' | 'gzip' | undefined;

/** The compression the browser accepts, brotli first. */
function htmlEncoding(request: FastifyRequest): HtmlEncoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Sends an HTML page compressed when the browser accepts it: a drawn page with its data is ~80 KB,
 * ~12 KB compressed, which is most of a phone's wait for its first paint. Brotli at a quality
 * that takes a millisecond or two, else gzip.
 */
async function compressedHtml(
  html: string,
  encoding: HtmlEncoding,
): Promise<{ body: Buffer | string; encoding?: string }> {
  // Encoded once here: a drawn page's body is kept (finishedPage) and sent many times, and a
  // string of ~100 KB would be measured and encoded to UTF-8 again on every send.
  if (html.length < 1024 || !encoding) return { body: Buffer.from(html, 'utf8') };
  if (encoding === 'br') {
    return { body: await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  return { body: await gzip(html, { level: 6 }), encoding: 'gzip' };
}

/** A drawn page's finished bodies kept per meta and encoding (a page is shown with one meta, rarely two). */
const BODIES_PER_PAGE = 4;

export interface WebAppOptions {
  distDir: string;
  uploadsDir: string;
  /** The site config as the shop's settings stand now (site/site-config.ts siteConfigSource): a new object when they changed. */
  siteConfig: () => SiteConfig;
  /** PUBLIC_URL; without it, links in meta tags and the sitemap use the request's host only when it is in `allowedHosts`, else they are relative (seo/link-base.ts). */
  publicUrl?: string;
  /** ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** The hidden admin sign-in path (no slash); served only when set (FEATURE_ADMIN_PANEL on). */
  adminSignInPath?: string;
  /**
   * Whether this request may see the sign-in page (the staff address allowlist, handed in by
   * app.ts); when not, the path answers exactly as an unknown path does.
   */
  adminSignInAllowed?: (request: FastifyRequest) => Promise<boolean>;
  /** The server-rendering bundle (dist/ssr/render-page.js); without it pages are drawn in the browser only. */
  ssrEntry?: string;
  /**
   * A product's newest approved reviews for its page's JSON-LD (handed in by app.ts, so this plugin
   * does not reach into the reviews domain); asked only for products that have reviews.
   */
  newestReviews?: (productId: string) => Promise<readonly Review[]>;
  /**
   * The blog's public posts, handed in by app.ts like `newestReviews`: the newest for the RSS feed
   * (/blog/feed.xml), all of them for the sitemap; one public post by slug for a post page's meta
   * (and its 404); and the blog's revision, which keeps drawn blog pages while it is unchanged
   * (decision 015). Without them there is no feed, the sitemap lists no posts and the blog pages
   * are drawn in the browser with the shell's meta.
   */
  blog?: {
    feedItems: () => Promise<readonly FeedItem[]>;
    sitemapPosts: () => Promise<readonly SitemapPost[]>;
    /** The public post at `slug` as the API answers it (sanitised content), or null. */
    post: (slug: string) => Promise<BlogPost | null>;
    /** Changes whenever a drawn blog page may be out of date, a scheduled post falling due included. */
    revision: () => Promise<string>;
  };
  /**
   * The fixed pages (docs/product.md#fixed-pages), handed in by app.ts like the blog: one page and
   * its plain text for its meta, all six for the sitemap, and `revision` (pagesRevision), which
   * changes on every save, for the drawn `/pages/{slug}` copies.
   */
  shopPages?: {
    page: (slug: ShopPageSlug) => Promise<{ page: ShopPage; text: string }>;
    sitemapPages: () => Promise<readonly SitemapPage[]>;
    revision: () => Promise<string>;
  };
}

/** The editorial sources drawn pages depend on besides the catalogue (server-render.ts, decision 015). */
function revisionSources(options: WebAppOptions): RevisionSources {
  return {
    ...(options.blog && { blog: options.blog.revision }),
    ...(options.shopPages && { pages: options.shopPages.revision }),
  };
}

/**
 * The shell at the hidden sign-in path, with the path itself as JSON data: the public JavaScript
 * never contains it, so the admin panel learns it only from this page (decision 008).
 */
function withAdminSignIn(shell: string, signInPath: string): string {
  return withJsonData(shell, ADMIN_SIGN_IN_ELEMENT_ID, { path: `/${signInPath}` });
}

/**
 * Serves what is not the API: hashed assets with a one-year cache, uploads, and the single-page app
 * for every other GET (status 404 for paths no screen handles, so crawlers see the truth while the
 * app still renders its not-found page). Unknown `/api/*` paths get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  fs.mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploaded and seeded files never change under the same name.
    setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
  });

  const indexPath = path.join(options.distDir, 'index.html');
  const template = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  // The shell follows the settings: built again for a new site config (the inline scripts, and so
  // the CSP, are the template's and never change). First built at the first request: the settings
  // are loaded after the routes are registered.
  let shellFor: { site: SiteConfig; html: string; signIn?: string } | undefined;
  const currentShell = () => {
    if (template === undefined) return undefined;
    const site = options.siteConfig();
    if (shellFor?.site !== site) shellFor = { site, html: renderShell(template, site) };
    return shellFor;
  };
  const shellCsp = contentSecurityPolicyHeader(template ? inlineScriptHashes(template) : []);
  const renderPage =
    template && options.ssrEntry
      ? await loadPageRenderer(app, {
          ssrEntry: options.ssrEntry,
          manifestPath: path.join(options.distDir, '.vite/manifest.json'),
          siteConfig: options.siteConfig,
          revisions: revisionSources(options),
        })
      : undefined;
  if (template) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br/.gz beside each asset; send those instead of compressing per request.
      preCompressed: true,
      // index.html is only ever served through renderShell, with the site config in it.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No built web app in ${options.distDir}; run "npm run build". Serving the API only.`);
  }

  // The web app manifest carries the shop's name: answered from the built file and the settings,
  // ahead of the static files (which would send the name it was built with).
  const manifestPath = path.join(options.distDir, 'manifest.webmanifest');
  const builtManifest = fs.existsSync(manifestPath) ? fs.readFileSync(manifestPath, 'utf8') : undefined;
  if (builtManifest) {
    let manifestFor: { site: SiteConfig; body: string } | undefined;
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.split('?')[0] !== WEB_MANIFEST_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return done();
      }
      const site = options.siteConfig();
      if (manifestFor?.site !== site) manifestFor = { site, body: renderWebManifest(builtManifest, site) };
      reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifestFor.body);
    });
  }

  // Never the Host header as such: a forged one would end up in cached pages and the sitemap.
  const baseUrlOf = (request: FastifyRequest) => linkBase(options, request);

  const sendNotBuilt = (reply: FastifyReply) =>
    reply.status(503).type('text/plain').send('The web app is not built yet. Run "npm run build".');

  /** The product page's newest reviews; none for other pages, and none rather than no page if the read fails. */
  const reviewsFor = async (url: URL, catalogue: CatalogueIndex): Promise<readonly Review[]> => {
    const product = options.newestReviews && productOfUrl(url, catalogue);
    if (!product || product.review_count <= 0) return [];
    return (
      options.newestReviews?.(product.id).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not read the reviews for the page meta');
        return [];
      }) ?? []
    );
  };

  /**
   * A blog post page's meta, read from the blog (a link preview reads only this HTML, so it is there
   * whether or not the page is drawn); undefined for other URLs, or when the read fails (the shell's
   * defaults then, and the browser shows the error).
   */
  const blogPostMetaFor = async (url: URL, baseUrl: string): Promise<PageMeta | undefined> => {
    const slug = options.blog && blogPostSlugOfUrl(url);
    if (slug === undefined || !options.blog) return undefined;
    try {
      return blogPostMeta(slug, await options.blog.post(slug), options.siteConfig(), baseUrl);
    } catch (error) {
      app.log.warn({ err: error }, 'could not read the blog post for the page meta');
      return undefined;
    }
  };

  /** A fixed page's meta; undefined for other URLs or when the read fails (the shell's defaults then). */
  const shopPageMetaFor = async (url: URL, baseUrl: string): Promise<PageMeta | undefined> => {
    const slug = options.shopPages && shopPageSlugOfUrl(url);
    if (!slug || !options.shopPages) return undefined;
    try {
      const { page, text } = await options.shopPages.page(slug);
      return shopPageMeta(page, text, options.siteConfig(), baseUrl);
    } catch (error) {
      app.log.warn({ err: error }, 'could not read the fixed page for the page meta');
      return undefined;
    }
  };

  /**
   * The finished (compressed) HTML of each drawn page, kept while server-render.ts keeps the page:
   * a drawn page is reused for many requests, and embedding its data (~80 KB of JSON) and
   * compressing it again on each was most of a served /store's cost (~2 ms of CPU, issue 32).
   * Keyed by the page object, so a redrawn page (a new object) starts afresh and the old one's
   * bodies go with it; per page by the meta (it holds the request's link base) and the encoding.
   */
  const finishedBodies = new WeakMap<
    RenderedPage,
    Map<string, Promise<{ body: Buffer | string; encoding?: string }>>
  >();
  const finishedPage = (page: RenderedPage, meta: PageMeta | undefined, encoding: HtmlEncoding) => {
    let bodies = finishedBodies.get(page);
    if (!bodies) {
      bodies = new Map();
      finishedBodies.set(page, bodies);
    }
    const key = `${encoding ?? ''}|${meta ? JSON.stringify(meta) : ''}`;
    let body = bodies.get(key);
    if (!body) {
      const html = withRenderedPage(currentShell()?.html ?? '', page);
      body = compressedHtml(meta ? applyPageMeta(html, meta, options.siteConfig().shopName) : html, encoding);
      if (bodies.size >= BODIES_PER_PAGE) bodies.delete(bodies.keys().next().value as string);
      bodies.set(key, body);
    }
    return body;
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const shell = currentShell()?.html;
    if (!shell) return sendNotBuilt(reply);
    const url = new URL(request.url, 'http://shop.invalid');
    const site = options.siteConfig();
    // Closed for maintenance: the storefront's pages answer the maintenance page; the admin's keep working.
    if (site.maintenance && !isAdminPath(url.pathname)) {
      return reply
        .status(503)
        .header('retry-after', String(MAINTENANCE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .header('content-security-policy', shellCsp)
        .type('text/html; charset=utf-8')
        .send(renderMaintenancePage(site));
    }
    // Each shareable page gets its own title, description, canonical URL and preview tags.
    const catalogue = await app.catalogue.fresh();
    const baseUrl = baseUrlOf(request);
    const meta =
      (await blogPostMetaFor(url, baseUrl)) ??
      (await shopPageMetaFor(url, baseUrl)) ??
      metaForUrl(url, catalogue, site, baseUrl, site.reviewsEnabled ? await reviewsFor(url, catalogue) : []);
    // The entry pages arrive drawn (decision 009); any page the renderer declines is drawn in the
    // browser, and so is the service worker's offline shell, which stands in for every path.
    const drawn = renderPage && meta && !meta.notFound && !isAppShellRequest(url);
    const page = drawn ? await renderPage(url, catalogue) : null;
    const { body, encoding } = page
      ? await finishedPage(page, meta, htmlEncoding(request))
      : await compressedHtml(meta ? applyPageMeta(shell, meta, site.shopName) : shell, htmlEncoding(request));
    if (encoding) reply.header('content-encoding', encoding);
    // The admin's addresses answer like unknown paths (decision 008), except to a browser whose
    // panel says it holds a session (the hint cookie): its deep links then load without a 404.
    const known =
      (isKnownAppPath(url.pathname) && !meta?.notFound) ||
      (options.adminSignInPath !== undefined && isAdminPath(url.pathname) && hasAdminHint(request.headers.cookie));
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', shellCsp)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };

  if (renderPage) {
    // Draw the home page once as soon as the server is up, so the first visitor does not wait for
    // the screens' code to load and compile.
    app.addHook('onReady', async () => {
      setImmediate(() => {
        app.catalogue
          .fresh()
          .then((catalogue) => renderPage(new URL('/', 'http://shop.invalid'), catalogue))
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not draw the home page ahead'));
      });
    });
  }

  app.get('/', sendShell);
  const { adminSignInPath } = options;
  if (adminSignInPath) {
    // The same page every time, built once. No page meta (title, canonical, Open Graph) that would
    // name it, never cached, never indexed.
    const signInPage = () => {
      const current = currentShell();
      if (!current) return undefined;
      current.signIn ??= withAdminSignIn(current.html, adminSignInPath);
      return current.signIn;
    };
    const { adminSignInAllowed } = options;
    app.get(`/${adminSignInPath}`, async (request, reply) => {
      if (adminSignInAllowed && !(await adminSignInAllowed(request))) return reply.callNotFound();
      const signInHtml = signInPage();
      if (!signInHtml) return sendNotBuilt(reply);
      return reply
        .status(200)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('content-security-policy', shellCsp)
        .type('text/html; charset=utf-8')
        .send(signInHtml);
    });
  }
  /** The blog's posts for the sitemap; none rather than no sitemap if the read fails (as for reviews). */
  const sitemapPosts = async (): Promise<readonly SitemapPost[]> =>
    (await options.blog?.sitemapPosts().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not read the blog posts for the sitemap');
      return [];
    })) ?? [];
  /** The fixed pages for the sitemap; none rather than no sitemap if the read fails. */
  const sitemapPages = async (): Promise<readonly SitemapPage[]> =>
    (await options.shopPages?.sitemapPages().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not read the fixed pages for the sitemap');
      return [];
    })) ?? [];
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderSitemap(await app.catalogue.fresh(), baseUrlOf(request), await sitemapPosts(), await sitemapPages())),
  );
  const { blog } = options;
  if (blog) {
    app.get('/blog/feed.xml', async (request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(renderBlogFeed(await blog.feedItems(), baseUrlOf(request), options.siteConfig().shopName)),
    );
  }
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderRobots(baseUrlOf(request))),
  );
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return reply.status(404).send(apiNotFoundBody(request.method, request.url));
    }
    // A missing file is a plain 404, never the HTML shell (an <img> or <script> would choke on it).
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(apiNotFoundBody(request.method, request.url));
    }
    if (/^\/(assets|uploads)\//.test(request.url) || /\.[a-z0-9]{2,5}$/i.test(request.url.split('?')[0] ?? '')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendShell(request, reply);
  });
}
