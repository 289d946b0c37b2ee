import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { orders } from '#server/orders/orders.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import {
  PROMO_MESSAGES,
  PROMO_STATUSES,
  type PromoCode,
  type PromoCodeWriteInput,
  promoStatusOf,
  shopToday,
} from '#shared/contracts/promo-codes.ts';
import { createCategory, createProduct, createVariantProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The shop date `days` from today (YYYY-MM-DD). */
function dayFrom(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** docs/product.md#managing-codes-admin: list, statuses, figures, usage, writes and their refusals. */
describe('admin promo codes', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let productId: string;
  let productSku: string;
  let variantSku: string;
  let categoryId: string;
  const today = shopToday();

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const product = await createProduct(db, { price: 50, stockQuantity: 500 });
    productId = product.id;
    productSku = product.sku;
    const { variants } = await createVariantProduct(db, {
      variations: [{ name: 'Colour', options: ['Red'] }],
      variants: [{ options: { Colour: 'Red' }, price: 5, stockQuantity: 5, sku: 'led-red-5mm' }],
    });
    variantSku = variants[0]?.sku as string;
    categoryId = (await createCategory(db)).id;
  });
  afterAll(() => ctx.close());

  const body = (overrides: Partial<PromoCodeWriteInput> = {}): PromoCodeWriteInput => ({
    code: `C${Math.random().toString(36).slice(2, 10)}`,
    discount_type: 'percentage',
    discount_value: 10,
    ...overrides,
  });
  const create = async (overrides: Partial<PromoCodeWriteInput> = {}): Promise<PromoCode> => {
    const response = await api('POST', '/api/admin/promo-codes', body(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const setUses = (id: string, currentUses: number) =>
    ctx.database.db.update(promoCodes).set({ currentUses }).where(eq(promoCodes.id, id));
  /** A real checkout order, then marked as placed with the code (as order placement would). */
  const orderWith = async (code: PromoCode, discount: number, status = 'pending') => {
    const placed = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }]));
    await ctx.database.db
      .update(orders)
      .set({
        promoCode: code.code,
        promoCodeId: code.id,
        promoDiscountType: code.discount_type,
        promoDiscountValue: code.discount_value,
        promoUseCounted: status !== 'cancelled',
        discount,
        total: placed.total - discount,
        status,
      })
      .where(eq(orders.id, placed.id));
    return placed;
  };
  const list = async (query: string) => {
    const response = await api('GET', `/api/admin/promo-codes?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: PromoCode[]; pagination: { total: number; totalPages: number } };
  };

  it('creates a code upper-cased with defaults, answers it by id, and audits the write', async () => {
    const created = await create({ code: '  summer-10 ', description: 'Summer sale' });
    expect(created).toMatchObject({
      code: 'SUMMER-10',
      description: 'Summer sale',
      discount_type: 'percentage',
      discount_value: 10,
      applies_to: 'order',
      product_skus: [],
      category_ids: [],
      minimum_order_amount: null,
      maximum_discount_amount: null,
      max_uses: 0,
      max_uses_per_customer: 0,
      current_uses: 0,
      start_date: null,
      end_date: null,
      is_active: true,
      status: 'active',
    });
    const fetched = await api('GET', `/api/admin/promo-codes/${created.id}`);
    expect(fetched.json().data).toEqual(created);
    const audit = await auditOf(ctx.database.db, 'promo_code', created.id);
    expect(audit.map((row) => row.action)).toEqual(['promo_code.create']);
    expect(audit[0]?.after).toMatchObject({ code: 'SUMMER-10', discount_value: 10 });
    expect(audit[0]?.userEmail).toBeTruthy();
    expect((await api('GET', '/api/admin/promo-codes/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses bad input with inline field errors', async () => {
    const refused = async (overrides: Partial<PromoCodeWriteInput>, status = 400) => {
      const response = await api('POST', '/api/admin/promo-codes', body(overrides));
      expect(response.statusCode, response.body).toBe(status);
      return response.json() as { message: string; errors: { path: string; message: string }[] };
    };
    expect((await refused({ discount_value: 150 })).errors).toContainEqual({
      path: 'discount_value',
      message: 'A percentage cannot be more than 100',
    });
    expect((await refused({ discount_value: 0 })).errors.map((e) => e.path)).toContain('discount_value');
    expect((await refused({ code: 'no spaces!' })).errors.map((e) => e.path)).toContain('code');
    expect((await refused({ start_date: '2026-12-10', end_date: '2026-12-01' })).errors).toContainEqual({
      path: 'end_date',
      message: 'End date must not be before the start date',
    });
    expect((await refused({ applies_to: 'product' })).errors.map((e) => e.path)).toContain('product_skus');
    const unknownSku = await refused({ applies_to: 'product', product_skus: [productSku, 'NOPE-1', 'nope-2'] });
    expect(unknownSku.message).toBe(PROMO_MESSAGES.unknownSkus(['NOPE-1', 'NOPE-2']));
    expect(unknownSku.errors).toEqual([
      { path: 'product_skus', message: PROMO_MESSAGES.unknownSkus(['NOPE-1', 'NOPE-2']) },
    ]);
    const unknownCategory = await refused({
      applies_to: 'product',
      category_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownCategory.errors).toEqual([{ path: 'category_ids', message: PROMO_MESSAGES.unknownCategories }]);

    // SKUs match products and variants ignoring case; they are stored upper-case.
    const byProduct = await create({
      applies_to: 'product',
      product_skus: [productSku.toLowerCase(), variantSku],
      category_ids: [categoryId],
    });
    expect(byProduct.product_skus).toEqual([productSku.toUpperCase(), variantSku.toUpperCase()]);
    expect(byProduct.category_ids).toEqual([categoryId]);

    await create({ code: 'TAKEN10' });
    const taken = await refused({ code: 'taken10' }, 409);
    expect(taken.message).toBe(PROMO_MESSAGES.codeTaken);
    expect(taken.errors).toEqual([{ path: 'code', message: PROMO_MESSAGES.codeTaken }]);
  });

  it('refuses impossible calendar dates on create and edit with a 400 naming the field, never a 500', async () => {
    for (const [field, day] of [
      ['start_date', '2030-02-31'],
      ['end_date', '2030-02-29'],
      ['end_date', '2030-04-31'],
      ['start_date', '0000-01-01'],
    ] as const) {
      const created = await api('POST', '/api/admin/promo-codes', body({ [field]: day }));
      expect(created.statusCode, `${field}=${day}: ${created.body}`).toBe(400);
      expect(created.json().errors).toContainEqual({ path: field, message: 'Use a date like 2026-12-31' });
    }
    const code = await create({ start_date: '2028-02-29', end_date: '2030-12-31' });
    expect(code).toMatchObject({ start_date: '2028-02-29', end_date: '2030-12-31' });
    const edited = await api(
      'PUT',
      `/api/admin/promo-codes/${code.id}`,
      body({ code: code.code, end_date: '2030-02-31' }),
    );
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().errors).toEqual([{ path: 'end_date', message: 'Use a date like 2026-12-31' }]);
  });

  it('answers one 201 and one 409 when two requests create the same code at once', async () => {
    const responses = await Promise.all(
      [1, 2].map(() => api('POST', '/api/admin/promo-codes', body({ code: 'RACE-CODE' }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('replaces a code on edit, keeps its uses, refuses a taken code, and audits before/after', async () => {
    const code = await create({ code: 'EDIT-ME', max_uses: 10 });
    await setUses(code.id, 3);
    const response = await api(
      'PUT',
      `/api/admin/promo-codes/${code.id}`,
      body({ code: 'edited', discount_type: 'fixed', discount_value: 5, max_uses: 2, is_active: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      code: 'EDITED',
      discount_type: 'fixed',
      discount_value: 5,
      max_uses: 2,
      current_uses: 3,
      status: 'used_up',
    });
    await create({ code: 'OTHER-ONE' });
    const taken = await api('PUT', `/api/admin/promo-codes/${code.id}`, body({ code: 'other-one' }));
    expect(taken.statusCode).toBe(409);
    // Keeping its own code is no conflict.
    expect((await api('PUT', `/api/admin/promo-codes/${code.id}`, body({ code: 'EDITED' }))).statusCode).toBe(200);
    const audit = await auditOf(ctx.database.db, 'promo_code', code.id);
    expect(audit.map((row) => row.action)).toEqual(['promo_code.create', 'promo_code.update', 'promo_code.update']);
    expect(audit[1]?.before).toMatchObject({ code: 'EDIT-ME', discount_type: 'percentage' });
    expect(audit[1]?.after).toMatchObject({ code: 'EDITED', discount_type: 'fixed' });
    const unknown = await api('PUT', '/api/admin/promo-codes/00000000-0000-4000-8000-000000000000', body());
    expect(unknown.statusCode).toBe(404);
  });

  it('filters by status exactly as promoStatusOf derives it, on codes of every status', async () => {
    const made = {
      active: [
        await create({ code: 'ST_ACTIVE_PLAIN' }),
        await create({ code: 'ST_ACTIVE_RANGE', start_date: today, end_date: today, max_uses: 5 }),
      ],
      scheduled: [await create({ code: 'ST_SCHEDULED', start_date: dayFrom(today, 1) })],
      expired: [await create({ code: 'ST_EXPIRED', end_date: dayFrom(today, -1), max_uses: 1 })],
      used_up: [await create({ code: 'ST_USED_UP', max_uses: 2 })],
      inactive: [await create({ code: 'ST_INACTIVE', is_active: false, end_date: dayFrom(today, -1) })],
    };
    await setUses((made.used_up[0] as PromoCode).id, 2);
    await setUses((made.expired[0] as PromoCode).id, 1);
    await setUses((made.active[1] as PromoCode).id, 4);
    for (const status of PROMO_STATUSES) {
      const { data } = await list(`search=ST_&status=${status}&sort_by=code&sort_order=asc`);
      expect(data.map((code) => code.code)).toEqual(made[status].map((code) => code.code).sort());
      for (const code of data) {
        expect(code.status).toBe(status);
        expect(promoStatusOf(code, today)).toBe(status);
      }
    }
    const all = await list('search=st_&limit=100');
    expect(all.pagination.total).toBe(6);
  });

  it('searches code and description, filters by type, sorts and pages', async () => {
    await create({ code: 'SRCH-A', description: 'Winter gift', discount_type: 'fixed', discount_value: 3 });
    await create({ code: 'SRCH-B', discount_value: 20 });
    await create({ code: 'SRCH-C', discount_value: 5 });
    expect((await list('search=winter')).data.map((code) => code.code)).toEqual(['SRCH-A']);
    expect((await list('search=srch&discount_type=fixed')).data.map((code) => code.code)).toEqual(['SRCH-A']);
    const byValue = await list('search=srch&sort_by=discount_value&sort_order=desc');
    expect(byValue.data.map((code) => code.code)).toEqual(['SRCH-B', 'SRCH-C', 'SRCH-A']);
    const newest = await list('search=srch');
    expect(newest.data.map((code) => code.code)).toEqual(['SRCH-C', 'SRCH-B', 'SRCH-A']);
    const page2 = await list('search=srch&sort_by=code&sort_order=asc&limit=2&page=2');
    expect(page2.data.map((code) => code.code)).toEqual(['SRCH-C']);
    expect(page2.pagination).toMatchObject({ total: 3, totalPages: 2 });
    // `%` and `_` are taken literally.
    expect((await list('search=%25')).data).toEqual([]);
    expect((await api('GET', '/api/admin/promo-codes?status=bogus')).statusCode).toBe(400);
  });

  it('lists the orders that used a code, newest first, with totals over the ones not cancelled', async () => {
    const code = await create({ code: 'USAGE-5', discount_type: 'fixed', discount_value: 5 });
    const first = await orderWith(code, 5);
    const cancelled = await orderWith(code, 5, 'cancelled');
    const third = await orderWith(code, 5);
    await setUses(code.id, 2);
    const response = await api('GET', `/api/admin/promo-codes/${code.id}/usage?limit=2`);
    expect(response.statusCode, response.body).toBe(200);
    const { data, pagination } = response.json();
    expect(data.code.code).toBe('USAGE-5');
    expect(data.orders.map((order: { order_id: string }) => order.order_id)).toEqual([third.id, cancelled.id]);
    expect(data.orders[0]).toMatchObject({
      order_number: third.order_number,
      customer_name: 'Rami Haddad',
      customer_phone: '+9613123456',
      status: 'pending',
      discount: 5,
      total: third.total - 5,
    });
    expect(data.total_orders).toBe(2);
    expect(data.total_discount).toBe(10);
    expect(data.total_sales).toBeCloseTo(first.total - 5 + third.total - 5, 2);
    expect(pagination).toMatchObject({ total: 3, totalPages: 2 });
    expect((await api('GET', '/api/admin/promo-codes/00000000-0000-4000-8000-000000000000/usage')).statusCode).toBe(
      404,
    );
  });

  it('answers the figures: counts by status, uses, discount given, the most used and the newest codes', async () => {
    const stats = (await api('GET', '/api/admin/promo-codes/stats')).json().data;
    const rows = await ctx.database.db.select().from(promoCodes);
    const statuses = rows.map((row) =>
      promoStatusOf({
        is_active: row.isActive,
        start_date: row.startDate,
        end_date: row.endDate,
        max_uses: row.maxUses,
        current_uses: row.currentUses,
      }),
    );
    expect(stats.total_codes).toBe(rows.length);
    expect(stats.active_codes).toBe(statuses.filter((status) => status === 'active').length);
    expect(stats.expired_codes).toBe(statuses.filter((status) => status === 'expired').length);
    expect(stats.total_uses).toBe(rows.reduce((sum, row) => sum + row.currentUses, 0));
    // Two USAGE-5 orders not cancelled, $5 each.
    expect(stats.total_discount_given).toBe(10);
    expect(stats.most_used_code).toMatchObject({ code: 'ST_ACTIVE_RANGE', uses: 4 });
    expect(stats.recent_codes).toHaveLength(5);
    expect(stats.recent_codes[0].code).toBe('USAGE-5');
  });

  it('deletes an unused code (204, audited) and refuses a used one with 409', async () => {
    const unused = await create({ code: 'DEL-UNUSED' });
    const deleted = await api('DELETE', `/api/admin/promo-codes/${unused.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await api('GET', `/api/admin/promo-codes/${unused.id}`)).statusCode).toBe(404);
    const audit = await auditOf(ctx.database.db, 'promo_code', unused.id);
    expect(audit.map((row) => row.action)).toEqual(['promo_code.create', 'promo_code.delete']);
    expect(audit[1]?.before).toMatchObject({ code: 'DEL-UNUSED' });

    const used = await create({ code: 'DEL-USED' });
    // Even a cancelled order keeps its snapshot pointing at the code.
    await orderWith(used, 1, 'cancelled');
    const refused = await api('DELETE', `/api/admin/promo-codes/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PROMO_MESSAGES.usedCannotDelete);
    expect((await api('DELETE', `/api/admin/promo-codes/${unused.id}`)).statusCode).toBe(404);
  });

  it('bulk-deletes the unused codes and reports the used ones it kept', async () => {
    const a = await create({ code: 'BULK-A' });
    const b = await create({ code: 'BULK-B' });
    const used = await create({ code: 'BULK-USED' });
    await orderWith(used, 1);
    const response = await api('POST', '/api/admin/promo-codes/bulk-delete', {
      ids: [a.id, b.id, used.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      deleted_count: 2,
      kept: [{ id: used.id, code: 'BULK-USED', reason: PROMO_MESSAGES.usedCannotDelete }],
    });
    const left = await ctx.database.db
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(inArray(promoCodes.id, [a.id, b.id, used.id]));
    expect(left).toEqual([{ id: used.id }]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'promo_code.bulk_delete'));
    expect(audit?.after).toEqual({ deleted_count: 2, kept: [{ id: used.id, code: 'BULK-USED' }] });
    expect(audit?.before).toEqual({
      deleted: [
        { id: a.id, code: 'BULK-A' },
        { id: b.id, code: 'BULK-B' },
      ],
    });
    expect((await api('POST', '/api/admin/promo-codes/bulk-delete', { ids: [] })).statusCode).toBe(400);
  });
});
