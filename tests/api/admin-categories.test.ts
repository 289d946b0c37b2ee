import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { categories } from '#server/categories/categories.table.ts';
import { products } from '#server/products/products.table.ts';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const UNDER_ITSELF = 'A category cannot be moved under itself or one of its sub-categories';

describe('admin categories', () => {
  let ctx: TestApp;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'super_admin' });
    token = (await signInAs(ctx.app, admin.email)).token;
  });
  afterAll(() => ctx.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const create = async (payload: object, url = '/admin/categories') => {
    const response = await api('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as AdminCategory;
  };
  const adminList = async () =>
    (await api('GET', '/admin/categories?include_inactive=true')).json().data as AdminCategory[];
  const publicList = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/categories' })).json().data as { id: string; name: string }[];
  const auditFor = (action: string) => ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, action));

  it('creates with a slug from the name, suffixed when taken, and sort order after the last sibling', async () => {
    const first = await create({ name: 'Sensors & Modules' });
    expect(first).toMatchObject({
      name: 'Sensors & Modules',
      slug: 'sensors-modules',
      description: '',
      image: null,
      parent_id: null,
      is_active: true,
      product_count: 0,
      active_product_count: 0,
      child_count: 0,
    });
    const second = await create({ name: 'Sensors  modules' }, '/categories');
    expect(second.slug).toBe('sensors-modules-2');
    expect(second.sort_order).toBe(first.sort_order + 1);
    expect((await create({ name: 'Sensors-Modules' })).slug).toBe('sensors-modules-3');
  });

  it('refuses a taken explicit slug with 409 naming the slug field, and bad bodies with 400', async () => {
    await create({ name: 'Motors', slug: 'motors' });
    const taken = await api('POST', '/admin/categories', { name: 'Other motors', slug: 'Motors' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', errors: [{ path: 'slug' }] });

    const empty = await api('POST', '/admin/categories', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'name', message: 'Name is required' }]);
    const badSlug = await api('POST', '/admin/categories', { name: 'X', slug: 'no spaces!' });
    expect(badSlug.json().errors[0].path).toBe('slug');
    const script = await api('POST', '/admin/categories', { name: 'X', image: 'javascript:alert(1)' });
    expect(script.json().errors[0].path).toBe('image');
    const missingParent = await api('POST', '/admin/categories', { name: 'Orphan', parent_id: randomUUID() });
    expect(missingParent.statusCode).toBe(400);
    expect(missingParent.json().errors[0].path).toBe('parent_id');
    expect((await api('PUT', `/admin/categories/${randomUUID()}`, { name: 'Nope' })).statusCode).toBe(404);
    expect((await api('PUT', '/admin/categories/not-a-uuid', { name: 'Nope' })).statusCode).toBe(400);
    const nothing = await api('PUT', `/admin/categories/${randomUUID()}`, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('creates sub-categories with POST /categories/:id (the path wins over the body) and limits depth', async () => {
    const root = await create({ name: 'Depth root' });
    const other = await create({ name: 'Depth other' });
    const level2 = await create({ name: 'Depth 2', parent_id: other.id }, `/categories/${root.id}`);
    expect(level2.parent_id).toBe(root.id);
    const level3 = await create({ name: 'Depth 3' }, `/categories/${level2.id}`);
    const level4 = await create({ name: 'Depth 4', parent_id: level3.id });
    const tooDeep = await api('POST', `/categories/${level4.id}`, { name: 'Depth 5' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors[0].path).toBe('parent_id');
    expect((await api('POST', `/categories/${randomUUID()}`, { name: 'Lost' })).statusCode).toBe(404);
    // Moving a two-level branch under level 3 would make it five deep.
    const branch = await create({ name: 'Branch' });
    await create({ name: 'Branch child', parent_id: branch.id });
    const move = await api('PUT', `/admin/categories/${branch.id}`, { parent_id: level3.id });
    expect(move.statusCode).toBe(400);
    expect((await api('PUT', `/admin/categories/${branch.id}`, { parent_id: level2.id })).statusCode).toBe(200);
  });

  it('refuses to move a category under itself or a descendant; a partial update leaves other fields alone', async () => {
    const parent = await create({ name: 'Cycle parent', description: 'Keep me' });
    const child = await create({ name: 'Cycle child', parent_id: parent.id });
    const grandchild = await create({ name: 'Cycle grandchild', parent_id: child.id });
    for (const target of [parent.id, grandchild.id]) {
      const response = await api('PUT', `/categories/${parent.id}`, { parent_id: target });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: UNDER_ITSELF,
        errors: [{ path: 'parent_id', message: UNDER_ITSELF }],
      });
    }
    const renamed = await api('PUT', `/admin/categories/${child.id}`, { name: 'Cycle child renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Cycle child renamed',
      slug: 'cycle-child',
      parent_id: parent.id,
      child_count: 1,
    });
    const updated = await api('PUT', `/categories/${parent.id}`, { is_active: false });
    expect(updated.json().data).toMatchObject({ is_active: false, description: 'Keep me' });
    const [audit] = (await auditFor('category.update')).filter((row) => row.entityId === parent.id);
    expect(audit?.before).toMatchObject({ is_active: true });
    expect(audit?.after).toMatchObject({ is_active: false });
  });

  it('lists parents before children with direct and storefront counts', async () => {
    const top = await create({ name: 'Count top', sort_order: 0 });
    const sub = await create({ name: 'Count sub', parent_id: top.id });
    const hidden = await create({ name: 'Count hidden', parent_id: top.id, is_active: false });
    const db = ctx.database.db;
    await createProduct(db, { categoryId: top.id });
    await createProduct(db, { categoryId: top.id, isActive: false });
    await createProduct(db, { categoryId: sub.id });
    await createProduct(db, { categoryId: sub.id });
    await createProduct(db, { categoryId: hidden.id });
    const list = await adminList();
    const ids = list.map((category) => category.id);
    for (const category of list) {
      if (category.parent_id) expect(ids.indexOf(category.parent_id)).toBeLessThan(ids.indexOf(category.id));
    }
    const find = (id: string) => list.find((category) => category.id === id);
    expect(find(top.id)).toMatchObject({ product_count: 2, active_product_count: 3, child_count: 2 });
    expect(find(sub.id)).toMatchObject({ product_count: 2, active_product_count: 2, child_count: 0 });
    expect(find(hidden.id)).toMatchObject({ product_count: 1, active_product_count: 1, is_active: false });
    const activeOnly = (await api('GET', '/admin/categories')).json().data as AdminCategory[];
    expect(activeOnly.some((category) => category.id === hidden.id)).toBe(false);
    // The storefront agrees on the active count.
    const publicTop = (await publicList()).find((category) => category.id === top.id) as unknown as {
      product_count: number;
    };
    expect(publicTop.product_count).toBe(3);
  });

  it('deletes an empty category with 204 and audits it', async () => {
    const empty = await create({ name: 'Delete empty' });
    const response = await api('DELETE', `/admin/categories/${empty.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api('DELETE', `/admin/categories/${empty.id}`)).statusCode).toBe(404);
    const [audit] = (await auditFor('category.delete')).filter((row) => row.entityId === empty.id);
    expect(audit?.before).toMatchObject({ name: 'Delete empty' });
  });

  it('refuses to delete a category with products or children unless move_to says where they go', async () => {
    const db = ctx.database.db;
    const doomed = await create({ name: 'Doomed' });
    const child = await create({ name: 'Doomed child', parent_id: doomed.id });
    const grandchild = await create({ name: 'Doomed grandchild', parent_id: child.id });
    const target = await create({ name: 'Target' });
    const items = await Promise.all([
      createProduct(db, { categoryId: doomed.id }),
      createProduct(db, { categoryId: doomed.id, isActive: false }),
      createProduct(db, { categoryId: doomed.id }),
    ]);
    const refused = await api('DELETE', `/admin/categories/${doomed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This category has 3 products and 1 sub-category. Choose where they go (move_to) before deleting it.',
    );
    for (const bad of [doomed.id, grandchild.id, randomUUID()]) {
      const response = await api('DELETE', `/categories/${doomed.id}?move_to=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors[0].path).toBe('move_to');
    }
    expect((await api('DELETE', `/categories/${doomed.id}?move_to=somewhere`)).statusCode).toBe(400);

    expect((await api('DELETE', `/categories/${doomed.id}?move_to=${target.id}`)).statusCode).toBe(204);
    const moved = await db.select().from(products).where(eq(products.categoryId, target.id));
    expect(moved.map((row) => row.id).sort()).toEqual(items.map((row) => row.id).sort());
    const [childRow] = await db.select().from(categories).where(eq(categories.id, child.id));
    expect(childRow?.parentId).toBe(target.id);
  });

  it('move_to=none leaves products uncategorised and children at the top level', async () => {
    const db = ctx.database.db;
    const doomed = await create({ name: 'Doomed none' });
    const child = await create({ name: 'Doomed none child', parent_id: doomed.id });
    const item = await createProduct(db, { categoryId: doomed.id });
    const refused = await api('DELETE', `/admin/categories/${doomed.id}`);
    expect(refused.json().message).toBe(
      'This category has 1 product and 1 sub-category. Choose where they go (move_to) before deleting it.',
    );
    expect((await api('DELETE', `/admin/categories/${doomed.id}?move_to=none`)).statusCode).toBe(204);
    const [productRow] = await db.select().from(products).where(eq(products.id, item.id));
    expect(productRow?.categoryId).toBeNull();
    const [childRow] = await db.select().from(categories).where(eq(categories.id, child.id));
    expect(childRow?.parentId).toBeNull();
  });

  it('reorders in one transaction, and the storefront shows the new order at once', async () => {
    const a = await create({ name: 'Order A', sort_order: 1000 });
    const b = await create({ name: 'Order B', sort_order: 1001 });
    const c = await create({ name: 'Order C', sort_order: 1002 });
    const order = async () =>
      (await publicList()).map((category) => category.id).filter((id) => [a.id, b.id, c.id].includes(id));
    expect(await order()).toEqual([a.id, b.id, c.id]);

    const response = await api('POST', '/admin/categories/reorder', {
      categoryOrders: [
        { id: c.id, sort_order: 1000 },
        { id: a.id, sort_order: 1001 },
        { id: b.id, sort_order: 1002, parent_id: c.id },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data as AdminCategory[];
    expect(list.find((category) => category.id === b.id)).toMatchObject({ parent_id: c.id, sort_order: 1002 });
    expect(list.length).toBe((await adminList()).length);
    expect(await order()).toEqual([c.id, a.id, b.id]);
    const [audit] = await auditFor('category.reorder');
    expect(audit?.after).toEqual(expect.arrayContaining([{ id: b.id, sort_order: 1002, parent_id: c.id }]));
    expect(audit?.before).toEqual(expect.arrayContaining([{ id: b.id, sort_order: 1001, parent_id: null }]));
  });

  it('reorder changes nothing when an id is unknown, a loop would form, or a branch gets too deep', async () => {
    const a = await create({ name: 'Reorder A', sort_order: 5 });
    const b = await create({ name: 'Reorder B', parent_id: a.id });
    const before = await adminList();
    const missing = randomUUID();
    const unknown = await api('POST', '/admin/categories/reorder', {
      categoryOrders: [
        { id: a.id, sort_order: 99 },
        { id: missing, sort_order: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain(missing);
    expect(unknown.json().errors).toEqual([{ path: 'categoryOrders.1.id', message: expect.stringContaining(missing) }]);

    const loop = await api('POST', '/admin/categories/reorder', {
      categoryOrders: [
        { id: b.id, sort_order: 3 },
        { id: a.id, sort_order: 99, parent_id: b.id },
      ],
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({ message: UNDER_ITSELF, errors: [{ path: 'categoryOrders.1.parent_id' }] });

    const d1 = await create({ name: 'Deep 1' });
    const d2 = await create({ name: 'Deep 2', parent_id: d1.id });
    const d3 = await create({ name: 'Deep 3', parent_id: d2.id });
    const deep = await api('POST', '/admin/categories/reorder', {
      categoryOrders: [{ id: a.id, sort_order: 0, parent_id: d3.id }],
    });
    expect(deep.statusCode).toBe(400);
    const duplicate = await api('POST', '/admin/categories/reorder', {
      categoryOrders: [
        { id: a.id, sort_order: 0 },
        { id: a.id, sort_order: 1 },
      ],
    });
    expect(duplicate.statusCode).toBe(400);

    const after = await adminList();
    const pick = (list: AdminCategory[]) =>
      list
        .filter((category) => [a.id, b.id].includes(category.id))
        .map(({ id, sort_order, parent_id }) => ({ id, sort_order, parent_id }));
    expect(pick(after)).toEqual(pick(before));
  });

  it('a deactivated category leaves the storefront at once', async () => {
    const shown = await create({ name: 'Soon hidden' });
    expect((await publicList()).some((category) => category.id === shown.id)).toBe(true);
    expect((await api('PUT', `/admin/categories/${shown.id}`, { is_active: false })).statusCode).toBe(200);
    expect((await publicList()).some((category) => category.id === shown.id)).toBe(false);
  });

  it('answers stats from SQL aggregates', async () => {
    const db = ctx.database.db;
    const stock = await create({ name: 'Stats stock' });
    await createProduct(db, { categoryId: stock.id, stockQuantity: 3, price: 10.1 });
    await createProduct(db, { categoryId: stock.id, stockQuantity: 7, price: 0.3, isActive: false });
    await createProduct(db, { categoryId: null });
    const response = await api('GET', '/admin/categories/stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    const list = await adminList();
    expect(stats.total).toBe(list.length);
    expect(stats.active + stats.inactive).toBe(stats.total);
    expect(stats.inactive).toBe(list.filter((category) => !category.is_active).length);
    expect(stats.top_level).toBe(list.filter((category) => category.parent_id === null).length);
    expect(stats.empty).toBe(
      list.filter((category) => category.product_count === 0 && category.child_count === 0).length,
    );
    expect(stats.uncategorised_products).toBeGreaterThanOrEqual(2);
    expect(stats.by_category.find((entry: { id: string }) => entry.id === stock.id)).toEqual({
      id: stock.id,
      name: 'Stats stock',
      parent_id: null,
      is_active: true,
      product_count: 2,
      active_product_count: 1,
      stock_units: 10,
      inventory_value_price: 32.4,
    });
  });

  it('records an audit row for every create', async () => {
    const made = await create({ name: 'Audited' });
    const [row] = (await auditFor('category.create')).filter((entry) => entry.entityId === made.id);
    expect(row).toMatchObject({ entityType: 'category', userEmail: expect.any(String) });
    expect(row?.after).toMatchObject({ name: 'Audited', slug: 'audited' });
  });
});
