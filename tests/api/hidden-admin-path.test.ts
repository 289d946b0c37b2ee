import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Decision 008: the hidden sign-in path is written into one page only, the page at that path.
 * This walks every public answer (API docs and their assets, pages, sitemap, robots.txt, web
 * manifest, service worker, every built file) and looks for it. With a real build in dist/web
 * (the build step makes one) the real files are scanned; without one, a fixture shaped like it.
 */
const SIGN_IN_PATH = 'staff-door-9c41e7';
const REAL_DIST = path.resolve('dist/web');
const REAL_SSR = path.resolve('dist/ssr');
const useRealBuild = existsSync(path.join(REAL_DIST, 'index.html'));

async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Cedar Shop</title><meta name="description" content="Shop"><link rel="manifest" href="/manifest.webmanifest"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'import("/assets/admin-app-abc123.js")');
  await writeFile(path.join(dir, 'assets', 'admin-app-abc123.js'), 'export const admin = true;');
  await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Cedar Shop', start_url: '/' }));
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  return dir;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the hidden admin sign-in path in public answers', () => {
  let ctx: TestApp;
  let dist: string;
  let productSlug: string;
  beforeAll(async () => {
    dist = useRealBuild ? REAL_DIST : await writeFixtureDist();
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      webSsrDir: useRealBuild ? REAL_SSR : undefined,
      env: { ADMIN_LOGIN_PATH: SIGN_IN_PATH },
      secrets: { adminLoginPath: SIGN_IN_PATH },
    });
    productSlug = (await createProduct(ctx.database.db, { name: 'Door Bell Kit', stockQuantity: 5 })).slug;
  });
  afterAll(async () => {
    await ctx.close();
    if (!useRealBuild) await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  /** The URLs a page's HTML loads (src and href), resolved against the page. */
  const linkedFrom = (html: string, pageUrl: string) =>
    [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((match) => new URL(match[1] ?? '', `http://shop.test${pageUrl}`))
      .filter((url) => url.host === 'shop.test')
      .map((url) => `${url.pathname}${url.search}`);

  it('is in the page at the path itself (so the scan below would find a leak)', async () => {
    const page = await get(`/${SIGN_IN_PATH}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(SIGN_IN_PATH);
  });

  it('is in no other public answer: docs, pages, sitemap, robots, manifest, service worker, built files', async () => {
    const docsPage = await get('/api/docs/');
    const docsStatic = await get('/api/docs/static/index.html');
    const urls = new Set([
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/yaml',
      ...linkedFrom(docsPage.body, '/api/docs/'),
      ...linkedFrom(docsStatic.body, '/api/docs/static/index.html'),
      '/api/docs/static/swagger-initializer.js',
      '/',
      '/store',
      '/store?q=door',
      `/product/${productSlug}`,
      '/product/no-such-product',
      '/checkout',
      '/contact',
      '/sitemap.xml',
      '/robots.txt',
      '/manifest.webmanifest',
      '/sw.js',
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/orders',
      '/login',
      '/no/such/page',
      '/assets/missing-123.js',
      '/api/health',
      '/api/products',
      '/api/categories',
      '/api/unknown',
      ...(await filesUnder(dist)).filter((file) => file !== 'index.html').map((file) => `/${file}`),
    ]);
    const seen: string[] = [];
    for (const url of urls) {
      const response = await get(url);
      seen.push(`${response.statusCode} ${url}`);
      expect(response.body, url).not.toContain(SIGN_IN_PATH);
      expect(JSON.stringify(response.headers), url).not.toContain(SIGN_IN_PATH);
    }
    // The scan reached real content, not a wall of 404s.
    for (const url of ['/api/docs/json', '/', `/product/${productSlug}`, '/sitemap.xml', '/sw.js']) {
      expect(seen, url).toContain(`200 ${url}`);
    }
    expect(seen.filter((line) => line.startsWith('200 /assets/')).length).toBeGreaterThan(0);
  });

  it('is not documented: the OpenAPI document lists only /api paths', async () => {
    const document = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    expect(Object.keys(document.paths).filter((route) => !route.startsWith('/api/'))).toEqual([]);
  });

  it('/admin answers exactly like an unknown path (status, type, body), compressed or not', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
      const unknown = await ctx.app.inject({ method: 'GET', url: '/some-unknown-path', headers });
      expect(unknown.statusCode).toBe(404);
      for (const url of ['/admin', '/admin/', '/admin/anything', '/admin/orders/123']) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(unknown.statusCode);
        expect(response.headers['content-type'], url).toBe(unknown.headers['content-type']);
        expect(response.headers['content-encoding'], url).toBe(unknown.headers['content-encoding']);
        expect(response.headers['cache-control'], url).toBe(unknown.headers['cache-control']);
        expect(response.rawPayload.equals(unknown.rawPayload), url).toBe(true);
      }
    }
  });
});
