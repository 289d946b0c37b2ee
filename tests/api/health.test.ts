import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/health', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('reports ok, the database kind and the version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 with the error body when the database is down', async () => {
    const down = await createTestApp();
    await down.database.close();
    const response = await down.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'Database is unavailable',
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      errors: [],
    });
    await down.close();
  });
});
