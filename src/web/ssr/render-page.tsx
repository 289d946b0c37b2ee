import type { Query, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { SiteConfig } from '#shared/contracts/site.ts';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { serverContext } from './server-context.ts';

/**
 * The storefront drawn in Node (decision 009): the server sends `/`, `/store` and product pages
 * with their content already in the HTML, so a phone paints the page before the JavaScript has
 * downloaded, and the browser hydrates it (app/boot.tsx) instead of drawing it again.
 *
 * Built by `vite build --ssr` into dist/ssr/render-page.js and loaded by the server
 * (src/server/plugins/server-render.ts). The screens are the browser's own: their queries are
 * answered through `serverContext.fetch`, which the server points at its own API in process, so
 * a page holds exactly what the API would have answered.
 */

export interface ServerRenderOptions {
  /** The site config as the shop's settings stand now (asked on every use). */
  siteConfig: () => SiteConfig;
  /** Answers the API calls the screens make (`/api/...` paths), like the browser's `fetch`. */
  fetch: typeof fetch;
}

export interface RenderedPage {
  /** The markup inside `#root`. */
  html: string;
  /** The answers the page was drawn from, for the browser's query cache (`[queryKey, data]`). */
  queries: [readonly unknown[], unknown][];
}

/** Sets what every render uses; called once when the server starts. */
export function configureServerRendering(options: ServerRenderOptions): void {
  serverContext.siteConfig = options.siteConfig;
  serverContext.fetch = options.fetch;
}

/**
 * Queries learn what they need only by rendering: a screen asks for a product, then for its
 * related products. Each pass renders, then answers the queries the render asked for; a page
 * still asking after this many passes is left to the browser.
 */
const MAX_PASSES = 3;

/**
 * Renders `url` (path and query) or returns null when the page should be left to the browser:
 * any render error, or any query that failed (a missing product, an API error): the browser shows
 * those states itself, from a first render that then matches nothing the server drew.
 */
export async function renderPage(url: string): Promise<RenderedPage | null> {
  const client = createQueryClient();
  // One attempt: a retry with back-off would hold the page; the browser retries.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  try {
    return await renderWithData(url, client);
  } finally {
    client.clear(); // drops the cache and its garbage-collection timers: nothing outlives the request
  }
}

async function renderWithData(url: string, client: QueryClient): Promise<RenderedPage | null> {
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const html = await renderOnce(url, client);
    if (html === null) return null;
    const queries = client.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === 'error')) return null;
    const waiting = queries.filter((query) => query.state.status === 'pending' && isEnabled(query));
    if (waiting.length === 0) {
      return {
        html,
        queries: queries
          .filter((query) => query.state.status === 'success')
          .map((query) => [query.queryKey, query.state.data]),
      };
    }
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  return null;
}

/** A query the screen would run (`enabled` not false): one it keeps disabled stays pending in the browser too. */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * One pass: `renderToString`, whose markup has every finished boundary inline (prerender would
 * stream late ones as templates revealed by inline scripts, which the CSP refuses). A boundary
 * still waiting for its code (a screen's first render in this process) comes out as "render in
 * the browser" (`<!--$!`): prerender then waits for that code, and the string render runs again.
 */
async function renderOnce(url: string, client: QueryClient): Promise<string | null> {
  const tree = (
    <AppProviders client={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
  let html = renderToString(tree);
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // Resolves once every lazy screen has loaded; its markup is not needed.
    await prerenderToNodeStream(tree, { onError: () => undefined });
    html = renderToString(tree);
  }
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
}

/** React's marker of a Suspense boundary the server could not finish (suspended or threw). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';
