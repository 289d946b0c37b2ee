import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '#server/blog/blog.table.ts';
import { PAGE_QUERIES_ELEMENT_ID } from '#shared/constants.ts';
import { APP_SHELL_PARAM } from '#shared/routes.ts';
import { createProduct, updateDefaultVariant } from '../factories/catalogue.ts';
import { manualClock, requestHeaderClock, TEST_NOW_HEADER } from '../helpers/clocks.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The server's side of server rendering (decision 009) with a stand-in for dist/ssr: a module
 * with the same two exports that draws from the API exactly as the real screens do, through the
 * `fetch` the server hands it. The real screens drawn and hydrated in Chromium: tests/e2e/ssr.spec.ts.
 */
const RENDER_MODULE = `
let options;
export let renders = 0;
export function configureServerRendering(given) { options = given; }
export async function renderPage(url) {
  renders++;
  if (url.startsWith('/product/exploding')) throw new Error('a screen failed');
  if (url.startsWith('/product/')) return null;
  if (url.startsWith('/blog')) {
    const posts = await (await options.fetch('/api/blogs/posts')).json();
    return {
      html: '<main>' + posts.data.map((post) => '<h2>' + post.title + '</h2>').join('') + '</main>',
      queries: [[['blog', 'posts', { page: 1 }], posts]],
    };
  }
  const featured = await (await options.fetch('/api/products/featured?limit=6', { headers: { Accept: 'application/json' } })).json();
  const write = await options.fetch('/api/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
  const search = await options.fetch('/api/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ q, limit: 5 }) });
  const found = (await search.json()).data;
  return {
    html: '<link rel="preload" as="image" href="/uploads/first.webp"/><main data-write="' + write.status + '">'
      + featured.data.map((product) => '<p>' + product.name + '</p>').join('')
      + found.hits.map((hit) => '<li>' + hit.name + (hit.in_stock ? ': ' + hit.stock_quantity + ' in stock' : ': sold out') + '</li>').join('')
      + '</main>',
    queries: [[['products', 'featured', 6], featured.data], [['search', q], found]],
  };
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_app-abc.js'] },
  '_app-abc.js': { file: 'assets/app-abc.js' },
  'storefront/home/home-page.tsx': { file: 'assets/home-page-abc.js', imports: ['_app-abc.js'] },
  'storefront/store/store-page.tsx': { file: 'assets/store-page-abc.js', imports: ['_app-abc.js', '_grid-abc.js'] },
  '_grid-abc.js': { file: 'assets/grid-abc.js' },
  'storefront/blog/blog-page.tsx': { file: 'assets/blog-page-abc.js', imports: ['_app-abc.js'] },
};

async function writeFixtures(): Promise<{ dist: string; ssr: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cedar-ssr-'));
  const dist = path.join(root, 'web');
  const ssr = path.join(root, 'ssr');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await mkdir(ssr);
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Cedar Shop</title><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/app-abc.js"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(ssr, 'render-page.js'), RENDER_MODULE);
  return { dist, ssr };
}

/** The address the service worker precaches its offline shell under (src/web/pwa/service-worker-config.ts). */
const SHELL_URL = `/?${APP_SHELL_PARAM}`;

const pageQueries = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${PAGE_QUERIES_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1] ??
      'null',
  ) as [unknown[], unknown][] | null;
const rootOf = (html: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(html)?.[1];

describe('a server-rendering bundle that cannot load', () => {
  it('leaves the pages to the browser and the shop serving', async () => {
    const fixtures = await writeFixtures();
    await writeFile(path.join(fixtures.ssr, 'render-page.js'), "throw new Error('built for another React');\n");
    const ctx = await createTestApp({ serveWebApp: true, webDistDir: fixtures.dist, webSsrDir: fixtures.ssr });
    try {
      const home = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(home.statusCode).toBe(200);
      expect(rootOf(home.body)).toBe('');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
      await rm(path.dirname(fixtures.dist), { recursive: true, force: true });
    }
  });
});

describe('pages drawn on the server', () => {
  let ctx: TestApp;
  let fixtures: { dist: string; ssr: string };
  let renderer: { renders: number };
  // Set by hand: a scheduled post falls due when the test says so, not after a real wait.
  const clock = manualClock();
  beforeAll(async () => {
    fixtures = await writeFixtures();
    ctx = await createTestApp({ serveWebApp: true, webDistDir: fixtures.dist, webSsrDir: fixtures.ssr, clock });
    await createProduct(ctx.database.db, { name: 'Featured Fluke Meter', featured: true });
    renderer = await import(pathToFileURL(path.join(fixtures.ssr, 'render-page.js')).href);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(path.dirname(fixtures.dist), { recursive: true, force: true });
  });

  it('sends / drawn, with the API answers it was drawn from and its code preloaded', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(rootOf(html)).toMatch(/^<main data-write="405"><p>Featured Fluke Meter<\/p>/);
    // Image hints go to the head; the route's chunk is preloaded, the entry's are not repeated.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/first.webp"/>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-abc.js">');
    expect(head.match(/app-abc\.js/g)).toHaveLength(1);
    // The page's data is exactly what the API answers.
    const queries = pageQueries(html);
    const featured = (await ctx.app.inject({ method: 'GET', url: '/api/products/featured?limit=6' })).json().data;
    expect(queries?.[0]).toEqual([['products', 'featured', 6], featured]);
  });

  it('answers the renderer only with reads: a write through it is refused', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    expect(rootOf(html)).toContain('data-write="405"');
    const orders = await ctx.app.inject({ method: 'GET', url: '/api/admin/orders' });
    expect(orders.statusCode).toBe(401);
  });

  it('preloads the store chunk and everything it imports; a search text stays data', async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: '/store?q=%3C%2Fscript%3E%3Cscript%3Ealert(1)' })).body;
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/store-page-abc.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-abc.js">');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(pageQueries(html)?.[1]?.[0]).toEqual(['search', '</script><script>alert(1)']);
  });

  it('draws a page once per catalogue revision, and again after the catalogue changes', async () => {
    await ctx.app.inject({ method: 'GET', url: '/?cache-check' });
    const before = renderer.renders;
    const again = await ctx.app.inject({ method: 'GET', url: '/?cache-check' });
    expect(renderer.renders).toBe(before);
    expect(rootOf(again.body)).not.toContain('Second Featured Scope');

    await createProduct(ctx.database.db, { name: 'Second Featured Scope', featured: true });
    const changed = await ctx.app.inject({ method: 'GET', url: '/?cache-check' });
    expect(renderer.renders).toBe(before + 1);
    expect(rootOf(changed.body)).toContain('Second Featured Scope');
  });

  it('draws /blog once per blog revision: again after a post is written and when a scheduled post falls due', async () => {
    const blog = () => ctx.app.inject({ method: 'GET', url: '/blog' });
    const first = await blog();
    expect(first.body).toContain('<link rel="modulepreload" crossorigin href="/assets/blog-page-abc.js">');
    const before = renderer.renders;
    await blog();
    expect(renderer.renders).toBe(before);

    const post = {
      content: '<p>Text.</p>',
      excerpt: '',
      authorName: 'Editor',
      status: 'published' as const,
    };
    await ctx.database.db.insert(blogPosts).values({
      ...post,
      title: 'Written just now',
      slug: 'written-just-now',
      publishedAt: new Date(clock.now().getTime() - 1000),
    });
    const written = await blog();
    expect(renderer.renders).toBe(before + 1);
    expect(rootOf(written.body)).toContain('<h2>Written just now</h2>');

    // Due in a minute: nothing is written when its time comes, yet the page is drawn again.
    const dueAt = clock.now().getTime() + 60_000;
    await ctx.database.db.insert(blogPosts).values({
      ...post,
      title: 'Scheduled for later',
      slug: 'scheduled-for-later',
      status: 'scheduled',
      publishedAt: new Date(dueAt),
    });
    expect(rootOf((await blog()).body)).not.toContain('Scheduled for later');
    const drawnBeforeDue = renderer.renders;
    expect(rootOf((await blog()).body)).not.toContain('Scheduled for later');
    expect(renderer.renders).toBe(drawnBeforeDue);
    clock.advance(59_000);
    expect(rootOf((await blog()).body)).not.toContain('Scheduled for later');
    expect(renderer.renders).toBe(drawnBeforeDue);
    clock.advance(1_000);
    const due = await blog();
    expect(renderer.renders).toBe(drawnBeforeDue + 1);
    expect(rootOf(due.body)).toContain('<h2>Scheduled for later</h2>');
  });

  it('keeps a drawn page through stock changes it does not show, redraws it when stock it shows changes', async () => {
    const db = ctx.database.db;
    const shown = await createProduct(db, { name: 'Stocked Tweezers', stockQuantity: 10 });
    const elsewhere = await createProduct(db, { name: 'Unrelated Solder', stockQuantity: 10 });
    const page = async () => (await ctx.app.inject({ method: 'GET', url: '/?q=tweezers' })).body;
    expect(rootOf(await page())).toContain('<li>Stocked Tweezers: 10 in stock</li>');
    const before = renderer.renders;

    // Orders and stock edits of products the page does not show leave it drawn.
    await updateDefaultVariant(db, elsewhere.id, { stockQuantity: 9 });
    const sold = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: elsewhere.id, quantity: 2 }]),
    });
    expect(sold.statusCode).toBe(201);
    expect(rootOf(await page())).toContain('<li>Stocked Tweezers: 10 in stock</li>');
    expect(renderer.renders).toBe(before);

    // An order of the product it shows: drawn again once, with the stock left, markup and data alike.
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: shown.id, quantity: 3 }]),
    });
    expect(order.statusCode).toBe(201);
    const redrawn = await page();
    expect(rootOf(redrawn)).toContain('<li>Stocked Tweezers: 7 in stock</li>');
    expect(pageQueries(redrawn)?.[1]?.[1]).toMatchObject({ hits: [{ id: shown.id, stock_quantity: 7 }] });
    await page();
    expect(renderer.renders).toBe(before + 1);
  });

  it('keeps a page through orders that change no stock a shopper can see (above 100 and the low-stock line)', async () => {
    const shown = await createProduct(ctx.database.db, { name: 'Plentiful Pliers', stockQuantity: 104 });
    const page = async () => (await ctx.app.inject({ method: 'GET', url: '/?q=pliers' })).body;
    const order = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: shown.id, quantity: 3 }]),
      });
    await page();
    const before = renderer.renders;

    // 104 → 101: every screen shows "in stock" and a quantity limit of at most 100 either way.
    expect((await order()).statusCode).toBe(201);
    await page();
    expect(renderer.renders).toBe(before);

    // 101 → 98: the limit a screen offers is now the stock itself, so the page is drawn again.
    expect((await order()).statusCode).toBe(201);
    expect(rootOf(await page())).toContain('<li>Plentiful Pliers: 98 in stock</li>');
    expect(renderer.renders).toBe(before + 1);
  });

  it('never serves a sold-out product as in stock: selling the last unit redraws every page', async () => {
    const db = ctx.database.db;
    const last = await createProduct(db, { name: 'Last Magnifier', stockQuantity: 1 });
    await createProduct(db, { name: 'Other Lamp', stockQuantity: 4 });
    const page = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).body;
    expect(rootOf(await page('/?q=magnifier'))).toContain('<li>Last Magnifier: 1 in stock</li>');
    await page('/?q=lamp');
    const before = renderer.renders;

    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: last.id, quantity: 1 }]),
    });
    expect(order.statusCode).toBe(201);
    const soldOut = await page('/?q=magnifier');
    expect(rootOf(soldOut)).toContain('<li>Last Magnifier: sold out</li>');
    expect(pageQueries(soldOut)?.[1]?.[1]).toMatchObject({ hits: [{ id: last.id, in_stock: false }] });
    // A page without it is drawn again too: the store's "in stock" counts changed.
    await page('/?q=lamp');
    expect(renderer.renders).toBe(before + 2);
  });

  it('sends the page undrawn when the renderer declines or fails, never an error', async () => {
    await createProduct(ctx.database.db, { name: 'Declined', slug: 'declined-product' });
    await createProduct(ctx.database.db, { name: 'Exploding', slug: 'exploding-product' });
    for (const url of ['/product/declined-product', '/product/exploding-product']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(rootOf(response.body), url).toBe('');
      expect(pageQueries(response.body), url).toBeNull();
    }
    // A product that does not exist is a 404 and is not drawn at all.
    const rendersBefore = renderer.renders;
    expect((await ctx.app.inject({ method: 'GET', url: '/product/no-such-thing' })).statusCode).toBe(404);
    expect(renderer.renders).toBe(rendersBefore);
    // Pages that depend on the browser's own state (the cart) are never drawn on the server.
    expect(rootOf((await ctx.app.inject({ method: 'GET', url: '/checkout' })).body)).toBe('');
  });

  it("sends the service worker's offline shell undrawn: offline it stands in for every page (issue 32)", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: SHELL_URL });
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
    expect(pageQueries(response.body)).toBeNull();
    // The same path without the marker is drawn as always.
    expect(rootOf((await ctx.app.inject({ method: 'GET', url: '/' })).body)).not.toBe('');
  });

  it('compresses the HTML for browsers that accept it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/' });
    const compressed = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});

describe("the E2E server's clock (a request may carry its own time)", () => {
  it('shows a scheduled post, on the API and the drawn page, only to a request whose x-test-now has passed its time', async () => {
    const fixtures = await writeFixtures();
    const ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: fixtures.dist,
      webSsrDir: fixtures.ssr,
      clock: requestHeaderClock(),
    });
    try {
      const dueAt = Date.now() + 3_600_000;
      await ctx.database.db.insert(blogPosts).values({
        title: 'Due in an hour',
        slug: 'due-in-an-hour',
        content: '<p>Text.</p>',
        excerpt: '',
        authorName: 'Editor',
        status: 'scheduled',
        publishedAt: new Date(dueAt),
      });
      const read = (url: string, at?: number | string) =>
        ctx.app.inject({
          method: 'GET',
          url,
          headers:
            at === undefined ? {} : { [TEST_NOW_HEADER]: typeof at === 'string' ? at : new Date(at).toISOString() },
        });
      expect((await read('/api/blogs/posts/due-in-an-hour')).statusCode).toBe(404);
      expect((await read('/api/blogs/posts/due-in-an-hour', dueAt - 1000)).statusCode).toBe(404);
      expect((await read('/api/blogs/posts/due-in-an-hour', 'not a time')).statusCode).toBe(404);
      const due = await read('/api/blogs/posts/due-in-an-hour', dueAt + 1000);
      expect(due.statusCode).toBe(200);
      expect(due.json().data.status).toBe('published');
      expect(rootOf((await read('/blog', dueAt + 1000)).body)).toContain('<h2>Due in an hour</h2>');
      // Requests without the header still read the real time: nothing was moved for the others.
      expect(rootOf((await read('/blog')).body)).not.toContain('Due in an hour');
      expect((await read('/api/blogs/posts/due-in-an-hour')).statusCode).toBe(404);
    } finally {
      await ctx.close();
      await rm(path.dirname(fixtures.dist), { recursive: true, force: true });
    }
  });
});
