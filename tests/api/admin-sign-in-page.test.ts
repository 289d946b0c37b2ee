import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SIGN_IN_ELEMENT_ID } from '#shared/admin-sign-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SIGN_IN_PATH = 'back-office-4f2a9c';
const marker = new RegExp(`<script type="application/json" id="${ADMIN_SIGN_IN_ELEMENT_ID}">(.*?)</script>`);

async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Cedar Shop</title><meta name="description" content="Shop"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  return dir;
}

describe('the hidden admin sign-in page', () => {
  let ctx: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeFixtureDist();
    ctx = await createTestApp({ serveWebApp: true, webDistDir: dist, secrets: { adminLoginPath: SIGN_IN_PATH } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves the shell with the path as JSON data, never cached or indexed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/${SIGN_IN_PATH}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const match = marker.exec(response.body);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual({ path: `/${SIGN_IN_PATH}` });
    // The marker sits in the head, and nothing else on the page names the path.
    expect(response.body.indexOf(match?.[0] ?? '')).toBeLessThan(response.body.indexOf('</head>'));
    expect(response.body.split(SIGN_IN_PATH)).toHaveLength(2);
    expect(response.body).not.toMatch(/rel="canonical"|og:url/);
  });

  it('is the only page that contains the path', async () => {
    for (const url of ['/', '/store', '/admin', '/admin/login', '/login', '/robots.txt', '/sitemap.xml', '/no/such']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain(SIGN_IN_PATH);
      expect(response.body, url).not.toContain(ADMIN_SIGN_IN_ELEMENT_ID);
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).not.toContain(SIGN_IN_PATH);
  });

  it('does not exist with the admin panel switched off', async () => {
    const off = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      secrets: { adminLoginPath: SIGN_IN_PATH },
      env: { FEATURE_ADMIN_PANEL: 'false' },
    });
    try {
      const response = await off.app.inject({ method: 'GET', url: `/${SIGN_IN_PATH}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(ADMIN_SIGN_IN_ELEMENT_ID);
    } finally {
      await off.close();
    }
  });
});
