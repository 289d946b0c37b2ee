import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('OpenAPI', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is generated from the zod contracts at /api/docs/json', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Cedar Shop API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/products',
        '/api/products/featured',
        '/api/products/new-arrivals',
        '/api/products/{id}',
        '/api/categories',
        '/api/orders',
        '/api/orders/calculate',
        '/api/orders/{id}',
        '/api/contact',
      ]),
    );
    const listParameters = document.paths['/api/products'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(listParameters).toEqual(expect.arrayContaining(['page', 'limit', 'category', 'sort']));
    const product = document.paths['/api/products/{id}'].get.responses['200'].content['application/json'].schema;
    expect(product.properties.data.properties).toHaveProperty('compare_at_price');
  });

  it('serves the interactive documentation at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('swagger');
  });
});
