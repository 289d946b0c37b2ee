import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/** The home page's New arrivals (issue 20): never a featured product, in-stock ones first. */
describe('GET /products/new-arrivals', () => {
  let ctx: TestApp;
  const slugs = async (url: string) =>
    (await ctx.app.inject({ method: 'GET', url })).json().data.map((product: { slug: string }) => product.slug);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await createProduct(db, { name: 'Oldest', slug: 'oldest', createdAt: day(1) });
    await createProduct(db, { name: 'Sold Out New', slug: 'sold-out-new', stockQuantity: 0, createdAt: day(6) });
    await createProduct(db, { name: 'Featured Newest', slug: 'featured-newest', featured: true, createdAt: day(7) });
    await createProduct(db, { name: 'Middle', slug: 'middle', createdAt: day(4) });
    await createProduct(db, { name: 'Newer', slug: 'newer', createdAt: day(5) });
    await createProduct(db, { name: 'Retired', slug: 'retired', isActive: false, createdAt: day(8) });
  });
  afterAll(() => ctx.close());

  it('lists the newest products that are not featured, those in stock before the sold-out ones', async () => {
    expect(await slugs('/api/products/new-arrivals?limit=8')).toEqual(['newer', 'middle', 'oldest', 'sold-out-new']);
  });

  it('fills the limit with products in stock when there are enough', async () => {
    expect(await slugs('/api/products/new-arrivals?limit=2')).toEqual(['newer', 'middle']);
  });

  it('never shares a product with the featured list', async () => {
    const featured = await slugs('/api/products/featured?limit=24');
    const arrivals = await slugs('/api/products/new-arrivals?limit=24');
    expect(featured).toEqual(['featured-newest']);
    expect(arrivals.filter((slug: string) => featured.includes(slug))).toEqual([]);
  });

  it('refuses a limit out of range', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/new-arrivals?limit=0' })).statusCode).toBe(400);
  });
});
