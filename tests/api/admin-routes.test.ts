import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '#server/auth/sessions.table.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { bearer, createUser, signInAs, staffSessionForCustomer } from '../helpers/auth.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

interface Route {
  method: HTTPMethods;
  url: string;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * docs/product.md#who-may-call-what: every /api/admin/** route needs a staff bearer token. This walks
 * the real route table, so a route added later without the admin scope fails here.
 */
describe('every /api/admin route and every catalogue write is staff-only', () => {
  let ctx: TestApp;
  const routes: Route[] = [];
  const tokens = {} as Record<'otherSecret' | 'expired' | 'algNone' | 'customer' | 'staff', string>;

  beforeAll(async () => {
    ctx = await createTestApp({
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url });
      },
    });
    const staff = await createUser(ctx.database.db, { role: 'super_admin' });
    const customer = await createUser(ctx.database.db, { role: 'customer' });
    tokens.staff = (await signInAs(ctx.app, staff.email)).token;
    tokens.customer = await staffSessionForCustomer(ctx.app, customer);
    const [session] = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, staff.id));
    const claims = { sub: staff.id, role: staff.role, sid: session?.familyId as string };
    tokens.otherSecret = await signAccessToken(claims, 'not-the-server-secret-but-long-enough-0123', 60_000);
    tokens.expired = await signAccessToken(claims, TEST_SECRETS.jwtSecret, 60_000, Date.now() - 3_600_000);
    const now = Math.floor(Date.now() / 1000);
    tokens.algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      ...claims,
      iss: 'cedar-shop',
      iat: now,
      exp: now + 600,
    })}.`;
  });
  afterAll(() => ctx.close());

  const under = (url: string, base: string) => url === base || url.startsWith(`${base}/`);
  /**
   * Every /api/admin route, plus the staff-only calls outside /admin
   * (docs/product.md#who-may-call-what): uploads, the blog's /blogs/admin, and every write on
   * /products and /categories (their reads are public).
   */
  const adminRoutes = () =>
    routes.filter(
      (route) =>
        under(route.url, '/api/admin') ||
        under(route.url, '/api/upload') ||
        under(route.url, '/api/blogs/admin') ||
        ((under(route.url, '/api/products') || under(route.url, '/api/categories')) &&
          !['GET', 'HEAD'].includes(route.method)),
    );
  const urlOf = (route: Route) => route.url.replace(/:[A-Za-z_]+/g, randomUUID());
  const call = (route: Route, headers: Record<string, string> = {}, payload?: string) =>
    ctx.app.inject({
      method: route.method,
      url: urlOf(route),
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload,
    });

  it('sees the admin routes', () => {
    const seen = adminRoutes().map((route) => `${route.method} ${route.url}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/users',
        'GET /api/admin/customers/lookup',
        'GET /api/admin/orders/:id/messages',
        'POST /api/admin/orders/:id/messages/:messageId/retry',
        'POST /api/admin/orders/:id/out-for-delivery',
        'GET /api/admin/orders/export',
        'POST /api/admin/orders/bulk-update',
        'GET /api/admin/reports',
        'PUT /api/admin/users/:id/status',
        'GET /api/admin/products',
        'POST /api/admin/products',
        'PUT /api/admin/products/:id',
        'DELETE /api/admin/products/:id',
        'POST /api/admin/products/bulk',
        'GET /api/admin/products/stats',
        'POST /api/products',
        'PUT /api/products/:id',
        'DELETE /api/products/:id',
        'GET /api/admin/categories',
        'POST /api/admin/categories',
        'PUT /api/admin/categories/:id',
        'DELETE /api/admin/categories/:id',
        'POST /api/admin/categories/reorder',
        'GET /api/admin/categories/stats',
        'POST /api/categories',
        'POST /api/categories/:id',
        'PUT /api/categories/:id',
        'DELETE /api/categories/:id',
        'POST /api/upload/images',
        'DELETE /api/upload/images/:id',
        'GET /api/blogs/admin/posts',
        'POST /api/blogs/admin/posts',
        'GET /api/blogs/admin/posts/:id',
        'PUT /api/blogs/admin/posts/:id',
        'DELETE /api/blogs/admin/posts/:id',
        'GET /api/blogs/admin/categories',
        'POST /api/blogs/admin/categories',
        'PUT /api/blogs/admin/categories/:id',
        'DELETE /api/blogs/admin/categories/:id',
        'GET /api/admin/pages',
        'GET /api/admin/pages/:slug',
        'PUT /api/admin/pages/:slug',
        'GET /api/admin/settings',
        'PUT /api/admin/settings',
        'POST /api/admin/settings/email/test',
        'POST /api/admin/settings/email/test-text',
        'GET /api/admin/settings/email/preview',
        'POST /api/admin/settings/email/preview',
        'GET /api/admin/security/config',
        'PUT /api/admin/security/config',
        'GET /api/admin/security/ip-whitelist',
        'POST /api/admin/security/ip-whitelist',
        'DELETE /api/admin/security/ip-whitelist/:id',
        'GET /api/admin/security/alerts',
        'POST /api/admin/security/alerts/:id/resolve',
        ...['site', 'payment', 'shipping', 'tax', 'email', 'system'].flatMap((section) => [
          `GET /api/admin/settings/${section}`,
          `PUT /api/admin/settings/${section}`,
        ]),
      ]),
    );
  });

  it('answers 401 without a token, with garbage, a foreign signature, an expired token or alg none', async () => {
    const unauthorized = { message: AUTH_MESSAGES.unauthorized, statusCode: 401, code: 'UNAUTHORIZED', errors: [] };
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.url}`;
      const isHead = route.method === 'HEAD';
      const check = async (headers: Record<string, string>, code = 'UNAUTHORIZED') => {
        const response = await call(route, headers);
        expect(response.statusCode, `${label} ${JSON.stringify(headers)}`).toBe(401);
        if (!isHead) expect(response.json().code, label).toBe(code);
      };
      const anonymous = await call(route);
      expect(anonymous.statusCode, label).toBe(401);
      if (!isHead) expect(anonymous.json(), label).toEqual(unauthorized);
      await check({ authorization: 'Bearer not-a-jwt' });
      await check({ authorization: 'Basic YWRtaW46YWRtaW4=' });
      await check(bearer(tokens.otherSecret));
      await check(bearer(tokens.algNone));
      await check(bearer(tokens.expired), 'TOKEN_EXPIRED');
    }
  });

  it("answers 403 to a customer's valid token", async () => {
    for (const route of adminRoutes()) {
      const response = await call(route, bearer(tokens.customer));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method !== 'HEAD') {
        expect(response.json()).toEqual({
          message: AUTH_MESSAGES.forbidden,
          statusCode: 403,
          code: 'FORBIDDEN',
          errors: [],
        });
      }
    }
  });

  it('checks the token before the body: a malformed body still gets 401 (403 for customers), never 400', async () => {
    const withBody = adminRoutes().filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    expect(withBody.length).toBeGreaterThan(0);
    for (const route of withBody) {
      const label = `${route.method} ${route.url}`;
      expect((await call(route, {}, '{"broken":')).statusCode, label).toBe(401);
      expect((await call(route, {}, '{"unexpected":"shape"}')).statusCode, label).toBe(401);
      expect((await call(route, bearer(tokens.customer), '{"broken":')).statusCode, label).toBe(403);
    }
  });

  it('lets staff in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(tokens.staff) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('admin panel flag off', () => {
  it('has no admin routes, but sign-in still works', async () => {
    const ctx = await createTestApp({ env: { FEATURE_ADMIN_PANEL: 'false' } });
    try {
      const user = await createUser(ctx.database.db);
      const { token } = await signInAs(ctx.app, user.email);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
      expect(response.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
