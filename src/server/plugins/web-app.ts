import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { searchCatalogue } from '#server/search/search.service.ts';
import { applyPageMeta, jsonForHtml, metaForUrl } from '#server/seo/page-meta.ts';
import { renderRobots, renderSitemap } from '#server/seo/sitemap.ts';
import { ADMIN_SIGN_IN_ELEMENT_ID } from '#shared/admin-sign-in.ts';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';
import { isKnownAppPath } from '#shared/routes.ts';
import {
  readStoreQuery,
  STORE_QUERY_DEFAULTS,
  STORE_SEARCH_ELEMENT_ID,
  storeSearchRequest,
} from '#shared/store-query.ts';
import { apiNotFoundBody } from './error-handler.ts';
import { contentSecurityPolicyHeader } from './security.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `html` with `value` embedded as a JSON data tag (never executed, so the CSP needs no hash for it). */
function withJsonData(html: string, id: string, value: unknown): string {
  return html.replace('</head>', `<script type="application/json" id="${id}">${jsonForHtml(value)}</script></head>`);
}

/** Builds the HTML shell once: the built index.html with the site config embedded as data. */
export function renderShell(template: string, siteConfig: SiteConfig): string {
  return withJsonData(template, SITE_CONFIG_ELEMENT_ID, siteConfig);
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
 * The API reads each entry screen starts with, exactly as the web app requests them. Preloading
 * them from the HTML lets the browser fetch the data while the JavaScript downloads instead of
 * after it runs: the product grid (the largest paint) appears one round trip sooner.
 */
const ROUTE_PRELOADS: Record<string, string[]> = {
  '/': ['/api/products/featured?limit=6', '/api/products?sort=newest&limit=8', '/api/categories'],
};

/**
 * A `/store` URL's first search result, embedded as JSON: the store asks `POST /search`, which a
 * preload hint cannot do, so the server answers it in the page instead (for first-visit
 * preferences; the web app uses it only if it would have sent exactly this request).
 */
function withStoreSearch(html: string, url: URL, catalogue: CatalogueIndex): string {
  const request = storeSearchRequest(readStoreQuery(url.searchParams, STORE_QUERY_DEFAULTS));
  const response = searchCatalogue(catalogue, request);
  return withJsonData(html, STORE_SEARCH_ELEMENT_ID, { request, response });
}

/** The shell for one URL: its preload hints, if that exact URL has any. */
function shellFor(shell: string, url: string): string {
  const urls = ROUTE_PRELOADS[url];
  if (!urls) return shell;
  const links = urls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous">`).join('');
  return shell.replace('</head>', `${links}</head>`);
}

export interface WebAppOptions {
  distDir: string;
  uploadsDir: string;
  siteConfig: SiteConfig;
  /** PUBLIC_URL; without it, links in meta tags and the sitemap use the request's own host. */
  publicUrl?: string;
  /** The hidden admin sign-in path (no slash); served only when set (FEATURE_ADMIN_PANEL on). */
  adminSignInPath?: string;
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
  const shell = fs.existsSync(indexPath)
    ? renderShell(fs.readFileSync(indexPath, 'utf8'), options.siteConfig)
    : undefined;
  const shellCsp = contentSecurityPolicyHeader(shell ? inlineScriptHashes(shell) : []);
  if (shell) {
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

  const baseUrlOf = (request: FastifyRequest) => options.publicUrl ?? `${request.protocol}://${request.host}`;

  const sendNotBuilt = (reply: FastifyReply) =>
    reply.status(503).type('text/plain').send('The web app is not built yet. Run "npm run build".');

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!shell) return sendNotBuilt(reply);
    const url = new URL(request.url, 'http://shop.invalid');
    // Each shareable page gets its own title, description, canonical URL and preview tags.
    const catalogue = await app.catalogue.fresh();
    const meta = metaForUrl(url, catalogue, options.siteConfig, baseUrlOf(request));
    let html = shellFor(shell, request.url); // exact URL: "/?x" would ask for other data
    if (url.pathname === '/store') html = withStoreSearch(html, url, catalogue);
    if (meta) html = applyPageMeta(html, meta, options.siteConfig.shopName);
    return reply
      .status(isKnownAppPath(url.pathname) && !meta?.notFound ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', shellCsp)
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get('/', sendShell);
  const { adminSignInPath } = options;
  if (adminSignInPath) {
    // The same page every time, built once. No page meta (title, canonical, Open Graph) that would
    // name it, never cached, never indexed.
    const signInHtml = shell ? withAdminSignIn(shell, adminSignInPath) : undefined;
    app.get(`/${adminSignInPath}`, async (_request, reply) => {
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
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderSitemap(await app.catalogue.fresh(), baseUrlOf(request))),
  );
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
