import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { categories } from '#server/categories/categories.table.ts';
import { orderItems } from '#server/orders/orders.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import {
  COMPARE_AT_MESSAGE,
  PRODUCT_ARCHIVED_MESSAGE,
  VARIANTS_AND_PRICE_MESSAGE,
} from '#shared/contracts/admin-products.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('admin products', () => {
  let ctx: TestApp;
  let token: string;
  let adminId: string;
  const cat = {} as Record<'parent' | 'child' | 'grandchild' | 'other', string>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { email: 'products-boss@cedar.test', role: 'super_admin' });
    adminId = admin.id;
    token = (await signInAs(ctx.app, admin.email)).token;
    const insert = async (name: string, slug: string, parentId: string | null, isActive = true) => {
      const [row] = await ctx.database.db
        .insert(categories)
        .values({ name, slug, parentId, isActive })
        .returning({ id: categories.id });
      return row?.id as string;
    };
    cat.parent = await insert('Qx Parent', 'qx-parent', null);
    cat.child = await insert('Qx Child', 'qx-child', cat.parent);
    // Inactive categories still filter in the panel: staff see everything.
    cat.grandchild = await insert('Qx Grandchild', 'qx-grandchild', cat.child, false);
    cat.other = await insert('Qx Other', 'qx-other', null);
  });
  afterAll(() => ctx.close());

  const create = (payload: object, base = '/api/admin/products') =>
    ctx.app.inject({ method: 'POST', url: base, headers: bearer(token), payload });
  const update = (id: string, payload: object, base = '/api/admin/products') =>
    ctx.app.inject({ method: 'PUT', url: `${base}/${id}`, headers: bearer(token), payload });
  const remove = (id: string, base = '/api/admin/products') =>
    ctx.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers: bearer(token) });
  const list = (query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/products${query}`, headers: bearer(token) });
  const getOne = (idOrSlug: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/products/${idOrSlug}`, headers: bearer(token) });
  const publicGet = (slug: string) => ctx.app.inject({ method: 'GET', url: `/api/products/${slug}` });
  const made = async (payload: object) => {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  describe('create', () => {
    it('creates a product with a slug and SKU made for it, in the admin shape', async () => {
      const response = await create({
        name: 'Café Crème Sensor',
        price: '12.50',
        cost_price: 7.25,
        stock_quantity: 3,
        category_id: cat.child,
        brand: 'Qxbrand',
        tags: ['Sensor', 'sensor', 'I2C'],
      });
      expect(response.statusCode).toBe(201);
      const product = response.json().data;
      expect(product).toMatchObject({
        name: 'Café Crème Sensor',
        slug: 'cafe-creme-sensor',
        sku: expect.stringMatching(/^CS-[A-Z0-9]{6}$/),
        price: 12.5,
        compare_at_price: null,
        cost_price: 7.25,
        stock_quantity: 3,
        low_stock_threshold: 5,
        stock_state: 'low',
        in_stock: true,
        is_active: true,
        featured: false,
        tags: ['sensor', 'i2c'],
        category_id: cat.child,
        category: { id: cat.child, name: 'Qx Child', slug: 'qx-child' },
      });
      // Read back from the database: the money column holds 12.50 and reads as a number.
      const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
      expect(row?.price).toBe(12.5);
      expect((await getOne(product.id)).json().data).toEqual(product);
      expect((await getOne(product.slug)).json().data.id).toBe(product.id);
    });

    it('appends -2, -3… to a generated slug that is taken', async () => {
      const first = await made({ name: 'Qx Twin Board', price: 5 });
      const second = await made({ name: 'Qx twin board!', price: 5 });
      const third = await made({ name: 'QX Twin  Board', price: 5 });
      expect([first.slug, second.slug, third.slug]).toEqual(['qx-twin-board', 'qx-twin-board-2', 'qx-twin-board-3']);
      expect(new Set([first.sku, second.sku, third.sku]).size).toBe(3);
    });

    it('refuses an explicit slug or SKU that is taken (SKU case-insensitively) with 409', async () => {
      await made({ name: 'Qx Original', slug: 'qx-original', sku: 'QX-ORIG-1', price: 5 });
      const slugClash = await create({ name: 'Another', slug: 'qx-original', price: 5 });
      expect(slugClash.statusCode).toBe(409);
      expect(slugClash.json()).toMatchObject({
        code: 'CONFLICT',
        errors: [{ path: 'slug', message: 'This slug is already used by another product' }],
      });
      const skuClash = await create({ name: 'Another', sku: 'qx-orig-1', price: 5 });
      expect(skuClash.statusCode).toBe(409);
      expect(skuClash.json()).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'sku' }] });
    });

    it('has the database refuse a SKU differing only in case too (two racing requests)', async () => {
      await made({ name: 'Qx Race', sku: 'QX-RACE', price: 5 });
      await expect(
        ctx.database.db.insert(products).values({ name: 'Racer', slug: 'qx-racer', sku: 'qx-race', price: 5 }),
      ).rejects.toThrow();
    });

    it('answers 400 VALIDATION_ERROR naming the field', async () => {
      const cases: [object, string][] = [
        [{ price: 5 }, 'name'],
        [{ name: 'X', price: 0 }, 'price'],
        [{ name: 'X', price: -1 }, 'price'],
        [{ name: 'X', price: 1.234 }, 'price'],
        [{ name: 'X', price: 'cheap' }, 'price'],
        [{ name: 'X', price: { amount: 5 } }, 'price'],
        [{ name: 'X', price: 10, compare_at_price: 10 }, 'compare_at_price'],
        [{ name: 'X', price: 10, compare_at_price: 9 }, 'compare_at_price'],
        [{ name: 'X', price: 10, stock_quantity: -1 }, 'stock_quantity'],
        [{ name: 'X', price: 10, stock_quantity: 1.5 }, 'stock_quantity'],
        [{ name: 'X', price: 10, slug: 'Bad Slug!' }, 'slug'],
        [{ name: 'X', price: 10, slug: 'double--hyphen' }, 'slug'],
        [{ name: 'X', price: 10, category_id: 'nope' }, 'category_id'],
        [{ name: 'X', price: 10, category_id: UNKNOWN_ID }, 'category_id'],
      ];
      for (const [payload, path] of cases) {
        const response = await create(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        const body = response.json();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(
          body.errors.map((error: { path: string }) => error.path),
          JSON.stringify(payload),
        ).toContain(path);
      }
    });

    it('works the same at POST /api/products (staff scope)', async () => {
      const response = await create({ name: 'Qx Staff Made', price: 3 }, '/api/products');
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ slug: 'qx-staff-made', cost_price: null, stock_state: 'out' });
    });
  });

  describe('update', () => {
    it('changes only the fields sent and bumps updated_at', async () => {
      const product = await made({ name: 'Qx Editable', price: 20, compare_at_price: 25, description: 'Old' });
      // A second later on a fake Date (timers stay real): updated_at must move, with no real wait.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 1000);
      const response = await update(product.id, { name: 'Qx Edited', stock_quantity: 50 }).finally(() =>
        vi.useRealTimers(),
      );
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({
        name: 'Qx Edited',
        slug: 'qx-editable',
        price: 20,
        compare_at_price: 25,
        description: 'Old',
        stock_quantity: 50,
        stock_state: 'in',
      });
      expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(product.updated_at));
    });

    it('checks compare_at_price against the merged product', async () => {
      const product = await made({ name: 'Qx Compare', price: 20, compare_at_price: 25 });
      const cheaper = await update(product.id, { price: 30 });
      expect(cheaper.statusCode).toBe(400);
      expect(cheaper.json().errors).toEqual([{ path: 'compare_at_price', message: COMPARE_AT_MESSAGE }]);
      const lower = await update(product.id, { compare_at_price: 15 });
      expect(lower.statusCode).toBe(400);
      expect(lower.json().errors[0].path).toBe('compare_at_price');
      const both = await update(product.id, { price: 30, compare_at_price: null });
      expect(both.statusCode).toBe(200);
      expect(both.json().data).toMatchObject({ price: 30, compare_at_price: null });
    });

    it('keeps slug and SKU unique, ignoring the product itself', async () => {
      const a = await made({ name: 'Qx Unique A', sku: 'QX-UA', price: 1 });
      const b = await made({ name: 'Qx Unique B', sku: 'QX-UB', price: 1 });
      expect((await update(a.id, { slug: a.slug, sku: 'qx-ua' })).statusCode).toBe(200);
      const slugClash = await update(a.id, { slug: b.slug });
      expect(slugClash.statusCode).toBe(409);
      expect(slugClash.json().errors[0].path).toBe('slug');
      const skuClash = await update(a.id, { sku: 'qx-ub' });
      expect(skuClash.statusCode).toBe(409);
      expect(skuClash.json().errors[0].path).toBe('sku');
    });

    it('answers 404 for an unknown id, 400 for an empty body or a bad field, also at /api/products', async () => {
      const product = await made({ name: 'Qx Staff Edit', price: 1 });
      expect((await update(UNKNOWN_ID, { name: 'X' })).json().code).toBe('NOT_FOUND');
      expect((await update(UNKNOWN_ID, { name: 'X' }, '/api/products')).statusCode).toBe(404);
      expect((await update(product.id, {})).statusCode).toBe(400);
      expect((await update(product.id, { price: 'abc' })).json().errors[0].path).toBe('price');
      const staff = await update(product.id, { price: '7.10' }, '/api/products');
      expect(staff.statusCode).toBe(200);
      expect(staff.json().data.price).toBe(7.1);
    });
  });

  describe('delete', () => {
    it('deletes a product no order references: 204, empty body, gone', async () => {
      const product = await made({ name: 'Qx Deletable', price: 1 });
      const response = await remove(product.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await getOne(product.id)).statusCode).toBe(404);
      expect((await remove(product.id)).statusCode).toBe(404);
    });

    it('archives a product an order references instead, and the order keeps its line', async () => {
      const product = await made({ name: 'Qx Ordered', price: 9.99, stock_quantity: 10 });
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: product.id, quantity: 1 }]),
      });
      expect(order.statusCode, order.body).toBe(201);
      expect((await publicGet(product.slug)).statusCode).toBe(200);

      const response = await remove(product.id, '/api/products');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { id: product.id, archived: true }, message: PRODUCT_ARCHIVED_MESSAGE });
      expect((await getOne(product.id)).json().data.is_active).toBe(false);
      expect((await publicGet(product.slug)).statusCode).toBe(404);
    });
  });

  describe('list', () => {
    beforeAll(async () => {
      // Created oldest first: alpha … loose.
      const payloads = [
        {
          name: 'Zylo Alpha',
          price: 10,
          stock_quantity: 0,
          brand: 'Zylocorp',
          category_id: cat.parent,
          featured: true,
        },
        {
          name: 'Zylo Beta',
          price: 30,
          stock_quantity: 4,
          low_stock_threshold: 5,
          brand: 'zylocorp',
          category_id: cat.child,
          is_active: false,
        },
        {
          name: 'Zylo Gamma',
          sku: 'ZY-GAMMA',
          price: 20,
          stock_quantity: 100,
          category_id: cat.grandchild,
          tags: ['zylotag'],
        },
        { name: 'Zylo Delta', price: 40, stock_quantity: 5, category_id: cat.other },
        { name: 'Zylo Loose', price: 50, stock_quantity: 6 },
      ];
      for (const payload of payloads) await made(payload);
    });
    const names = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((product: { name: string }) => product.name);
    };

    it('lists every product, inactive too, newest first with pagination', async () => {
      const response = await list('?search=zylo&limit=2');
      const body = response.json();
      expect(body.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrev: false });
      expect(body.data.map((p: { name: string }) => p.name)).toEqual(['Zylo Loose', 'Zylo Delta']);
      expect(await names('?search=zylo&page=3&limit=2')).toEqual(['Zylo Alpha']);
      expect(await names('?search=zylo&status=inactive')).toEqual(['Zylo Beta']);
      expect((await names('?search=zylo&status=active')).length).toBe(4);
      expect((await list('?limit=0')).statusCode).toBe(400);
      expect((await list('?sort_by=rating')).statusCode).toBe(400);
    });

    it('searches name, SKU, slug, brand and tags case-insensitively', async () => {
      expect(await names('?search=ZY-gam')).toEqual(['Zylo Gamma']);
      expect(await names('?search=ZYLOTAG')).toEqual(['Zylo Gamma']);
      expect(await names('?search=zylo-delta')).toEqual(['Zylo Delta']);
      expect((await names('?search=ZYLOCORP')).sort()).toEqual(['Zylo Alpha', 'Zylo Beta']);
      expect(await names('?search=zylo%25')).toEqual([]);
    });

    it('filters by category with its sub-categories, by none, and an unknown one gives an empty page', async () => {
      const sorted = async (query: string) => (await names(`?search=zylo&${query}`)).sort();
      expect(await sorted(`category=${cat.parent}`)).toEqual(['Zylo Alpha', 'Zylo Beta', 'Zylo Gamma']);
      expect(await sorted('category=qx-child')).toEqual(['Zylo Beta', 'Zylo Gamma']);
      expect(await sorted('category=QX-GRANDCHILD')).toEqual(['Zylo Gamma']);
      expect(await sorted('category=none')).toEqual(['Zylo Loose']);
      const unknown = await list('?category=no-such-category');
      expect(unknown.json()).toMatchObject({ data: [], pagination: { total: 0 } });
    });

    it('filters by brand, stock state and featured', async () => {
      const sorted = async (query: string) => (await names(`?search=zylo&${query}`)).sort();
      expect(await sorted('brand=ZYLOCORP')).toEqual(['Zylo Alpha', 'Zylo Beta']);
      expect(await sorted('stock=out')).toEqual(['Zylo Alpha']);
      expect(await sorted('stock=low')).toEqual(['Zylo Beta', 'Zylo Delta']);
      expect(await sorted('stock=in')).toEqual(['Zylo Gamma', 'Zylo Loose']);
      expect(await sorted('featured=true')).toEqual(['Zylo Alpha']);
      expect((await sorted('featured=false')).length).toBe(4);
      const rows = (await list('?search=zylo&stock=low')).json().data;
      expect(rows.map((p: { stock_state: string }) => p.stock_state)).toEqual(['low', 'low']);
    });

    it('sorts by each field both ways', async () => {
      expect(await names('?search=zylo&sort_by=price&sort_order=asc')).toEqual([
        'Zylo Alpha',
        'Zylo Gamma',
        'Zylo Beta',
        'Zylo Delta',
        'Zylo Loose',
      ]);
      expect(await names('?search=zylo&sort_by=name&sort_order=desc')).toEqual([
        'Zylo Loose',
        'Zylo Gamma',
        'Zylo Delta',
        'Zylo Beta',
        'Zylo Alpha',
      ]);
      expect((await names('?search=zylo&sort_by=stock_quantity&sort_order=desc'))[0]).toBe('Zylo Gamma');
      expect((await names('?search=zylo&sort_by=sku&sort_order=desc'))[0]).toBe('Zylo Gamma');
      expect((await names('?search=zylo&sort_by=created_at&sort_order=asc'))[0]).toBe('Zylo Alpha');
    });

    it('pages through products that share a sort value without repeats (id breaks ties)', async () => {
      for (let i = 0; i < 5; i++) await made({ name: `Tiepage ${i}`, price: 7 });
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const data = (await list(`?search=tiepage&sort_by=price&limit=2&page=${page}`)).json().data;
        seen.push(...data.map((p: { id: string }) => p.id));
      }
      expect(new Set(seen).size).toBe(5);
    });
  });

  describe('storefront freshness', () => {
    it('a product created, changed or deactivated through the admin API shows at once on the storefront', async () => {
      const product = await made({ name: 'Qx Fresh Thing', price: 4, stock_quantity: 2 });
      const visible = await publicGet(product.slug);
      expect(visible.statusCode).toBe(200);
      expect(visible.json().data).toMatchObject({ id: product.id, price: 4 });
      expect((await update(product.id, { price: 6.5 })).statusCode).toBe(200);
      expect((await publicGet(product.slug)).json().data.price).toBe(6.5);
      expect((await update(product.id, { is_active: false })).statusCode).toBe(200);
      expect((await publicGet(product.slug)).statusCode).toBe(404);
      const hidden = await made({ name: 'Qx Fresh Hidden', price: 4, is_active: false });
      expect((await publicGet(hidden.slug)).statusCode).toBe(404);
    });
  });

  describe('audit', () => {
    it('records create, update, delete and archive with before and after', async () => {
      const product = await made({ name: 'Qx Audited', price: 8, sku: 'QX-AUD' });
      await update(product.id, { price: 9 });
      await remove(product.id);
      const rows = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityType, 'product'), eq(auditLogs.entityId, product.id)));
      const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
      expect(Object.keys(byAction).sort()).toEqual(['product.create', 'product.delete', 'product.update']);
      expect(byAction['product.create']).toMatchObject({
        userId: adminId,
        userEmail: 'products-boss@cedar.test',
        before: null,
        after: expect.objectContaining({ name: 'Qx Audited', sku: 'QX-AUD', price: 8 }),
      });
      expect(byAction['product.update']).toMatchObject({ before: { price: 8 }, after: { price: 9 } });
      expect(byAction['product.delete']?.before).toMatchObject({ name: 'Qx Audited', price: 9 });
      const archives = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'product.archive'), like(auditLogs.entityType, 'product')));
      expect(archives[0]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
    });
  });

  describe('variant sets (decision 012)', () => {
    const IMAGES = ['/uploads/qv/pi-1.webp', '/uploads/qv/pi-2.webp', '/uploads/qv/pi-3.webp'];
    const memory = { name: 'Memory', options: ['2 GB', '4 GB', '8 GB'] };
    const row = (value: string, fields: Record<string, unknown> = {}) => ({
      options: { Memory: value },
      price: 45,
      stock_quantity: 10,
      ...fields,
    });
    const piPayload = (sku: string, fields: Record<string, unknown> = {}) => ({
      name: `Qv Pi ${sku}`,
      sku,
      images: IMAGES,
      variations: [memory],
      variants: [
        row('2 GB', { price: 45, stock_quantity: 12, image: IMAGES[0] }),
        row('4 GB', { price: 55, stock_quantity: 3, low_stock_threshold: 4, image: IMAGES[1] }),
        row('8 GB', { price: 75, compare_at_price: 85, stock_quantity: 20, sku: `${sku}-EIGHT`, image: IMAGES[2] }),
      ],
      ...fields,
    });
    const refused = async (response: Awaited<ReturnType<typeof create>>, status = 400) => {
      expect(response.statusCode, response.body).toBe(status);
      return response.json().errors as { path: string; message: string }[];
    };
    /** An order of one unit of the variant (decision 012 §3: a line names its variant). */
    const orderFor = async (productId: string, variantId: string) => {
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: productId, variant_id: variantId, quantity: 1 }]),
      });
      expect(order.statusCode, order.body).toBe(201);
    };

    it('creates a product with three variants: SKUs made for blank ones, prices and stock rolled up', async () => {
      const product = await made(piPayload('QV-PI'));
      expect(product.variants.map((v: { sku: string }) => v.sku)).toEqual(['QV-PI-2-GB', 'QV-PI-4-GB', 'QV-PI-EIGHT']);
      expect(product.variants.map((v: { image: string }) => v.image)).toEqual(IMAGES);
      expect(product).toMatchObject({
        price: 45,
        price_max: 75,
        stock_quantity: 35,
        stock_state: 'low',
        cost_price: null,
      });
      expect(product.variants[1]).toMatchObject({
        options: { Memory: '4 GB' },
        price: 55,
        stock_state: 'low',
        is_active: true,
      });
      const stored = await ctx.database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, product.id));
      expect(stored).toHaveLength(3);
      // The store sees them too.
      const shown = (await publicGet(product.slug)).json().data;
      expect(shown.variants).toHaveLength(3);
      expect(shown.price_max).toBe(75);
    });

    it('updates the price of one variant, adds one and removes one (deleted: no orders)', async () => {
      const product = await made(piPayload('QV-UPD'));
      const [two, four, eight] = product.variants;
      const response = await update(product.id, {
        variations: [{ name: 'Memory', options: ['2 GB', '4 GB', '8 GB', '16 GB'] }],
        variants: [
          { ...two, price: 47 },
          { ...eight },
          row('16 GB', { price: 120, stock_quantity: 2, sort_order: 3 }),
        ].map(({ stock_state, in_stock, ...rest }) => rest),
      });
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json().data;
      expect(after.variants.map((v: { sku: string; price: number }) => [v.sku, v.price])).toEqual([
        [two.sku, 47],
        [eight.sku, 75],
        ['QV-UPD-16-GB', 120],
      ]);
      expect(after.variants[0].id).toBe(two.id);
      expect(after.price).toBe(47);
      expect(after.price_max).toBe(120);
      const ids = (
        await ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, product.id))
      ).map((v) => v.id);
      expect(ids).not.toContain(four.id);
    });

    it('deactivates a removed variant that an order refers to, and the answer shows it', async () => {
      const product = await made(piPayload('QV-ORD'));
      const [two, four, eight] = product.variants;
      await orderFor(product.id, four.id);
      const strip = ({ stock_state, in_stock, ...rest }: Record<string, unknown>) => rest;
      const response = await update(product.id, { variants: [strip(two), strip(eight)] });
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json().data;
      expect(after.variants.map((v: { id: string; is_active: boolean }) => [v.id, v.is_active])).toEqual(
        expect.arrayContaining([
          [two.id, true],
          [four.id, false],
          [eight.id, true],
        ]),
      );
      // The storefront lists active variants only; the sum leaves the inactive one out.
      expect(after.stock_quantity).toBe(32);
      expect((await publicGet(product.slug)).json().data.variants).toHaveLength(2);
      // Sending the combination again revives the kept row instead of colliding with it.
      const revived = await update(product.id, { variants: [strip(two), strip(eight), row('4 GB', { price: 56 })] });
      expect(revived.statusCode, revived.body).toBe(200);
      const again = revived
        .json()
        .data.variants.find((v: { options: { Memory: string } }) => v.options.Memory === '4 GB');
      expect(again).toMatchObject({ id: four.id, sku: four.sku, price: 56, is_active: true });
    });

    it('records the variant changes in the audit log', async () => {
      const product = await made(piPayload('QV-AUD'));
      const strip = ({ stock_state, in_stock, ...rest }: Record<string, unknown>) => rest;
      await update(product.id, {
        variants: [strip({ ...product.variants[0], price: 44 })].concat(product.variants.slice(1).map(strip)),
      });
      const [entry] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'product.update'), eq(auditLogs.entityId, product.id)));
      expect(entry?.before).toMatchObject({
        variants: expect.arrayContaining([expect.objectContaining({ sku: 'QV-AUD-2-GB', price: 45 })]),
      });
      expect(entry?.after).toMatchObject({
        variants: expect.arrayContaining([expect.objectContaining({ sku: 'QV-AUD-2-GB', price: 44 })]),
        variant_changes: { added: [], removed: [], deactivated: [] },
      });
      const [created] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'product.create'), eq(auditLogs.entityId, product.id)));
      expect(created?.after).toMatchObject({ variants: [{}, {}, {}] });
    });

    it('refuses SKUs taken by another product or variant (case-insensitively), and duplicates in the set', async () => {
      await made({ name: 'Qv Other', sku: 'QV-TAKEN', price: 3 });
      const byProduct = await create(piPayload('QV-S1', { variants: [row('2 GB', { sku: 'qv-taken' })] }));
      expect(await refused(byProduct, 409)).toEqual([
        { path: 'variants.0.sku', message: 'This SKU is already used by another product' },
      ]);
      await made(piPayload('QV-S2'));
      const byVariant = await create(
        piPayload('QV-S3', { variants: [row('2 GB'), row('4 GB', { sku: 'qv-s2-2-gb' })] }),
      );
      expect(await refused(byVariant, 409)).toEqual([
        { path: 'variants.1.sku', message: 'This SKU is already used by another product' },
      ]);
      // A product's SKU may not be another product's variant SKU either.
      expect((await create({ name: 'Qv Clash', sku: 'QV-S2-4-GB', price: 3 })).statusCode).toBe(409);
      const twice = await create(
        piPayload('QV-S4', { variants: [row('2 GB', { sku: 'QV-X' }), row('4 GB', { sku: 'qv-x' })] }),
      );
      expect(await refused(twice)).toEqual([
        { path: 'variants.1.sku', message: 'This SKU is already used by another variant' },
      ]);
      const own = await create(piPayload('QV-S5', { variants: [row('2 GB', { sku: 'qv-s5' })] }));
      expect(await refused(own)).toEqual([
        { path: 'variants.0.sku', message: "Only a product's single default variant may use the product's SKU" },
      ]);
      // A blank SKU steps around one that is taken.
      await made({ name: 'Qv Squatter', sku: 'QV-S6-2-GB', price: 3 });
      const stepped = await made(piPayload('QV-S6', { variants: [row('2 GB'), row('4 GB')] }));
      expect(stepped.variants.map((v: { sku: string }) => v.sku)).toEqual(['QV-S6-2-GB-2', 'QV-S6-4-GB']);
    });

    it('refuses variants together with top-level price or stock', async () => {
      const response = await create(piPayload('QV-P1', { price: 10 }));
      expect(await refused(response)).toEqual([{ path: 'variants', message: VARIANTS_AND_PRICE_MESSAGE }]);
      const product = await made(piPayload('QV-P2'));
      const onUpdate = await update(product.id, { stock_quantity: 4, variants: [row('2 GB')] });
      expect(await refused(onUpdate)).toEqual([{ path: 'variants', message: VARIANTS_AND_PRICE_MESSAGE }]);
    });

    it('refuses invalid combinations with the words to fix them', async () => {
      const response = await create(
        piPayload('QV-C1', {
          variants: [
            row('16 GB'),
            { options: { Colour: 'Red', Memory: '2 GB' }, price: 5 },
            row('4 GB', { image: '/uploads/qv/elsewhere.webp' }),
            row('4 GB'),
            { options: {}, price: 5 },
          ],
        }),
      );
      expect(await refused(response)).toEqual([
        { path: 'variants.0.options.Memory', message: 'Memory: choose one of 2 GB, 4 GB, 8 GB' },
        { path: 'variants.1.options.Colour', message: "Colour is not one of this product's variations" },
        { path: 'variants.2.image', message: "Choose one of this product's images" },
        { path: 'variants.3.options', message: 'This combination is already a variant' },
        { path: 'variants.4.options', message: 'A variant without options must be the only active variant' },
      ]);
      const product = await made(piPayload('QV-C2'));
      const foreign = await update(product.id, {
        variants: [{ ...row('2 GB'), id: '00000000-0000-4000-8000-000000000000' }],
      });
      expect(await refused(foreign)).toEqual([
        { path: 'variants.0.id', message: 'This variant is not one of this product’s variants' },
      ]);
      // Changing the variations under stored variants needs the variants with them.
      const shrunk = await update(product.id, { variations: [{ name: 'Memory', options: ['2 GB'] }] });
      expect(await refused(shrunk)).toEqual([
        { path: 'variations', message: 'Some variants no longer match these variations: send the variants with them' },
      ]);
    });

    it('allows at most 100 variants', async () => {
      const values = Array.from({ length: 101 }, (_, i) => `${i + 1} GB`);
      const response = await create(
        piPayload('QV-MAX', {
          variations: [
            { name: 'Memory', options: values.slice(0, 30) },
            { name: 'Speed', options: ['A', 'B', 'C', 'D'] },
          ],
          variants: values.map((value, i) => ({ options: { Memory: value, Speed: 'A' }, price: 1 + i })),
        }),
      );
      expect(await refused(response)).toEqual([{ path: 'variants', message: 'At most 100 variants' }]);
    });

    it("lists by the variants' stock: low when any active variant is low or out, out when all are", async () => {
      const brand = 'Qvstock';
      const soldOutFour = await made(
        piPayload('QV-L1', {
          brand,
          variants: [row('2 GB', { stock_quantity: 40 }), row('4 GB', { stock_quantity: 0 })],
        }),
      );
      const healthy = await made(piPayload('QV-L2', { brand, variants: [row('2 GB', { stock_quantity: 40 })] }));
      // A low variant that is inactive does not make the product low.
      const inactiveLow = await made(
        piPayload('QV-L3', {
          brand,
          variants: [row('2 GB', { stock_quantity: 30 }), row('4 GB', { stock_quantity: 1, is_active: false })],
        }),
      );
      const allOut = await made(
        piPayload('QV-L4', {
          brand,
          variants: [row('2 GB', { stock_quantity: 0 }), row('4 GB', { stock_quantity: 0 })],
        }),
      );
      const lowOne = await made(piPayload('QV-L5', { brand, variants: [row('2 GB', { stock_quantity: 2 })] }));
      const ids = async (query: string) =>
        (await list(`?brand=${brand}&${query}`)).json().data.map((p: { id: string }) => p.id);
      expect(await ids('stock=low&sort_by=stock_quantity&sort_order=asc')).toEqual([lowOne.id, soldOutFour.id]);
      expect(new Set(await ids('stock=in'))).toEqual(new Set([healthy.id, inactiveLow.id]));
      expect(await ids('stock=out')).toEqual([allOut.id]);
      const listed = (await list(`?brand=${brand}&stock=low&sort_by=stock_quantity&sort_order=asc`)).json().data;
      expect(listed.map((p: { stock_state: string }) => p.stock_state)).toEqual(['low', 'low']);
      // The low-stock view can name the variants that need stock.
      expect(
        listed[1].variants
          .filter((v: { stock_state: string }) => v.stock_state !== 'in')
          .map((v: { sku: string }) => v.sku),
      ).toEqual(['QV-L1-4-GB']);
    });

    it('variant saves interleaved with orders of those variants: no deadlock (variants are locked before the product)', async () => {
      const product = await made(
        piPayload('QV-RACE', { variants: [row('2 GB', { stock_quantity: 50 }), row('4 GB', { stock_quantity: 50 })] }),
      );
      const [two, four] = product.variants;
      const strip = ({ stock_state, in_stock, ...rest }: Record<string, unknown>) => rest;
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          if (i % 4 === 3) {
            // A price edit of both variants; the stock sent is what the editor showed.
            return update(product.id, {
              variants: [strip({ ...two, price: 45 + i }), strip({ ...four, price: 60 + i })],
            });
          }
          const variant = i % 2 ? two : four;
          return ctx.app.inject({
            method: 'POST',
            url: '/api/orders',
            payload: orderBody([{ product_id: product.id, variant_id: variant.id, quantity: 1 }]),
          });
        }),
      );
      for (const answer of answers) expect([200, 201], answer.body).toContain(answer.statusCode);
    });

    const strip = ({ stock_state, in_stock, ...rest }: Record<string, unknown>) => rest;
    const variantRows = (productId: string) =>
      ctx.database.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    const cancel = (orderId: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${orderId}`,
        headers: bearer(token),
        payload: { status: 'cancelled' },
      });

    it('splits a shared-stock product that has orders: the default stays inactive, a cancel returns its stock', async () => {
      const product = await made({
        name: 'Qv Ordered Shared',
        sku: 'QV-OS',
        price: 9,
        stock_quantity: 4,
        variations: [memory],
      });
      const [oldDefault] = product.variants;
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: product.id, quantity: 1, selectedVariations: { Memory: '4 GB' } }]),
      });
      expect(order.statusCode, order.body).toBe(201);
      const split = await update(product.id, {
        variants: [row('2 GB'), row('4 GB', { price: 12 }), row('8 GB', { price: 70 })],
      });
      expect(split.statusCode, split.body).toBe(200);
      const after = split.json().data;
      // Staff see every row; the old default is kept, inactive, for the order that refers to it.
      expect(
        after.variants.map((v: { id: string; sku: string; is_active: boolean }) => [v.sku, v.is_active, v.id]),
      ).toEqual(
        expect.arrayContaining([
          ['QV-OS', false, oldDefault.id],
          ['QV-OS-2-GB', true, expect.any(String)],
          ['QV-OS-4-GB', true, expect.any(String)],
          ['QV-OS-8-GB', true, expect.any(String)],
        ]),
      );
      expect(after.variants).toHaveLength(4);
      // The headline is the cheapest ACTIVE variant (not the $9 default); stock sums the active ones.
      expect(after).toMatchObject({ price: 12, price_max: 70, stock_quantity: 30 });
      const [line] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
      expect(line).toMatchObject({ variantId: oldDefault.id, sku: 'QV-OS', selectedVariations: { Memory: '4 GB' } });
      const shop = (await publicGet(product.slug)).json().data;
      expect(shop.variants.map((v: { sku: string }) => v.sku)).toEqual(['QV-OS-2-GB', 'QV-OS-4-GB', 'QV-OS-8-GB']);
      // A cart line without variant_id now buys the combination it names, at its price.
      const priced = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/calculate',
        payload: { items: [{ product_id: product.id, quantity: 1, selectedVariations: { Memory: '4 GB' } }] },
      });
      expect(priced.json().data.items[0]).toMatchObject({ available: true, sku: 'QV-OS-4-GB', unit_price: 12 });

      const cancelled = await cancel(order.json().data.id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const stock = Object.fromEntries(
        (await variantRows(product.id)).map((v) => [v.sku, [v.stockQuantity, v.isActive]]),
      );
      expect(stock).toEqual({
        'QV-OS': [4, false],
        'QV-OS-2-GB': [10, true],
        'QV-OS-4-GB': [10, true],
        'QV-OS-8-GB': [10, true],
      });
      const [rolled] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
      expect(rolled).toMatchObject({ stockQuantity: 30, price: 12 });

      // Back to shared stock: the kept default is revived (same row), unordered combinations go.
      const merged = await update(product.id, { variants: [{ options: {}, price: 11, stock_quantity: 6 }] });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json().data).toMatchObject({
        price: 11,
        stock_quantity: 6,
        variants: [{ id: oldDefault.id, sku: 'QV-OS', options: {}, is_active: true }],
      });
    });

    it('removing a value whose variant has orders deactivates it; re-adding the value revives the same row', async () => {
      const product = await made(piPayload('QV-RV'));
      const [two, four, eight] = product.variants;
      await orderFor(product.id, four.id);
      const fewer = await update(product.id, {
        variations: [{ name: 'Memory', options: ['2 GB', '8 GB'] }],
        variants: [strip(two), strip(eight)],
      });
      expect(fewer.statusCode, fewer.body).toBe(200);
      expect(fewer.json().data.variants.map((v: { id: string; is_active: boolean }) => [v.id, v.is_active])).toEqual(
        expect.arrayContaining([
          [two.id, true],
          [four.id, false],
          [eight.id, true],
        ]),
      );
      expect((await variantRows(product.id)).map((v) => v.id)).toContain(four.id);
      const [line] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
      expect(line?.variantId).toBe(four.id);
      // The editor sends back what it was given: the kept row, inactive, with its removed value.
      const listed = fewer.json().data.variants.map(strip);
      const resent = await update(product.id, {
        variations: [{ name: 'Memory', options: ['2 GB', '8 GB'] }],
        variants: listed,
      });
      expect(resent.statusCode, resent.body).toBe(200);
      // Turning it on again without its value is refused with the values to choose from.
      const revivedWithout = await update(product.id, {
        variants: listed.map((v: { id: string }) => (v.id === four.id ? { ...v, is_active: true } : v)),
      });
      expect(await refused(revivedWithout)).toEqual([
        { path: expect.stringMatching(/^variants\.\d\.options\.Memory$/), message: 'Memory: choose one of 2 GB, 8 GB' },
      ]);

      const again = await update(product.id, {
        variations: [memory],
        variants: [strip(two), strip(eight), row('4 GB', { price: 58 })],
      });
      expect(again.statusCode, again.body).toBe(200);
      const revived = again
        .json()
        .data.variants.find((v: { options: { Memory: string } }) => v.options.Memory === '4 GB');
      expect(revived).toMatchObject({ id: four.id, sku: four.sku, price: 58, is_active: true });
      expect(again.json().data.variants).toHaveLength(3);
    });

    it('keeps stored variants valid when only the product changes: its SKU, its images', async () => {
      const product = await made(piPayload('QV-K1'));
      const own = await update(product.id, { sku: 'qv-k1-2-gb' });
      expect(await refused(own)).toEqual([{ path: 'sku', message: 'One of this product’s variants uses this SKU' }]);
      const renamed = await update(product.id, { sku: 'QV-K1B' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // Variant SKUs stay: they are labels on shelves.
      expect(renamed.json().data.variants.map((v: { sku: string }) => v.sku)).toEqual([
        'QV-K1-2-GB',
        'QV-K1-4-GB',
        'QV-K1-EIGHT',
      ]);
      const fewerImages = await update(product.id, { images: [IMAGES[0]] });
      expect(fewerImages.statusCode, fewerImages.body).toBe(200);
      expect(fewerImages.json().data.variants.map((v: { image: string | null }) => v.image)).toEqual([
        IMAGES[0],
        null,
        null,
      ]);
    });

    it('turns a default-variant product into variants and back, keeping the SKU on the default', async () => {
      const product = await made({
        name: 'Qv Shared',
        sku: 'QV-SH',
        price: 9,
        stock_quantity: 4,
        variations: [memory],
      });
      expect(product.variants).toEqual([expect.objectContaining({ sku: 'QV-SH', options: {} })]);
      const split = await update(product.id, { variants: [row('2 GB'), row('8 GB', { price: 70 })] });
      expect(split.statusCode, split.body).toBe(200);
      expect(split.json().data.variants.map((v: { sku: string }) => v.sku)).toEqual(['QV-SH-2-GB', 'QV-SH-8-GB']);
      const merged = await update(product.id, { variants: [{ options: {}, price: 11, stock_quantity: 6 }] });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json().data).toMatchObject({
        price: 11,
        stock_quantity: 6,
        variants: [{ sku: 'QV-SH', options: {} }],
      });
    });
  });
});
