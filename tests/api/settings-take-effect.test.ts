import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { authSessions } from '#server/auth/sessions.table.ts';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { createProduct } from '../factories/catalogue.ts';
import { lastMailTo } from '../helpers/account-outbox.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, SHOPPER_PASSWORD, signInAs, signUpShopper, TEST_PASSWORD } from '../helpers/auth.ts';
import { reviewBody, reviewsApi } from '../helpers/shopper-reviews.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A built web app of two files: the shell and the web app manifest (with the build's default name). */
async function writeFixtureDist(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Cedar Shop: quality" /><title>Cedar Shop</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({
      name: 'Cedar Shop',
      short_name: 'Cedar Shop',
      start_url: '/',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
    }),
  );
  return dir;
}

/**
 * The shop's settings take effect at once, everywhere (docs/product.md#shop-settings): the site
 * section in the server-drawn HTML, the manifest and the mail; the system section's maintenance
 * mode, reviews switch, low-stock default and staff session length; the security configuration's
 * lockout attempts. Each test changes settings through PUT /api/admin/settings (or
 * /api/admin/security/config) with no restart, and puts the defaults back.
 */
describe('shop settings take effect', () => {
  let ctx: TestApp;
  let dist: string;
  let staffToken: string;
  let admin: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    dist = await writeFixtureDist();
    ctx = await createTestApp({ serveWebApp: true, webDistDir: dist });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    staffToken = (await signInAs(ctx.app, staff.email)).token;
    admin = apiAs(ctx.app, staffToken);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const put = async (patch: object) => {
    const response = await admin('PUT', '/api/admin/settings', patch);
    expect(response.statusCode, response.body).toBe(200);
  };
  beforeEach(async () => {
    await put({ site: { shop_name: 'Cedar Shop' }, system: BUILT_IN_SETTINGS.system });
  });

  it('the shop name reaches the drawn HTML, the manifest and outgoing mail without a restart', async () => {
    const product = await createProduct(ctx.database.db, { name: 'Arduino Uno' });
    await ctx.app.catalogue.fresh();
    // Drawn once with the old name (the shell and any kept page).
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>Cedar Shop</title>');

    await put({ site: { shop_name: 'Byblos Gadgets', description: 'Parts for makers in Byblos' } });

    const home = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain('<title>Byblos Gadgets</title>');
    expect(home).toContain('"shopName":"Byblos Gadgets"');
    const productPage = (await ctx.app.inject({ method: 'GET', url: `/product/${product.slug}` })).body;
    expect(productPage).toMatch(/<title>Arduino Uno · Byblos Gadgets<\/title>/);

    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({
      name: 'Byblos Gadgets',
      short_name: 'Byblos Gadgets',
      description: 'Parts for makers in Byblos',
      icons: [{ src: '/icons/icon-192.png' }],
    });

    const email = 'new-shopper@example.com';
    await signUpShopper(ctx.app, { email });
    expect(await lastMailTo(ctx, email)).toMatch(/^Subject: .*Byblos Gadgets/m);
  });

  it('the logo, social links and time zone reach the site config in the drawn HTML, and the maintenance page shows the logo', async () => {
    const siteConfigOf = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="cedar-site-config">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}',
      );
    const before = siteConfigOf((await ctx.app.inject({ method: 'GET', url: '/' })).body);
    expect(before).toMatchObject({ logoUrl: null, timeZone: 'Asia/Beirut' });

    await put({
      site: {
        logo_url: '/uploads/settings/logo-abc-800.webp',
        social_links: { instagram: 'https://instagram.com/byblosgadgets' },
        time_zone: 'Europe/Paris',
      },
    });
    try {
      const after = siteConfigOf((await ctx.app.inject({ method: 'GET', url: '/store' })).body);
      expect(after.logoUrl).toBe('/uploads/settings/logo-abc-800.webp');
      expect(after.timeZone).toBe('Europe/Paris');
      expect(after.socialLinks).toEqual({
        facebook: '',
        instagram: 'https://instagram.com/byblosgadgets',
        tiktok: '',
        x: '',
        youtube: '',
      });

      await put({ system: { maintenance_mode: true } });
      const closed = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(closed.statusCode).toBe(503);
      expect(closed.body).toContain(
        '<img src="/uploads/settings/logo-abc-800.webp" alt="Cedar Shop" width="200" height="50"',
      );
    } finally {
      await put({
        site: { logo_url: null, social_links: BUILT_IN_SETTINGS.site.social_links, time_zone: 'Asia/Beirut' },
      });
    }
  });

  it('a logo from another server is refused (400 naming the field): the CSP loads pictures from the shop only', async () => {
    const response = await admin('PUT', '/api/admin/settings/site', { logo_url: 'https://cdn.example.com/logo.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'logo_url', message: 'Logo must be a picture uploaded here' }]);
    const html = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('cdn.example.com');
  });

  it('maintenance mode: the storefront answers 503 (page and API), staff keep working', async () => {
    await put({
      system: { maintenance_mode: true },
      site: { shop_name: 'Byblos Gadgets', email: 'hi@byblos.example' },
    });

    const home = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(503);
    expect(home.headers['retry-after']).toBeDefined();
    expect(home.body).toContain('Byblos Gadgets');
    expect(home.body).toContain('hi@byblos.example');
    expect((await ctx.app.inject({ method: 'GET', url: '/store' })).statusCode).toBe(503);

    const products = await ctx.app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(503);
    expect(products.json()).toMatchObject({ statusCode: 503, code: 'MAINTENANCE' });

    // What stays open: the admin's pages, its API, staff calls elsewhere, sign-in, health, the settings.
    expect((await ctx.app.inject({ method: 'GET', url: '/admin' })).statusCode).not.toBe(503);
    expect((await admin('GET', '/api/admin/orders')).statusCode).toBe(200);
    expect((await admin('GET', '/api/products')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data.maintenance_mode).toBe(
      true,
    );
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    await put({ system: { maintenance_mode: false } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });

  it('reviews off: new reviews and votes are refused with 403, on again they are taken', async () => {
    const product = await createProduct(ctx.database.db);
    const shopper = await signUpShopper(ctx.app);
    const reviews = reviewsApi(ctx.app);
    await put({ system: { reviews_enabled: false } });
    const refused = await reviews.create(product.id, shopper.access_token, reviewBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Reviews are turned off in this shop.' });

    await put({ system: { reviews_enabled: true } });
    expect((await reviews.create(product.id, shopper.access_token, reviewBody())).statusCode).toBe(201);
  });

  it('a new product starts with the default low-stock threshold of the settings', async () => {
    await put({ system: { low_stock_threshold: 12 } });
    const created = await admin('POST', '/api/admin/products', {
      name: 'Soldering iron',
      price: 20,
      stock_quantity: 4,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.low_stock_threshold).toBe(12);
    const own = await admin('POST', '/api/admin/products', {
      name: 'Solder wire',
      price: 5,
      stock_quantity: 4,
      low_stock_threshold: 2,
    });
    expect(own.json().data.low_stock_threshold).toBe(2);
  });

  it('the staff session length applies to the next sign-in', async () => {
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const sessionLife = async () => {
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: staff.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      const sessions = await ctx.database.db
        .select({ createdAt: authSessions.createdAt, expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .where(eq(authSessions.userId, staff.id));
      const session = sessions.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
      if (!session) throw new Error('no session');
      return session.expiresAt.getTime() - session.createdAt.getTime();
    };
    await put({ system: { staff_session_length: '12h' } });
    expect(Math.abs((await sessionLife()) - 12 * 3_600_000)).toBeLessThan(60_000);
    await put({ system: { staff_session_length: '30d' } });
    expect(Math.abs((await sessionLife()) - 30 * 86_400_000)).toBeLessThan(60_000);
  });

  it('sign-in attempts before lockout follow the setting, and a parallel burst judges at most that many', async () => {
    // The security configuration's switch (docs/product.md#security-configuration), no longer a system one.
    const security = await admin('PUT', '/api/admin/security/config', { access: { max_login_attempts: 4 } });
    expect(security.statusCode, security.body).toBe(200);
    onTestFinished(async () => {
      await admin('PUT', '/api/admin/security/config', { access: { max_login_attempts: 10 } });
    });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: staff.email, password: 'wrong-password-1' },
        remoteAddress: '10.77.0.1',
      });
    const answers = await Promise.all(Array.from({ length: 12 }, attempt));
    const statuses = answers.map((answer) => answer.statusCode);
    // Judged (401) at most the setting; the rest refused before any password was checked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    // Even the right password now waits.
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: TEST_PASSWORD },
      remoteAddress: '10.77.0.1',
    });
    expect(right.statusCode).toBe(429);
  });

  it('a shopper token does not pass maintenance', async () => {
    const shopper = await signUpShopper(ctx.app, { password: SHOPPER_PASSWORD });
    await put({ system: { maintenance_mode: true } });
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(shopper.access_token) });
    expect(cart.statusCode).toBe(503);
    await put({ system: { maintenance_mode: false } });
  });
});
