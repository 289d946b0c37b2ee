import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { createProduct } from '../factories/catalogue.ts';
import { createPromoCode, promoUsesOf } from '../factories/checkout-promo-codes.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#counting-uses: a code's use is counted in the order's transaction with the
 * stock's conditional-update discipline, so no limit is ever overshot, on PGlite or PostgreSQL
 * (run with TEST_DATABASE_URL too).
 */
describe('promo code limits under concurrency', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const place = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object });

  async function countedOrders(promoCodeId: string): Promise<number> {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.promoCodeId, promoCodeId), eq(orders.promoUseCounted, true)));
    return row?.n ?? 0;
  }

  it.each([
    [1, 'careful path only'],
    [2, 'one-statement path first'],
  ])('10 shoppers, max_uses 1: exactly one discounted order and nine clear refusals (round %i, %s)', async (round) => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 40, stockQuantity: 100 });
    const code = await createPromoCode(db, { maxUses: 1, discountValue: 25 });
    if (round > 1) await ctx.app.catalogue.fresh();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        place(
          orderBody([{ product_id: product.id, quantity: 1 }], {
            promo_code: code.code,
            customer: { name: `Shopper ${index}`, phone: `03 100 ${String(index).padStart(3, '0')}` },
          }),
        ),
      ),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(responses.filter((response) => ![201, 400].includes(response.statusCode)).map((r) => r.body)).toEqual([]);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.json().data).toMatchObject({ discount: 10, promo_code: code.code });
    expect(refused).toHaveLength(9);
    for (const response of refused) {
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: PROMO_MESSAGES.usedUp,
        errors: [{ path: 'promo_code', message: PROMO_MESSAGES.usedUp }],
      });
    }
    expect(await promoUsesOf(db, code.id)).toBe(1);
    expect(await countedOrders(code.id)).toBe(1);
    // Only the placed order took stock; a refused shopper can still order without the code.
    expect((await stockOf(db, product.id)).stock).toBe(99);
    const without = await place(orderBody([{ product_id: product.id, quantity: 1 }]));
    expect(without.statusCode).toBe(201);
  });

  it('one phone, max_uses_per_customer 1, 10 orders at once: exactly one discounted', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 20, stockQuantity: 100 });
    const code = await createPromoCode(db, { maxUsesPerCustomer: 1 });
    await ctx.app.catalogue.fresh();
    // The same customer, the phone typed several ways.
    const phones = ['03 555 777', '+961 3 555 777', '03-555-777', '009613555777'];
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        place(
          orderBody([{ product_id: product.id, quantity: 1 }], {
            promo_code: code.code,
            customer: { name: 'Same Shopper', phone: phones[index % phones.length] },
          }),
        ),
      ),
    );
    expect(responses.filter((response) => ![201, 400].includes(response.statusCode)).map((r) => r.body)).toEqual([]);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(refused).toHaveLength(9);
    for (const response of refused) {
      expect(response.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.usedByCustomer }]);
    }
    expect(await promoUsesOf(db, code.id)).toBe(1);
    expect(await countedOrders(code.id)).toBe(1);
  });

  it('orders and cancels racing: current_uses always equals the orders whose use counts, never above max_uses', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 10, stockQuantity: 200, maxPerOrder: 100 });
    const code = await createPromoCode(db, { maxUses: 8 });
    await ctx.app.catalogue.fresh();
    const admin = await createUser(db, { role: 'admin' });
    const api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const first: string[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await place(
        orderBody([{ product_id: product.id, quantity: 1 }], {
          promo_code: code.code,
          customer: { name: 'Early Shopper', phone: `71 200 ${String(index).padStart(3, '0')}` },
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      first.push(response.json().data.id);
    }
    const work = [
      // Each order cancelled twice at once: one use back per order, not two.
      ...first.flatMap((id) => [
        api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' }),
        api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' }),
      ]),
      ...Array.from({ length: 12 }, (_, index) =>
        place(
          orderBody([{ product_id: product.id, quantity: 1 }], {
            promo_code: code.code,
            customer: { name: 'Late Shopper', phone: `71 300 ${String(index).padStart(3, '0')}` },
          }),
        ),
      ),
    ];
    const responses = await Promise.all(work);
    const unexpected = responses.filter((response) => ![200, 201, 400, 409].includes(response.statusCode));
    expect(unexpected.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    const cancels = responses.slice(0, first.length * 2);
    expect(cancels.filter((response) => response.statusCode === 200)).toHaveLength(first.length);
    const uses = await promoUsesOf(db, code.id);
    expect(uses).toBe(await countedOrders(code.id));
    expect(uses).toBeLessThanOrEqual(8);
    // At least 2 late orders fit (8 − 6) whatever the interleaving; all 6 given back leaves room for 8.
    const late = responses.slice(first.length * 2).filter((response) => response.statusCode === 201);
    expect(late.length).toBeGreaterThanOrEqual(2);
    expect(uses).toBe(late.length);
  });
});
