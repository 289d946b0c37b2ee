import { count, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLogs } from '#server/audit/audit.table.ts';
import { blogCategories, blogPosts } from '#server/blog/blog.table.ts';
import { categories } from '#server/categories/categories.table.ts';
import { contactMessages } from '#server/contact/contact.table.ts';
import { customers } from '#server/customers/customers.table.ts';
import { orders } from '#server/orders/orders.table.ts';
import { shopPages } from '#server/pages/pages.table.ts';
import { products } from '#server/products/products.table.ts';
import { users } from '#server/users/users.table.ts';
import { isSafeText, safeText, UNSAFE_TEXT_MESSAGE } from '#shared/contracts/text.ts';
import { createCategory, createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate) is refused by the
 * shared contracts' one string type (contracts/text.ts) with a 400 naming the field, on every
 * endpoint that takes text, before anything is written. Run on both databases.
 */
const BAD_TEXT = {
  'a NUL byte': 'Bad\u0000text value',
  'a lone high surrogate': 'Bad\uD800text value',
  'a lone low surrogate': 'Bad\uDC00text value',
} as const;

type Method = 'POST' | 'PUT' | 'GET';

/**
 * Paths (in `schema`) of every string a request may carry that is not a safeText(): no safe-text
 * check and no format (uuid, email, date: a format refuses NUL and surrogates by itself).
 */
function unsafeStrings(schema: unknown, path = '', seen = new Set<unknown>()): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const walk = (inner: unknown, suffix = '') => unsafeStrings(inner, `${path}${suffix}`, seen);
  switch (def.type) {
    case 'string': {
      const checks = (def.checks ?? []) as { _zod: { def: { fn?: unknown } } }[];
      const safe = def.format !== undefined || checks.some((check) => check._zod.def.fn === isSafeText);
      return safe ? [] : [path || '(root)'];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, inner]) => walk(inner, `.${key}`));
    case 'array':
      return walk(def.element, '[]');
    case 'record':
      return [...walk(def.keyType, '{key}'), ...walk(def.valueType, '{}')];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    default:
      return [];
  }
}
interface BodyCase {
  name: string;
  method: Method;
  url: () => string;
  /** The request body with `bad` in one text field. */
  body: (bad: string) => object;
  /** The error path that names that field. */
  path: string;
  auth?: boolean;
}

describe('text with NUL bytes or unpaired surrogates', () => {
  let ctx: TestApp;
  let token: string;
  let adminId: string;
  let productId: string;
  let categoryId: string;
  let shirtId: string;

  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ onRoute: (route) => routes.push(route) });
    const db = ctx.database.db;
    const admin = await createUser(db, { email: 'text-boss@cedar.test', role: 'super_admin', name: 'Text Boss' });
    adminId = admin.id;
    token = (await signInAs(ctx.app, admin.email)).token;
    categoryId = (await createCategory(db, { name: 'Text Category' })).id;
    productId = (await createProduct(db, { name: 'Text Product', categoryId })).id;
    shirtId = (
      await createProduct(db, { name: 'Text Shirt', variations: [{ name: 'Color', options: ['Black', 'White'] }] })
    ).id;
  });
  afterAll(() => ctx.close());

  /** Rows in every table these requests could write. */
  async function rowCounts() {
    const db = ctx.database.db;
    const tables = {
      orders,
      contactMessages,
      users,
      products,
      categories,
      customers,
      auditLogs,
      blogPosts,
      blogCategories,
      shopPages,
    };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await db.select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  const line = () => ({ product_id: productId, quantity: 1 });
  const bodyCases: BodyCase[] = [
    // Storefront checkout and its price check.
    {
      name: 'order customer name',
      method: 'POST',
      url: () => '/api/orders',
      path: 'customer.name',
      body: (bad) => orderBody([line()], { customer: { name: bad, phone: '03 123 456' } }),
    },
    {
      name: 'order street',
      method: 'POST',
      url: () => '/api/orders',
      path: 'shipping_address.street',
      body: (bad) => orderBody([line()], { shipping_address: { city: 'Beirut', street: bad } }),
    },
    {
      name: 'order notes',
      method: 'POST',
      url: () => '/api/orders',
      path: 'notes',
      body: (bad) => orderBody([line()], { notes: bad }),
    },
    {
      name: 'order promo code',
      method: 'POST',
      url: () => '/api/orders',
      path: 'promo_code',
      body: (bad) => orderBody([line()], { promo_code: bad }),
    },
    {
      name: 'order variation',
      method: 'POST',
      url: () => '/api/orders',
      path: 'items.0.selectedVariations.Color',
      body: (bad) => orderBody([{ product_id: shirtId, quantity: 1, selectedVariations: { Color: bad } }]),
    },
    {
      name: 'calculate promo code',
      method: 'POST',
      url: () => '/api/orders/calculate',
      path: 'promo_code',
      body: (bad) => ({ items: [line()], promo_code: bad }),
    },
    {
      name: 'calculate variation',
      method: 'POST',
      url: () => '/api/orders/calculate',
      path: 'items.0.selectedVariations.Color',
      body: (bad) => ({ items: [{ product_id: shirtId, quantity: 1, selectedVariations: { Color: bad } }] }),
    },
    // Contact form.
    {
      name: 'contact name',
      method: 'POST',
      url: () => '/api/contact',
      path: 'name',
      body: (bad) => ({ name: bad, email: 'a@example.com', message: 'Hello there, a question.' }),
    },
    {
      name: 'contact subject',
      method: 'POST',
      url: () => '/api/contact',
      path: 'subject',
      body: (bad) => ({ name: 'Rami', email: 'a@example.com', subject: bad, message: 'Hello there, a question.' }),
    },
    {
      name: 'contact message',
      method: 'POST',
      url: () => '/api/contact',
      path: 'message',
      body: (bad) => ({ name: 'Rami', email: 'a@example.com', message: bad }),
    },
    // Accounts.
    {
      name: 'register name',
      method: 'POST',
      url: () => '/api/auth/register',
      path: 'name',
      body: (bad) => ({ email: 'new-text@example.com', password: 'a-good-password-1', name: bad }),
    },
    {
      name: 'register password',
      method: 'POST',
      url: () => '/api/auth/register',
      path: 'password',
      body: (bad) => ({ email: 'new-text@example.com', password: `${bad}-long-1` }),
    },
    {
      name: 'profile name',
      method: 'PUT',
      url: () => '/api/auth/me',
      path: 'name',
      auth: true,
      body: (bad) => ({ name: bad }),
    },
    // Blog writes.
    {
      name: 'blog post title',
      method: 'POST',
      url: () => '/api/blogs/admin/posts',
      path: 'title',
      auth: true,
      body: (bad) => ({ title: bad }),
    },
    {
      name: 'blog post content',
      method: 'POST',
      url: () => '/api/blogs/admin/posts',
      path: 'content',
      auth: true,
      body: (bad) => ({ title: 'Fine title', content: `<p>${bad}</p>` }),
    },
    {
      name: 'blog post tag',
      method: 'POST',
      url: () => '/api/blogs/admin/posts',
      path: 'tags.0',
      auth: true,
      body: (bad) => ({ title: 'Fine title', tags: [bad] }),
    },
    {
      name: 'blog category name',
      method: 'POST',
      url: () => '/api/blogs/admin/categories',
      path: 'name',
      auth: true,
      body: (bad) => ({ name: bad }),
    },
    // Fixed pages.
    {
      name: 'shop page title',
      method: 'PUT',
      url: () => '/api/admin/pages/about',
      path: 'title',
      auth: true,
      body: (bad) => ({ title: bad }),
    },
    {
      name: 'shop page content',
      method: 'PUT',
      url: () => '/api/admin/pages/delivery',
      path: 'content',
      auth: true,
      body: (bad) => ({ content: `<p>${bad}</p>` }),
    },
    {
      name: 'shop page meta description',
      method: 'PUT',
      url: () => '/api/admin/pages/terms',
      path: 'meta_description',
      auth: true,
      body: (bad) => ({ meta_description: bad }),
    },
    // Catalogue writes (admin paths and the public API's own paths).
    {
      name: 'product create name',
      method: 'POST',
      url: () => '/api/admin/products',
      path: 'name',
      auth: true,
      body: (bad) => ({ name: bad, price: 5 }),
    },
    {
      name: 'product create tag',
      method: 'POST',
      url: () => '/api/products',
      path: 'tags.0',
      auth: true,
      body: (bad) => ({ name: 'Fine name', price: 5, tags: [bad] }),
    },
    {
      name: 'product create spec',
      method: 'POST',
      url: () => '/api/admin/products',
      path: 'specs.0.value',
      auth: true,
      body: (bad) => ({ name: 'Fine name', price: 5, specs: [{ key: 'Voltage', value: bad }] }),
    },
    {
      name: 'product update description',
      method: 'PUT',
      url: () => `/api/admin/products/${productId}`,
      path: 'description',
      auth: true,
      body: (bad) => ({ description: bad }),
    },
    {
      name: 'product update brand',
      method: 'PUT',
      url: () => `/api/products/${productId}`,
      path: 'brand',
      auth: true,
      body: (bad) => ({ brand: bad }),
    },
    {
      name: 'product update variation option',
      method: 'PUT',
      url: () => `/api/admin/products/${productId}`,
      path: 'variations.0.options.0',
      auth: true,
      body: (bad) => ({ variations: [{ name: 'Size', options: [bad] }] }),
    },
    {
      name: 'category create name',
      method: 'POST',
      url: () => '/api/admin/categories',
      path: 'name',
      auth: true,
      body: (bad) => ({ name: bad }),
    },
    {
      name: 'category create description',
      method: 'POST',
      url: () => '/api/categories',
      path: 'description',
      auth: true,
      body: (bad) => ({ name: 'Fine', description: bad }),
    },
    {
      name: 'category update name',
      method: 'PUT',
      url: () => `/api/admin/categories/${categoryId}`,
      path: 'name',
      auth: true,
      body: (bad) => ({ name: bad }),
    },
    // Admin-entered orders and customers.
    {
      name: 'admin customer name',
      method: 'POST',
      url: () => '/api/admin/customers',
      path: 'name',
      auth: true,
      body: (bad) => ({ name: bad, phone: '03 555 111' }),
    },
    // Storefront search body.
    { name: 'search q', method: 'POST', url: () => '/api/search', path: 'q', body: (bad) => ({ q: bad }) },
    {
      name: 'search brand filter',
      method: 'POST',
      url: () => '/api/search',
      path: 'filters.brand',
      body: (bad) => ({ q: 'x', filters: { brand: bad } }),
    },
  ];

  for (const [kind, bad] of Object.entries(BAD_TEXT)) {
    it(`refuses ${kind} in every body field with a 400 naming the field, and writes nothing`, async () => {
      const before = await rowCounts();
      for (const testCase of bodyCases) {
        const response = await ctx.app.inject({
          method: testCase.method,
          url: testCase.url(),
          payload: testCase.body(bad),
          headers: testCase.auth ? bearer(token) : {},
        });
        expect(response.statusCode, `${testCase.name}: ${response.body}`).toBe(400);
        const body = response.json();
        expect(body.code, testCase.name).toBe('VALIDATION_ERROR');
        expect(body.errors, testCase.name).toContainEqual({ path: testCase.path, message: UNSAFE_TEXT_MESSAGE });
        expect(body.message, testCase.name).toContain(testCase.path);
      }
      expect(await rowCounts()).toEqual(before);
      const [admin] = await ctx.database.db.select().from(users).where(eq(users.id, adminId));
      expect(admin?.name).toBe('Text Boss');
      const [product] = await ctx.database.db.select().from(products).where(eq(products.id, productId));
      expect(product?.description).toBe('A product made by a test.');
    });
  }

  it('refuses the raw JSON escapes too (\\u0000, a lone \\ud800)', async () => {
    for (const escaped of ['\\u0000', '\\ud800', '\\udfff']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"Ra${escaped}mi","email":"a@example.com","message":"Hello there, a question."}`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'name', message: UNSAFE_TEXT_MESSAGE }]);
    }
    // A well-formed pair (an emoji) is ordinary text.
    const emoji = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Rami \\ud83d\\ude00","email":"a@example.com","message":"Hello there, a question."}',
    });
    expect(emoji.statusCode, emoji.body).toBe(201);
  });

  const searchUrls: { url: (value: string) => string; path: string; auth?: boolean }[] = [
    { url: (v) => `/api/admin/users?search=${v}`, path: 'search', auth: true },
    { url: (v) => `/api/admin/orders?search=${v}`, path: 'search', auth: true },
    { url: (v) => `/api/admin/customers?search=${v}`, path: 'search', auth: true },
    { url: (v) => `/api/admin/products?search=${v}`, path: 'search', auth: true },
    { url: (v) => `/api/admin/products?brand=${v}`, path: 'brand', auth: true },
    { url: (v) => `/api/products?search=${v}`, path: 'search' },
    { url: (v) => `/api/products?q=${v}`, path: 'q' },
    { url: (v) => `/api/products?category=${v}`, path: 'category' },
    { url: (v) => `/api/products?brand=${v}`, path: 'brand' },
    { url: (v) => `/api/search/suggestions?q=${v}`, path: 'q' },
    { url: (v) => `/api/blogs/posts?search=${v}`, path: 'search' },
    { url: (v) => `/api/blogs/posts?tag=${v}`, path: 'tag' },
  ];

  it('refuses %00 in search and filter parameters with a 400 naming the parameter', async () => {
    for (const testCase of searchUrls) {
      const url = testCase.url('ab%00cd');
      const response = await ctx.app.inject({ method: 'GET', url, headers: testCase.auth ? bearer(token) : {} });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().errors, url).toContainEqual({ path: testCase.path, message: UNSAFE_TEXT_MESSAGE });
    }
  });

  it('never answers a 500 to a surrogate encoded into a query string', async () => {
    // A lone surrogate has no UTF-8 form; a sloppy encoder sends its CESU-8 bytes (%ED%A0%80).
    for (const testCase of searchUrls) {
      const url = testCase.url('ab%ED%A0%80cd');
      const response = await ctx.app.inject({ method: 'GET', url, headers: testCase.auth ? bearer(token) : {} });
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
    }
  });

  it('refuses NUL in route parameters and the order token without a 500', async () => {
    for (const url of [
      '/api/products/ab%00cd',
      '/api/categories/ab%00cd',
      '/api/blogs/posts/ab%00cd',
      '/api/blogs/categories/ab%00cd',
      '/api/orders/ab%00cd?token=abcdefabcdefabcdef',
      `/api/orders/00000000-0000-4000-8000-000000000000?token=abcdef%00abcdefabcdef`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
    }
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/admin/products/ab%00cd', headers: bearer(token) });
    expect(admin.statusCode, admin.body).toBeLessThan(500);
  });

  it('takes text only through safeText() on every route of the table (bodies, queries, params, headers)', () => {
    // The walker itself finds a bare z.string() wherever it hides.
    const probe = z.object({
      ok: safeText().trim(),
      id: z.uuid(),
      bare: z.string(),
      list: z.array(z.preprocess((v) => v, z.string().optional())),
      map: z.record(safeText(), z.union([safeText(), z.string()])),
    });
    expect(unsafeStrings(probe)).toEqual(['.bare', '.list[]', '.map{}']);

    const found: string[] = [];
    for (const route of routes) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ['body', 'querystring', 'params', 'headers']) {
        for (const path of unsafeStrings(schema[part])) found.push(`${route.method} ${route.url} ${part}${path}`);
      }
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
