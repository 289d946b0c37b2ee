import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CONFIG_ELEMENT_ID } from '#shared/constants.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const INLINE_THEME_SCRIPT = "document.documentElement.classList.add('dark')";

// A minimal built web app on disk, shaped like `vite build` output.
async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Cedar Shop</title><script>${INLINE_THEME_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('serving the web app', () => {
  let ctx: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeFixtureDist();
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      env: { SHOP_NAME: 'Beirut Bits', COMPANY_PHONE: '+961 1 000 000', RETURNS_NOTE: 'No returns on cut cables.' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the app at / with the site config embedded as JSON data, never cached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const match = new RegExp(`<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(
      response.body,
    );
    expect(match).not.toBeNull();
    const siteConfig = JSON.parse(match?.[1] ?? '{}');
    expect(siteConfig.shopName).toBe('Beirut Bits');
    expect(siteConfig.company.phone).toBe('+961 1 000 000');
    expect(siteConfig.features.adminPanel).toBe(true);
    // The product page's lines under Add to cart: configured, or the defaults.
    expect(siteConfig.notes.returns).toBe('No returns on cut cables.');
    expect(siteConfig.notes.delivery).toMatch(/Lebanon/);
    expect(siteConfig.notes.warranty).not.toBe('');
    // The product page's "Ask on WhatsApp" dials this (product-page-rules.test.tsx draws the link).
    expect(siteConfig.whatsappNumber).toBe('+961 70 123 456');
    expect(siteConfig.features.whatsapp).toBe(true);
    expect(JSON.stringify(siteConfig)).not.toMatch(/secret|password/i);
  });

  it('sends a CSP that allows only our own scripts', async () => {
    const csp = (await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The shell's one inline script is allowed by its hash, and nothing else inline is.
    const hash = createHash('sha256').update(INLINE_THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp.match(/sha256-/g)).toHaveLength(1);
  });

  it('serves hashed assets with a one-year immutable cache and other files revalidated', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    const robots = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('answers every app route with the shell, and unknown paths with the shell and a 404 status', async () => {
    for (const url of ['/store', '/store?page=2', '/checkout', '/blog']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    // Unknown paths, and product pages and blog posts that do not exist, still render the app; so
    // does /admin, which answers like an unknown path (decision 008: the browser holds the session).
    for (const url of ['/no/such/page', '/product/no-such-product', '/blog/hello', '/admin/orders']) {
      const unknown = await ctx.app.inject({ method: 'GET', url });
      expect(unknown.statusCode, url).toBe(404);
      expect(unknown.body).toContain('<div id="root">');
    }
  });

  it('answers the admin’s addresses with 200 only to a browser whose panel says it holds a session', async () => {
    // The hint cookie the panel sets (#shared/admin-sign-in.ts): without it a deep link's page load
    // was a failed request in the console. Everyone else still gets the unknown path's 404.
    for (const url of ['/admin', '/admin/orders', '/admin/blog/new?x=1']) {
      const hinted = await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'theme=dark; cedar-admin=1' } });
      expect(hinted.statusCode, url).toBe(200);
      expect(hinted.body).toContain('<div id="root">');
      const plain = await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'cedar-admin=0' } });
      expect(plain.statusCode, url).toBe(404);
    }
    // The hint makes nothing else known: an unknown path stays a 404.
    const other = await ctx.app.inject({ method: 'GET', url: '/administrator', headers: { cookie: 'cedar-admin=1' } });
    expect(other.statusCode).toBe(404);
  });

  it('never serves the raw template, and answers missing files with a plain 404', async () => {
    const raw = await ctx.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.statusCode).toBe(404);
    expect(raw.body).not.toContain('/assets/index-abc123.js');
    for (const url of ['/assets/missing-123.js', '/uploads/nope.webp', '/favicon.ico']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('serves uploads with their type, nosniff and a long cache', async () => {
    await mkdir(path.join(ctx.config.paths.uploads, 'seed'), { recursive: true });
    await writeFile(path.join(ctx.config.paths.uploads, 'seed', 'x-800.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    const response = await ctx.app.inject({ method: 'GET', url: '/uploads/seed/x-800.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as JSON 404s next to the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
