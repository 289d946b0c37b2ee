import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// A route that exists only in this test, to reach the shared body parsing and error plumbing
// before the first real POST endpoint exists.
const echoRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/test-echo',
    { schema: { body: z.object({ name: z.string().min(2), qty: z.number().int().positive() }) } },
    async (request) => ({
      data: request.body,
    }),
  );
  // A route with an optional body, as logout has (no body reaches validation as null).
  app.post('/test-optional', { schema: { body: z.object({ note: z.string() }).nullish() } }, async (request) => ({
    data: { body: request.body ?? null },
  }));
  app.get('/test-crash', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
  });
};

describe('API error handling', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ extraApiRoutes: echoRoutes, env: { BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(() => ctx.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api/products/x/y/z']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', errors: [] });
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('lists every bad field of a validation error', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products?page=0&limit=1000&sort=cheapest' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.statusCode).toBe(400);
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['limit', 'page', 'sort']);
    expect(body.message).toContain('limit');

    const bodyErrors = await ctx.app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'x', qty: -1 } });
    expect(bodyErrors.statusCode).toBe(400);
    expect(
      bodyErrors
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['name', 'qty']);
  });

  it('refuses malformed JSON, a non-JSON content type and an oversized body with clear 4xx errors', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Request body is not valid JSON' });

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      payload: { name: 'x'.repeat(5000), qty: 1 },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });

    const ok = await ctx.app.inject({ method: 'POST', url: '/api/test-echo', payload: { name: 'ab', qty: 2 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { name: 'ab', qty: 2 } });
  });

  it('never leaks internals in a 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      errors: [],
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it('turns a database failure into a generic 500', async () => {
    const broken = await createTestApp({
      extraApiRoutes: async (app) => {
        app.get('/test-db', async () => ({ data: await app.db.execute(sql`select 1`) }));
      },
    });
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/test-db' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toMatch(/pglite|closed/i);
    await broken.close();
  });

  it('keeps serving the catalogue from memory while the database is down', async () => {
    const broken = await createTestApp();
    // The first load runs after start (not awaited by buildApp): one read waits for it, then the
    // database goes away and the next read is answered from memory.
    expect((await broken.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination.total).toBe(0);
    await broken.close();
  });

  it('sends security headers on API responses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a too-long path segment with 414 in the error shape, without echoing the URL', async () => {
    const segment = 'x'.repeat(201);
    for (const url of [`/api/products/${segment}`, `/api/categories/${segment}?a=1`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(414);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        message: 'A part of the address is too long (at most 200 characters)',
        statusCode: 414,
        code: 'URI_TOO_LONG',
        errors: [],
      });
      expect(response.body).not.toContain('xxxxxxxxxx');
    }
    // 200 characters is still a path the router matches (a 404 for an unknown product).
    const longest = await ctx.app.inject({ method: 'GET', url: `/api/products/${'x'.repeat(200)}` });
    expect(longest.statusCode).toBe(404);
  });

  it('answers a broken % escape in the path with 400 in the error shape, without echoing the URL', async () => {
    for (const url of ['/api/products/%E0%A4%A', '/api/products/ab%zzcd', '/api/categories/%']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        message: 'The address is not valid: it holds a broken % escape',
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        errors: [],
      });
      expect(response.body).not.toMatch(/%E0|%zz|products/);
    }
    // In a query string a broken escape is kept as typed: a 4xx at worst, never a 500.
    const query = await ctx.app.inject({ method: 'GET', url: '/api/products?search=%E0%A4%A' });
    expect(query.statusCode).toBeLessThan(500);
  });

  it('treats an empty JSON body as no body', async () => {
    for (const payload of ['', '  \n']) {
      const optional = await ctx.app.inject({
        method: 'POST',
        url: '/api/test-optional',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(optional.statusCode, optional.body).toBe(200);
      expect(optional.json()).toEqual({ data: { body: null } });
    }
    // A route that needs a body still answers a clear validation error.
    const required = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '',
    });
    expect(required.statusCode).toBe(400);
    expect(required.json()).toEqual({
      message: 'Request body is required; send a JSON object',
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      errors: [{ path: 'body', message: 'Request body is required; send a JSON object' }],
    });
    // The default parser's other refusals stay.
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/test-optional',
      headers: { 'content-type': 'application/json' },
      payload: '{"note":"a","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
