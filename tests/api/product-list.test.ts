import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElectronicsCatalogue } from '../factories/electronics-catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface ListedProduct {
  slug: string;
  sku: string;
  price: number;
  price_max: number;
  stock_quantity: number;
  variants: { sku: string; options: Record<string, string>; price: number; stock_quantity: number }[];
  name: string;
  brand: string | null;
  in_stock: boolean;
  featured: boolean;
  is_active: boolean;
}

describe('GET /api/products filters, sorts and validation', () => {
  let ctx: TestApp;
  let catalogue: Awaited<ReturnType<typeof createElectronicsCatalogue>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    catalogue = await createElectronicsCatalogue(ctx.database.db);
  });
  afterAll(() => ctx.close());

  async function list(query: string) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: ListedProduct[]; pagination: { total: number; totalPages: number } };
  }
  const slugs = (body: { data: ListedProduct[] }) => body.data.map((product) => product.slug);

  it('lists only active products, featured first then newest, by default', async () => {
    const body = await list('');
    expect(slugs(body)).toEqual([
      'raspberry-pi-5-8gb', // featured, Jan 4
      'arduino-uno-r3', // featured, Jan 2
      'esp32-devkit-v1',
      'arduino-nano-every',
      'hidden-gadget',
      'usb-c-cable-1m',
    ]);
    expect(body.data.every((product) => product.is_active)).toBe(true);
    expect(body.pagination.total).toBe(6);
  });

  it('filters by category id or slug, including sub-categories', async () => {
    expect(slugs(await list('?category=boards')).sort()).toEqual(
      ['arduino-nano-every', 'arduino-uno-r3', 'esp32-devkit-v1', 'raspberry-pi-5-8gb'].sort(),
    );
    expect(slugs(await list(`?category=${catalogue.categories.arduino.id}`)).sort()).toEqual([
      'arduino-nano-every',
      'arduino-uno-r3',
    ]);
    // An unknown or inactive category lists nothing rather than everything.
    expect((await list('?category=nope')).pagination.total).toBe(0);
    expect((await list('?category=hidden')).pagination.total).toBe(0);
  });

  it('filters by brand (one, several, any case), featured, in_stock and price range', async () => {
    expect(slugs(await list('?brand=arduino')).sort()).toEqual(['arduino-nano-every', 'arduino-uno-r3']);
    expect(slugs(await list('?brand=Arduino&brand=Espressif'))).toHaveLength(3);
    expect(slugs(await list('?brand=Arduino,Espressif'))).toHaveLength(3);
    expect(slugs(await list('?featured=true'))).toEqual(['raspberry-pi-5-8gb', 'arduino-uno-r3']);
    expect(slugs(await list('?in_stock=false'))).toEqual(['raspberry-pi-5-8gb']);
    expect((await list('?in_stock=true')).data.every((product) => product.in_stock)).toBe(true);
    const ranged = await list('?minPrice=9.99&maxPrice=24.5');
    expect(ranged.data.map((product) => product.price).sort((a, b) => a - b)).toEqual([9.99, 14, 24.5]);
    expect(slugs(await list('?category=boards&brand=Arduino&in_stock=true&maxPrice=20'))).toEqual([
      'arduino-nano-every',
    ]);
  });

  it('searches with q, by relevance unless another sort is asked for', async () => {
    expect(slugs(await list('?q=arduino'))[0]).toMatch(/^arduino-/);
    expect(slugs(await list('?q=arduino')).includes('arduino-secret-prototype')).toBe(false);
    expect(slugs(await list('?q=arduno'))).toContain('arduino-uno-r3');
    expect(slugs(await list('?q=board&sort=price_asc')).at(0)).toBe('usb-c-cable-1m');
  });

  it('sorts by newest, price both ways, name and rating', async () => {
    expect(slugs(await list('?sort=newest')).slice(0, 2)).toEqual(['esp32-devkit-v1', 'arduino-nano-every']);
    const ascending = (await list('?sort=price_asc')).data.map((product) => product.price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list('?sort=price_desc')).data.map((product) => product.price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const names = (await list('?sort=name')).data.map((product) => product.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(slugs(await list('?sort=rating')).slice(0, 2)).toEqual(['raspberry-pi-5-8gb', 'arduino-uno-r3']);
  });

  it('answers each product with its price range and active variants: its default variant only, here', async () => {
    // Decision 012 §4: `price_desc` sorts by price_max, ranges pass on any active variant's price;
    // with only default variants that is each product's one price, as before variants.
    const body = await list('?sort=price_desc');
    expect(body.data.map((product) => product.price_max)).toEqual([80, 24.5, 14, 9.99, 5, 3]);
    for (const product of body.data) {
      expect(product.price_max).toBe(product.price);
      expect(product.variants).toEqual([
        expect.objectContaining({
          sku: product.sku,
          options: {},
          price: product.price,
          stock_quantity: product.stock_quantity,
        }),
      ]);
    }
    expect(slugs(await list('?minPrice=14&maxPrice=14&sort=price_asc'))).toEqual(['arduino-nano-every']);
  });

  it('pages with the pagination envelope and never repeats a product across pages', async () => {
    const first = await list('?limit=4&page=1');
    const second = await list('?limit=4&page=2');
    expect(first.pagination).toEqual({ page: 1, limit: 4, total: 6, totalPages: 2, hasNext: true, hasPrev: false });
    expect(second.pagination).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
    expect(second.data).toHaveLength(2);
    expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(6);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=1000', 'limit'],
    ['?page=0', 'page'],
    ['?sort=cheapest', 'sort'],
    ['?minPrice=50&maxPrice=10', 'minPrice'],
    ['?minPrice=-1', 'minPrice'],
    ['?in_stock=maybe', 'in_stock'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors.map((error: { path: string }) => error.path)).toContain(field);
  });

  it('reads a product by id or slug and 404s inactive and unknown ones', async () => {
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/products/${catalogue.products.uno.id}` });
    expect(byId.json().data).toMatchObject({
      slug: 'arduino-uno-r3',
      category: { slug: 'arduino', name: 'Arduino' },
      compare_at_price: 29.99,
    });
    const bySlug = await ctx.app.inject({ method: 'GET', url: '/api/products/esp32-devkit-v1' });
    expect(bySlug.json().data.id).toBe(catalogue.products.esp.id);
    for (const target of [catalogue.products.inactive.id, 'arduino-secret-prototype', 'no-such-thing']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products/${target}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('lists featured products (default 6) without inactive ones', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/products/featured' })).json();
    expect(body.data.map((product: ListedProduct) => product.slug)).toEqual(['raspberry-pi-5-8gb', 'arduino-uno-r3']);
    const limited = (await ctx.app.inject({ method: 'GET', url: '/api/products/featured?limit=1' })).json();
    expect(limited.data).toHaveLength(1);
  });
});
