import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '#server/categories/categories.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { createProduct, updateDefaultVariant } from '../factories/catalogue.ts';
import { createElectronicsCatalogue } from '../factories/electronics-catalogue.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface ListedCategory {
  id: string;
  slug: string;
  parent_id: string | null;
  product_count: number;
  children?: ListedCategory[];
}

describe('categories', () => {
  let ctx: TestApp;
  let catalogue: Awaited<ReturnType<typeof createElectronicsCatalogue>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    catalogue = await createElectronicsCatalogue(ctx.database.db);
  });
  afterAll(() => ctx.close());

  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('lists every active category by sort order with its parent and product count (sub-categories included)', async () => {
    const { body } = await get('/api/categories');
    const list = body.data as ListedCategory[];
    // By sort_order, then name: Arduino (1) and Development Boards (1), then Cables (2) and Raspberry Pi (2).
    expect(list.map((category) => category.slug)).toEqual(['arduino', 'boards', 'cables', 'raspberry-pi']);
    const bySlug = new Map(list.map((category) => [category.slug, category]));
    expect(bySlug.get('boards')).toMatchObject({ parent_id: null, product_count: 4 });
    expect(bySlug.get('arduino')).toMatchObject({ parent_id: catalogue.categories.boards.id, product_count: 2 });
    expect(bySlug.get('raspberry-pi')?.product_count).toBe(1);
    expect(bySlug.get('cables')?.product_count).toBe(1);
  });

  it('nests the tree under parents, each level by sort order', async () => {
    const { body } = await get('/api/categories/tree');
    const tree = body.data as ListedCategory[];
    expect(tree.map((node) => node.slug)).toEqual(['boards', 'cables']);
    expect(tree[0]?.children?.map((node) => node.slug)).toEqual(['arduino', 'raspberry-pi']);
    expect(tree[0]?.children?.[0]?.children).toEqual([]);
  });

  it('reads one category by id or slug with its ancestors and children; inactive and unknown are 404', async () => {
    const bySlug = await get('/api/categories/arduino');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({
      slug: 'arduino',
      product_count: 2,
      ancestors: [{ slug: 'boards', name: 'Development Boards' }],
      children: [],
    });
    const byId = await get(`/api/categories/${catalogue.categories.boards.id}`);
    expect(byId.body.data.children.map((child: ListedCategory) => child.slug)).toEqual(['arduino', 'raspberry-pi']);
    for (const target of ['hidden', catalogue.categories.hidden.id, 'nope']) {
      const missing = await get(`/api/categories/${target}`);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('NOT_FOUND');
    }
  });
});

describe('the storefront sees catalogue changes at once', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createElectronicsCatalogue(ctx.database.db);
  });
  afterAll(() => ctx.close());

  const search = async (q: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/search', payload: { q } })).json().data as {
      total: number;
      hits: { slug: string; price: number; in_stock: boolean; category: { name: string } | null }[];
    };

  it('after inserts, updates, deactivation and deletes made straight in the database', async () => {
    const db = ctx.database.db;
    const added = await createProduct(db, { name: 'Soldering Station 60W', slug: 'soldering-station', price: 45 });
    expect((await search('soldering')).hits.map((hit) => hit.slug)).toEqual(['soldering-station']);

    await updateDefaultVariant(db, added.id, { price: 39.5, stockQuantity: 0 });
    expect((await search('soldering')).hits[0]).toMatchObject({ price: 39.5, in_stock: false });

    await db.update(products).set({ name: 'Hot Air Rework Station' }).where(eq(products.id, added.id));
    expect((await search('soldering')).total).toBe(0);
    expect((await search('rework')).total).toBe(1);

    await db.update(products).set({ isActive: false }).where(eq(products.id, added.id));
    expect((await search('rework')).total).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products/soldering-station' })).statusCode).toBe(404);

    await db.update(products).set({ isActive: true }).where(eq(products.id, added.id));
    expect((await search('rework')).total).toBe(1);
    await db.delete(products).where(eq(products.id, added.id));
    expect((await search('rework')).total).toBe(0);
  });

  it('after a category is renamed or hidden', async () => {
    const db = ctx.database.db;
    await db.update(categories).set({ name: 'Wires and Leads' }).where(eq(categories.slug, 'cables'));
    const found = await search('leads');
    expect(found.hits.map((hit) => hit.slug)).toEqual(['usb-c-cable-1m']);
    expect(found.hits[0]?.category?.name).toBe('Wires and Leads');

    await db.update(categories).set({ isActive: false }).where(eq(categories.slug, 'cables'));
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json().data as ListedCategory[];
    expect(list.map((category) => category.slug)).not.toContain('cables');
  });

  it('after a statement that changes many products at once', async () => {
    const db = ctx.database.db;
    for (let index = 0; index < 210; index++) {
      await createProduct(db, { name: `Resistor pack ${index}`, slug: `resistor-pack-${index}`, price: 1 });
    }
    expect((await search('resistor')).total).toBe(210);
    await db.update(productVariants).set({ price: 2 }).where(eq(productVariants.price, 1));
    const repriced = await search('resistor');
    expect(repriced.hits.every((hit) => hit.price === 2)).toBe(true);
  });
});
