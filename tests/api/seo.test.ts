import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElectronicsCatalogue } from '../factories/electronics-catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Default description" /><title>Cedar Shop</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The content of `<meta property|name="key" content="…">` in the page. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('link previews, structured data, sitemap and robots.txt', () => {
  let ctx: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await writeFixtureDist();
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      env: { SHOP_NAME: 'Beirut Bits', PUBLIC_URL: 'https://shop.example.com' },
    });
    await createElectronicsCatalogue(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('serves a product page with its own title, description, canonical URL, Open Graph tags and JSON-LD', async () => {
    const response = await page('/product/arduino-uno-r3');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Arduino Uno R3 · Beirut Bits</title>');
    expect(metaContent(html, 'description')).toBe('The classic ATmega328P board for learning electronics.');
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/product/arduino-uno-r3">');
    expect(metaContent(html, 'og:title')).toBe('Arduino Uno R3 · Beirut Bits');
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'product:price:amount')).toBe('24.50');
    expect(metaContent(html, 'product:price:currency')).toBe('USD');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Arduino Uno R3',
      sku: 'ARD-UNO-R3',
      brand: { name: 'Arduino' },
      aggregateRating: { ratingValue: 4.8, reviewCount: 120 },
      offers: { price: '24.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // Only one title and one description: the shell's defaults were replaced, not duplicated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('escapes what a product name could smuggle into the HTML', async () => {
    const { createProduct } = await import('../factories/catalogue.ts');
    await createProduct(ctx.database.db, {
      name: 'Evil "</title><script>alert(1)</script>',
      slug: 'evil',
      description: '</script><script>alert(2)</script>',
    });
    const html = (await page('/product/evil')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('Evil &quot;&lt;/title&gt;');
  });

  it('answers 404 with a not-found title for an unknown or inactive product', async () => {
    for (const slug of ['no-such-thing', 'arduino-secret-prototype']) {
      const response = await page(`/product/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<title>Product not found · Beirut Bits</title>');
    }
  });

  it('gives the store, a category and a search their own titles and a canonical URL without filters', async () => {
    const store = (await page('/store?sort=price_asc&page=2')).body;
    expect(store).toContain('<title>All products · Beirut Bits</title>');
    expect(store).toContain('<link rel="canonical" href="https://shop.example.com/store">');
    const category = (await page('/store?category=arduino&brand=Arduino')).body;
    expect(category).toContain('<title>Arduino · Beirut Bits</title>');
    expect(category).toContain('<link rel="canonical" href="https://shop.example.com/store?category=arduino">');
    expect((await page('/store?q=esp32')).body).toContain('<title>Results for “esp32” · Beirut Bits</title>');
  });

  it('lists the home page, the store, active categories and active products in /sitemap.xml', async () => {
    const response = await page('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    const xml = response.body;
    expect(xml).toContain('<loc>https://shop.example.com/</loc>');
    expect(xml).toContain('<loc>https://shop.example.com/store?category=arduino</loc>');
    expect(xml).toContain('<loc>https://shop.example.com/product/esp32-devkit-v1</loc>');
    expect(xml).not.toContain('arduino-secret-prototype');
    expect(xml).not.toContain('category=hidden');
  });

  it('serves robots.txt that keeps crawlers out of admin, checkout and the API and names the sitemap', async () => {
    const response = await page('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    expect(response.body).not.toContain(ctx.config.ADMIN_LOGIN_PATH ?? 'never-set');
  });
});

describe('links without PUBLIC_URL: never from an untrusted Host header', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await writeFixtureDist();
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  const linksIn = async (ctx: TestApp, host: string) => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host } });
    const product = (await get('/product/arduino-uno-r3')).body;
    return {
      canonical: /<link rel="canonical" href="([^"]*)">/.exec(product)?.[1],
      ogUrl: metaContent(product, 'og:url'),
      jsonLdUrl: JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(product)?.[1] ?? '{}').url,
      sitemap: (await get('/sitemap.xml')).body,
      robots: (await get('/robots.txt')).body,
    };
  };

  it('uses relative links when no host is allowed, whatever the Host header says', async () => {
    const ctx = await createTestApp({ serveWebApp: true, webDistDir: dist });
    try {
      await createElectronicsCatalogue(ctx.database.db);
      const links = await linksIn(ctx, 'evil.example');
      expect(links.canonical).toBe('/product/arduino-uno-r3');
      expect(links.ogUrl).toBe('/product/arduino-uno-r3');
      expect(links.jsonLdUrl).toBe('/product/arduino-uno-r3');
      expect(links.sitemap).toContain('<loc>/product/esp32-devkit-v1</loc>');
      expect(links.robots).toContain('Sitemap: /sitemap.xml');
      expect(JSON.stringify(links)).not.toContain('evil.example');
    } finally {
      await ctx.close();
    }
  });

  it('uses the Host header only when ALLOWED_HOSTS lists it', async () => {
    const ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      env: { ALLOWED_HOSTS: 'Shop.Example.org, localhost:3000' },
    });
    try {
      await createElectronicsCatalogue(ctx.database.db);
      const allowed = await linksIn(ctx, 'shop.example.org');
      expect(allowed.canonical).toBe('http://shop.example.org/product/arduino-uno-r3');
      expect(allowed.sitemap).toContain('<loc>http://shop.example.org/store?category=arduino</loc>');
      expect(allowed.robots).toContain('Sitemap: http://shop.example.org/sitemap.xml');
      expect((await linksIn(ctx, 'localhost:3000')).canonical).toBe('http://localhost:3000/product/arduino-uno-r3');
      const forged = await linksIn(ctx, 'evil.example');
      expect(forged.canonical).toBe('/product/arduino-uno-r3');
      expect(JSON.stringify(forged)).not.toContain('evil.example');
      // A listed name on another port is another host.
      expect((await linksIn(ctx, 'shop.example.org:8080')).canonical).toBe('/product/arduino-uno-r3');
    } finally {
      await ctx.close();
    }
  });
});
