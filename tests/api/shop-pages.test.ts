import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGES_UPDATED_AT, pagesRevision } from '#server/pages/pages.service.ts';
import { shopPages } from '#server/pages/pages.table.ts';
import { SHOP_PAGE_MESSAGES, SHOP_PAGE_SLUGS, type ShopPage } from '#shared/contracts/pages.ts';
import { UNSAFE_TEXT_MESSAGE } from '#shared/contracts/text.ts';
import { apiAs, auditOf } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#fixed-pages: the six fixed pages, their default texts, staff edits and refusals. */
describe('fixed pages', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let staffId: string;
  let shopperToken: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        SHOP_NAME: 'Byblos Bits',
        COMPANY_NAME: 'Byblos Bits & Co SARL',
        COMPANY_PHONE: '+961 9 555 123',
        COMPANY_EMAIL: 'help@byblos.test',
      },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin', name: 'Nour Saad' });
    staffId = admin.id;
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    shopperToken = (await signUpShopper(ctx.app)).access_token;
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const publicPage = async (slug: string): Promise<ShopPage> => {
    const response = await get(`/api/pages/${slug}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('serves the six default texts, written with the configured shop name and contacts, before any save', async () => {
    const list = await get('/api/pages');
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { slug: string; title: string; updated_at: string }[];
    expect(data.map((page) => page.slug)).toEqual([...SHOP_PAGE_SLUGS]);
    expect(data.every((page) => page.updated_at === DEFAULT_PAGES_UPDATED_AT)).toBe(true);
    expect(data[0]?.title).toBe('About Byblos Bits');

    const about = await publicPage('about');
    // Configuration is text: its & is escaped in the HTML.
    expect(about.content).toContain('Byblos Bits &amp; Co SARL');
    expect(about.content).toContain('href="mailto:help@byblos.test"');
    expect(about.content).toContain('href="tel:+9619555123"');
    expect(about.content).not.toContain('Cedar');
    // The note to the merchant and the "(to confirm)" marks are for the admin editor only.
    expect(about.content).not.toContain('Note for the shop');
    expect(about.content).not.toContain('Edit this page in the admin under Pages');
    expect(about.meta_description).toContain('Byblos Bits');

    const delivery = await publicPage('delivery');
    expect(delivery.title).toBe('Delivery');
    expect(delivery.content).toContain('cash on delivery');
    // Delivery costs and VAT come from the settings: the texts point to checkout, naming no figure.
    expect(delivery.content).toContain('The delivery cost depends on your governorate');
    expect(delivery.content).not.toContain('no separate delivery charge');
    const terms = await publicPage('terms');
    expect(terms.content).toContain('VAT is shown at checkout as the shop applies it');
    expect(terms.content).not.toMatch(/11 ?%/);
    expect(delivery.content).not.toContain('to confirm');
    for (const slug of SHOP_PAGE_SLUGS) {
      const page = await publicPage(slug);
      expect(page.content, slug).not.toMatch(/Note for the shop|to confirm/);
      const staffPage = (await api('GET', `/api/admin/pages/${slug}`)).json().data as ShopPage;
      expect(staffPage.content, slug).toContain('<strong>Note for the shop:</strong>');
      expect(page.content.length, slug).toBeGreaterThan(300);
      expect(page.content, slug).not.toMatch(/<script|onerror|javascript:/i);
    }

    const staffDelivery = (await api('GET', '/api/admin/pages/delivery')).json().data as ShopPage;
    expect(staffDelivery.content).toContain('<strong>(to confirm)</strong>');

    const admin = await api('GET', '/api/admin/pages');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toHaveLength(6);
    expect(admin.json().data.every((page: { is_default: boolean }) => page.is_default)).toBe(true);
    expect(await ctx.database.db.select().from(shopPages)).toEqual([]);
  });

  it('saves a page on its first PUT: the fields sent, content sanitised, audited with before and after', async () => {
    const revisionBefore = await pagesRevision(ctx.database.db);
    const response = await api('PUT', '/api/admin/pages/returns', {
      title: '  Returns and refunds  ',
      content:
        '<h2 onclick="x()">Fourteen days</h2><p>Unopened <b>boxes</b> only.</p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
        '<svg><script>alert(4)</script></svg><p style="background:url(javascript:alert(5))">styled</p>' +
        '<a href="&#106;avascript:alert(6)">encoded</a><iframe src="https://evil.test"></iframe>',
      meta_description: 'How to return an item',
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().data as ShopPage;
    expect(saved).toMatchObject({
      slug: 'returns',
      title: 'Returns and refunds',
      meta_title: null,
      meta_description: 'How to return an item',
    });
    expect(saved.updated_at).not.toBe(DEFAULT_PAGES_UPDATED_AT);
    expect(saved.content).toContain('<h2 id="section-fourteen-days">Fourteen days</h2>');
    expect(saved.content).toContain('<strong>boxes</strong>');
    expect(saved.content).not.toMatch(/<script|onerror|onclick|javascript|<svg|style=|<iframe|alert\(/i);

    const [row] = await ctx.database.db.select().from(shopPages).where(eq(shopPages.slug, 'returns'));
    expect(row?.updatedBy).toBe(staffId);
    expect(row?.content).not.toContain('<script');
    expect(await publicPage('returns')).toEqual(saved);

    const [audit] = await auditOf(ctx.database.db, 'shop_page', 'returns');
    expect(audit).toMatchObject({ action: 'shop_page.update', userId: staffId });
    expect(audit?.before).toMatchObject({ title: 'Returns', is_default: true });
    expect(audit?.after).toMatchObject({
      title: 'Returns and refunds',
      content_length: saved.content.length,
      meta_description: 'How to return an item',
      is_default: false,
    });
    expect(JSON.stringify(audit?.after)).not.toContain('Unopened');

    // A later save changes only what it sends; a blank meta field clears it.
    const second = await api('PUT', '/api/admin/pages/returns', { meta_description: '  ' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ title: 'Returns and refunds', meta_description: null });
    expect(second.json().data.content).toBe(saved.content);
    expect(await auditOf(ctx.database.db, 'shop_page', 'returns')).toHaveLength(2);

    const list = (await api('GET', '/api/admin/pages')).json().data as { slug: string; is_default: boolean }[];
    expect(list.find((page) => page.slug === 'returns')?.is_default).toBe(false);
    expect(list.find((page) => page.slug === 'terms')?.is_default).toBe(true);
    expect((await api('GET', '/api/admin/pages/returns')).json().data).toMatchObject({ title: 'Returns and refunds' });
    expect(await pagesRevision(ctx.database.db)).not.toBe(revisionBefore);
  });

  it('cleans stored content again on the way out', async () => {
    await ctx.database.db
      .insert(shopPages)
      .values({ slug: 'warranty', title: 'Warranty', content: '<p>Kept</p><script>alert(1)</script>' });
    const page = await publicPage('warranty');
    expect(page.content).toBe('<p>Kept</p>');
  });

  it('answers 404 in the error shape for any other slug, public and staff', async () => {
    for (const url of ['/api/pages/nope', '/api/pages/About', '/api/admin/pages/nope', '/api/pages/%00about']) {
      const response = url.startsWith('/api/admin') ? await api('GET', url) : await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: SHOP_PAGE_MESSAGES.notFound,
        errors: [],
      });
    }
    // An unknown slug wins over a bad body, and writes nothing.
    const put = await api('PUT', '/api/admin/pages/nope', { title: '' });
    expect(put.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(shopPages).where(eq(shopPages.slug, 'nope'))).toEqual([]);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ content: 42 }, 'content'],
      [{ meta_title: 'x'.repeat(121) }, 'meta_title'],
      [{ meta_description: 'x'.repeat(321) }, 'meta_description'],
      [{ slug: 'other' }, ''],
    ];
    for (const [body, path] of cases) {
      const response = await api('PUT', '/api/admin/pages/about', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      if (path) expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    for (const bad of ['Bad\u0000title', 'Bad\uD800title']) {
      const response = await api('PUT', '/api/admin/pages/about', { title: bad, content: `<p>${bad}</p>` });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ path: 'title', message: UNSAFE_TEXT_MESSAGE });
      expect(response.json().errors).toContainEqual({ path: 'content', message: UNSAFE_TEXT_MESSAGE });
    }
    expect(await ctx.database.db.select().from(shopPages).where(eq(shopPages.slug, 'about'))).toEqual([]);
  });

  it('keeps the staff calls to staff: 401 without a token, 403 for a shopper', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/pages'],
      ['GET', '/api/admin/pages/about'],
      ['PUT', '/api/admin/pages/about'],
    ] as const) {
      const anonymous = await ctx.app.inject({ method, url, payload: method === 'PUT' ? { title: 'Hi' } : undefined });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const shopper = await ctx.app.inject({
        method,
        url,
        headers: bearer(shopperToken),
        payload: method === 'PUT' ? { title: 'Hi' } : undefined,
      });
      expect(shopper.statusCode, `${method} ${url}`).toBe(403);
      expect(shopper.json().code).toBe('FORBIDDEN');
    }
    expect((await publicPage('about')).title).toBe('About Byblos Bits');
  });
});

/** The shell's meta for `/pages/{slug}`, its 404 for other slugs, and the sitemap (docs/product.md#fixed-pages). */
describe('fixed pages in the served HTML and the sitemap', () => {
  let ctx: TestApp;
  let dist: string;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Default description" /><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestApp({
      serveWebApp: true,
      webDistDir: dist,
      env: { SHOP_NAME: 'Beirut Bits', PUBLIC_URL: 'https://shop.example.com' },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('gives each page its title, description and canonical URL; another slug is a 404', async () => {
    const delivery = await page('/pages/delivery');
    expect(delivery.statusCode).toBe(200);
    expect(delivery.body).toContain('<title>Delivery · Beirut Bits</title>');
    expect(delivery.body).toContain('<meta name="description" content="How Beirut Bits delivers across Lebanon');
    expect(delivery.body).toContain('<link rel="canonical" href="https://shop.example.com/pages/delivery">');

    await api('PUT', '/api/admin/pages/terms', {
      meta_title: 'Conditions of sale',
      meta_description: null,
      content: '<p>Prices are in dollars &amp; include nothing hidden.</p>',
    });
    const terms = (await page('/pages/terms')).body;
    expect(terms).toContain('<title>Conditions of sale · Beirut Bits</title>');
    // Without a meta description, the start of the text.
    expect(terms).toContain('<meta name="description" content="Prices are in dollars &amp; include nothing hidden.">');

    // The merchant's note and "(to confirm)" marks, even saved, never reach the drawn page or the public API.
    for (const slug of SHOP_PAGE_SLUGS)
      expect((await page(`/pages/${slug}`)).body, slug).not.toMatch(/Note for the shop|to confirm/);
    await api('PUT', '/api/admin/pages/returns', {
      meta_description: null,
      content:
        '<blockquote><p><strong>Note for the shop:</strong> check the period. Then remove this note.</p></blockquote>' +
        '<p>Returns within 14 days <strong>(to confirm)</strong>.</p>',
    });
    const returns = (await page('/pages/returns')).body;
    expect(returns).toContain('<meta name="description" content="Returns within 14 days.">');
    expect(returns).not.toMatch(/Note for the shop|to confirm|remove this note/);
    const publicReturns = (await page('/api/pages/returns')).json().data.content as string;
    expect(publicReturns).toBe('<p>Returns within 14 days.</p>');
    expect((await api('GET', '/api/admin/pages/returns')).json().data.content).toContain('(to confirm)');

    for (const url of ['/pages/nope', '/pages/About', '/pages/delivery/more']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });

  it('lists the six pages in /sitemap.xml with their last change', async () => {
    const xml = (await page('/sitemap.xml')).body;
    for (const slug of SHOP_PAGE_SLUGS) expect(xml).toContain(`<loc>https://shop.example.com/pages/${slug}</loc>`);
    expect(xml).toContain(
      `<loc>https://shop.example.com/pages/about</loc><lastmod>${DEFAULT_PAGES_UPDATED_AT.slice(0, 10)}</lastmod>`,
    );
  });
});
