import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../factories/catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('catalogue reads (foundation)', () => {
  let ctx: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const boards = await createCategory(db, { name: 'Boards', slug: 'boards', sortOrder: 2 });
    const arduino = await createCategory(db, { name: 'Arduino', slug: 'arduino', parentId: boards.id, sortOrder: 1 });
    await createCategory(db, { name: 'Hidden', slug: 'hidden', isActive: false });
    ids.old = (
      await createProduct(db, { name: 'Old Board', slug: 'old-board', categoryId: boards.id, createdAt: day(1) })
    ).id;
    ids.uno = (
      await createProduct(db, {
        name: 'Arduino Uno R3',
        slug: 'arduino-uno-r3',
        categoryId: arduino.id,
        featured: true,
        price: 24.5,
        compareAtPrice: 29.99,
        stockQuantity: 0,
        specs: [{ key: 'Voltage', value: '5 V' }],
        createdAt: day(2),
      })
    ).id;
    ids.fresh = (await createProduct(db, { name: 'Fresh Sensor', slug: 'fresh-sensor', createdAt: day(3) })).id;
    ids.inactive = (
      await createProduct(db, { name: 'Retired', slug: 'retired', isActive: false, featured: true, createdAt: day(4) })
    ).id;
  });
  afterAll(() => ctx.close());

  it('lists active products in the pagination envelope, featured first then newest', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products?limit=2' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrev: false });
    expect(body.data.map((product: { slug: string }) => product.slug)).toEqual(['arduino-uno-r3', 'fresh-sensor']);

    const second = (await ctx.app.inject({ method: 'GET', url: '/api/products?limit=2&page=2' })).json();
    expect(second.data.map((product: { slug: string }) => product.slug)).toEqual(['old-board']);
    expect(second.pagination).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
  });

  it('returns the storefront fields with numbers as numbers and in_stock agreeing with stock', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/products/arduino-uno-r3' })).json();
    expect(body.data).toMatchObject({
      id: ids.uno,
      name: 'Arduino Uno R3',
      price: 24.5,
      compare_at_price: 29.99,
      stock_quantity: 0,
      in_stock: false,
      featured: true,
      is_active: true,
      category: { name: 'Arduino', slug: 'arduino' },
      specs: [{ key: 'Voltage', value: '5 V' }],
      tags: [],
      images: [],
    });
    expect(typeof body.data.rating).toBe('number');
    expect(body.data.created_at).toBe('2026-01-02T00:00:00.000Z');
  });

  it('finds a product by id or slug, and hides inactive and unknown ones behind a 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${ids.uno}` })).json().data.slug).toBe(
      'arduino-uno-r3',
    );
    for (const key of [ids.inactive, 'retired', 'no-such-product', '00000000-0000-4000-8000-000000000000']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    }
  });

  it('lists featured products without inactive ones', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/products/featured' })).json();
    expect(body.data.map((product: { slug: string }) => product.slug)).toEqual(['arduino-uno-r3']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/featured?limit=0' })).statusCode).toBe(400);
  });

  it('filters by category id or slug, including sub-categories', async () => {
    const bySlug = (await ctx.app.inject({ method: 'GET', url: '/api/products?category=boards' })).json();
    expect(bySlug.data.map((product: { slug: string }) => product.slug).sort()).toEqual([
      'arduino-uno-r3',
      'old-board',
    ]);
    const child = (await ctx.app.inject({ method: 'GET', url: '/api/products?category=arduino&sort=newest' })).json();
    expect(child.data.map((product: { slug: string }) => product.slug)).toEqual(['arduino-uno-r3']);
    const unknown = (await ctx.app.inject({ method: 'GET', url: '/api/products?category=hidden' })).json();
    expect(unknown.data).toEqual([]);
    expect(unknown.pagination.total).toBe(0);
  });

  it('lists active categories by sort order with parent and active product counts (sub-categories included)', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json();
    expect(body.data.map((category: { slug: string }) => category.slug)).toEqual(['arduino', 'boards']);
    const [arduino, boards] = body.data;
    expect(arduino.parent_id).toBe(boards.id);
    expect(arduino.product_count).toBe(1);
    expect(boards.product_count).toBe(2); // Old Board + the Arduino in its sub-category
  });
});
