import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { placeOrder } from '#server/orders/place-order.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { PROMO_CHANGED, promoRuleOf } from '#server/promo-codes/promo-validation.ts';
import { CreateOrderRequestSchema } from '#shared/contracts/orders.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { createProduct, updateDefaultVariant } from '../factories/catalogue.ts';
import { createPromoCode, promoUsesOf, shopDay } from '../factories/checkout-promo-codes.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody, orderCount, outboxMails, stockOf } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A promo code at checkout: calculate, placing (both paths), admin orders, cancelling (docs/product.md#promo-codes). */
describe('promo codes at checkout', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const orderRow = async (id: string) => {
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error(`no order ${id}`);
    return row;
  };

  describe('POST /orders/calculate', () => {
    it('without a code: no discount, promo and promo_error null', async () => {
      const product = await createProduct(ctx.database.db, { price: 50 });
      const response = await post('/api/orders/calculate', { items: [{ product_id: product.id, quantity: 2 }] });
      expect(response.json().data).toMatchObject({
        subtotal: 100,
        discount: 0,
        tax: 11,
        total: 111,
        promo: null,
        promo_error: null,
      });
    });

    it('with a code: the discount, and VAT on subtotal − discount', async () => {
      const product = await createProduct(ctx.database.db, { price: 50 });
      const code = await createPromoCode(ctx.database.db, { discountValue: 10 });
      const response = await post('/api/orders/calculate', {
        items: [{ product_id: product.id, quantity: 2 }],
        promo_code: code.code.toLowerCase(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        subtotal: 100,
        discount: 10,
        tax: 9.9,
        total: 99.9,
        promo: {
          code: code.code,
          discount_type: 'percentage',
          discount_value: 10,
          discount_amount: 10,
          applies_to: 'order',
        },
        promo_error: null,
      });
    });

    it('a refused code: 200 with no discount and the reason', async () => {
      const product = await createProduct(ctx.database.db, { price: 20 });
      const code = await createPromoCode(ctx.database.db, { minimumOrderAmount: 100 });
      const response = await post('/api/orders/calculate', {
        items: [{ product_id: product.id, quantity: 1 }],
        promo_code: code.code,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        subtotal: 20,
        discount: 0,
        tax: 2.2,
        total: 22.2,
        promo: null,
        promo_error: PROMO_MESSAGES.minimumNotReached(100),
      });
    });

    it('discounts only the available lines', async () => {
      const product = await createProduct(ctx.database.db, { price: 40 });
      const soldOut = await createProduct(ctx.database.db, { price: 60, stockQuantity: 0 });
      const code = await createPromoCode(ctx.database.db, { discountType: 'fixed', discountValue: 100 });
      const response = await post('/api/orders/calculate', {
        items: [
          { product_id: product.id, quantity: 1 },
          { product_id: soldOut.id, quantity: 1 },
        ],
        promo_code: code.code,
      });
      expect(response.json().data).toMatchObject({ subtotal: 40, discount: 40, tax: 0, total: 0, unavailable: [1] });
    });
  });

  describe('POST /orders with promo_code', () => {
    it('keeps the snapshot, counts the use, and reads back the same', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 19.99, stockQuantity: 10 });
      const code = await createPromoCode(db, { discountValue: 15, maxUses: 5 });
      await ctx.app.catalogue.fresh();
      const response = await post(
        '/api/orders',
        orderBody([{ product_id: product.id, quantity: 3 }], { promo_code: ` ${code.code.toLowerCase()} ` }),
      );
      expect(response.statusCode).toBe(201);
      // 59.97 × 15 % = 8.9955 → 9.00; VAT 11 % of 50.97 = 5.6067 → 5.61.
      const order = response.json().data;
      expect(order).toMatchObject({
        promo_code: code.code,
        promo_discount_type: 'percentage',
        promo_discount_value: 15,
        subtotal: 59.97,
        discount: 9,
        tax: 5.61,
        total: 56.58,
      });
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ promoCodeId: code.id, promoUseCounted: true, promoCode: code.code });
      expect(await promoUsesOf(db, code.id)).toBe(1);
      const read = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.access_token}` });
      expect(read.json().data).toEqual(order);
      // The mails show the discount, with its code, before the tax it reduced.
      const mail = (await outboxMails(ctx.app)).find((text) => text.includes(order.order_number));
      expect(mail).toContain(`Subtotal: $59.97\nDiscount (${code.code}): -$9.00\nVAT (11%): $5.61`);
    });

    it('without a code: nothing counted, snapshot empty', async () => {
      const product = await createProduct(ctx.database.db, { price: 10 });
      const response = await post('/api/orders', orderBody([{ product_id: product.id, quantity: 1 }]));
      expect(response.json().data).toMatchObject({
        promo_code: null,
        promo_discount_type: null,
        promo_discount_value: null,
        discount: 0,
      });
      expect(await orderRow(response.json().data.id)).toMatchObject({ promoCodeId: null, promoUseCounted: false });
    });

    it('refuses a bad code with a 400 on promo_code, writing nothing; the order goes through without it', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 10, stockQuantity: 5 });
      await ctx.app.catalogue.fresh();
      const cases = [
        { code: 'NOT-A-CODE', message: PROMO_MESSAGES.unknown },
        { code: (await createPromoCode(db, { isActive: false })).code, message: PROMO_MESSAGES.inactive },
        { code: (await createPromoCode(db, { startDate: shopDay(1) })).code, message: PROMO_MESSAGES.notStarted },
        { code: (await createPromoCode(db, { endDate: shopDay(-1) })).code, message: PROMO_MESSAGES.expired },
        { code: (await createPromoCode(db, { maxUses: 1, currentUses: 1 })).code, message: PROMO_MESSAGES.usedUp },
        {
          code: (await createPromoCode(db, { minimumOrderAmount: 25 })).code,
          message: PROMO_MESSAGES.minimumNotReached(25),
        },
        {
          code: (await createPromoCode(db, { appliesTo: 'product', productSkus: ['SOMETHING-ELSE'] })).code,
          message: PROMO_MESSAGES.noEligibleProduct,
        },
      ];
      const before = await orderCount(db);
      for (const { code, message } of cases) {
        const response = await post(
          '/api/orders',
          orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code }),
        );
        expect(response.statusCode, code).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          message,
          errors: [{ path: 'promo_code', message }],
        });
      }
      expect(await orderCount(db)).toBe(before);
      expect((await stockOf(db, product.id)).stock).toBe(5);
      const without = await post('/api/orders', orderBody([{ product_id: product.id, quantity: 1 }]));
      expect(without.statusCode).toBe(201);
    });

    it('max_uses_per_customer: the same phone (any spelling) is refused once it has used its share', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 10, stockQuantity: 20 });
      const code = await createPromoCode(db, { maxUsesPerCustomer: 2 });
      const as = (phone: string) =>
        post(
          '/api/orders',
          orderBody([{ product_id: product.id, quantity: 1 }], {
            promo_code: code.code,
            customer: { name: 'Rana Saad', phone },
          }),
        );
      expect((await as('03 222 333')).statusCode).toBe(201);
      expect((await as('+961 3 222 333')).statusCode).toBe(201);
      const third = await as('03-222-333');
      expect(third.statusCode).toBe(400);
      expect(third.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.usedByCustomer }]);
      expect((await as('03 444 555')).statusCode).toBe(201);
      expect(await promoUsesOf(db, code.id)).toBe(3);
    });

    it('a repeat with the same Idempotency-Key answers the first order and counts nothing more', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 30, stockQuantity: 10 });
      const code = await createPromoCode(db, { maxUses: 1, discountType: 'fixed', discountValue: 5 });
      const body = orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code });
      const headers = { 'idempotency-key': `promo-repeat-${code.id}` };
      const first = await post('/api/orders', body, headers);
      expect(first.statusCode).toBe(201);
      const again = await post('/api/orders', body, headers);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data).toEqual(first.json().data);
      expect(first.json().data).toMatchObject({ discount: 5, promo_discount_type: 'fixed', promo_discount_value: 5 });
      expect(await promoUsesOf(db, code.id)).toBe(1);
    });

    it('POST /admin/orders takes a code too, under the same rules', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 40, stockQuantity: 10 });
      const code = await createPromoCode(db, { discountValue: 25, maxUses: 1 });
      const body = orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code });
      const created = await api('POST', '/api/admin/orders', body);
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({
        promo_code: code.code,
        promo_discount_type: 'percentage',
        promo_discount_value: 25,
        discount: 10,
        tax: 3.3,
        total: 33.3,
      });
      expect(await promoUsesOf(db, code.id)).toBe(1);
      const refused = await api('POST', '/api/admin/orders', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.usedUp }]);
    });
  });

  describe('both placement paths apply and count a code the same way', () => {
    const parse = (body: object) => CreateOrderRequestSchema.parse(body);

    for (const path of ['one statement', 'careful'] as const) {
      it(`${path}: discount from the lines as priced, use counted, used-up refused`, async () => {
        const db = ctx.database.db;
        const product = await createProduct(db, {
          price: 12.5,
          stockQuantity: 10,
          sku: `PATH-${path === 'careful' ? 'C' : 'Q'}`,
        });
        const code = await createPromoCode(db, {
          appliesTo: 'product',
          productSkus: [product.sku.toLowerCase()],
          discountValue: 20,
          maxUses: 1,
        });
        const catalogue = path === 'one statement' ? await ctx.app.catalogue.fresh() : undefined;
        const other = await createProduct(db, { price: 7 });
        const request = parse(
          orderBody(
            [
              { product_id: product.id, quantity: 2 },
              { product_id: other.id, quantity: 1 },
            ],
            { promo_code: code.code },
          ),
        );
        // `other` is not in the catalogue yet: the one-statement path needs it there.
        if (catalogue) await ctx.app.catalogue.fresh();
        const { order } = await placeOrder(db, request, undefined, catalogue ? ctx.app.catalogue.current : undefined, {
          settings: ctx.app.settings.values,
        });
        // 20 % of the 25.00 of the code's product only; VAT on 32 − 5 = 27 → 2.97.
        expect(order).toMatchObject({ subtotal: 32, discount: 5, tax: 2.97, total: 29.97, promo_code: code.code });
        expect(await promoUsesOf(db, code.id)).toBe(1);
        expect((await stockOf(db, product.id)).stock).toBe(8);

        const stockBefore = (await stockOf(db, product.id)).stock;
        const ordersBefore = await orderCount(db);
        const second = await placeOrder(db, request, undefined, catalogue ? ctx.app.catalogue.current : undefined, {
          settings: ctx.app.settings.values,
        }).then(
          () => null,
          (error: unknown) => error as { statusCode?: number; errors?: unknown },
        );
        expect(second).toMatchObject({
          statusCode: 400,
          errors: [{ path: 'promo_code', message: PROMO_MESSAGES.usedUp }],
        });
        expect((await stockOf(db, product.id)).stock).toBe(stockBefore);
        expect(await orderCount(db)).toBe(ordersBefore);
      });
    }
  });

  it('a price raised behind the catalogue reaches the minimum: the database’s prices decide', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { price: 10, stockQuantity: 10 });
    const code = await createPromoCode(db, { minimumOrderAmount: 25, discountType: 'fixed', discountValue: 5 });
    await ctx.app.catalogue.fresh();
    await updateDefaultVariant(db, product.id, { price: 15 });
    const response = await post(
      '/api/orders',
      orderBody([{ product_id: product.id, quantity: 2 }], { promo_code: code.code }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ subtotal: 30, discount: 5, tax: 2.75, total: 27.75 });
    expect(await promoUsesOf(db, code.id)).toBe(1);
  });

  describe("cedar_place_order's promo guard (place-order.sql)", () => {
    /** The guard's refusal for an order naming this code, called directly (no stock, no lines). */
    const guardRefusal = async (promoCodeId: string, promoRule: object | null = null) => {
      const head = JSON.stringify({
        customer_name: 'Guard Test',
        customer_phone: '+96103000111',
        shipping_address: { city: 'Beirut', street: 'Main' },
        payment_method: 'cash_on_delivery',
        subtotal: 10,
        tax: 1.1,
        shipping: 0,
        discount: 0,
        total: 11.1,
        access_token: `guard-${promoCodeId}`,
        promo_code_id: promoCodeId,
        promo_rule: promoRule,
      });
      return ctx.database.db
        .execute(sql`select * from cedar_place_order('[]'::jsonb, ${head}::jsonb, '[]'::jsonb, 'x')`)
        .then(
          () => null,
          (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message,
        );
    };

    it('counts nothing and says why when the code changed after it was read', async () => {
      const db = ctx.database.db;
      const cases = [
        [{ isActive: false }, 'cedar:promo-inactive'],
        [{ startDate: shopDay(1) }, 'cedar:promo-not-started'],
        [{ endDate: shopDay(-1) }, 'cedar:promo-expired'],
        [{ maxUses: 2, currentUses: 2 }, 'cedar:promo-used-up'],
      ] as const;
      for (const [values, message] of cases) {
        const code = await createPromoCode(db, values);
        expect(await guardRefusal(code.id)).toBe(message);
        expect(await promoUsesOf(db, code.id)).toBe(code.currentUses);
      }
      expect(await guardRefusal('00000000-0000-4000-8000-000000000000')).toBe('cedar:promo-unknown');
      // Within the dates (shop time, both ends inclusive) and under the limit: counted.
      const good = await createPromoCode(db, {
        startDate: shopDay(0),
        endDate: shopDay(0),
        maxUses: 2,
        currentUses: 1,
      });
      // Only with the rule the order was priced with: another (or none) is PROMO_CHANGED, nothing counted.
      expect(await guardRefusal(good.id)).toBe(PROMO_CHANGED);
      expect(await guardRefusal(good.id, { ...promoRuleOf(good), discount_value: 11 })).toBe(PROMO_CHANGED);
      expect(await guardRefusal(good.id, { ...promoRuleOf(good), code: 'RENAMED' })).toBe(PROMO_CHANGED);
      expect(await promoUsesOf(db, good.id)).toBe(1);
      expect(await guardRefusal(good.id, promoRuleOf(good))).toBeNull();
      expect(await promoUsesOf(db, good.id)).toBe(2);
    });
  });

  describe('placing an order reads the code through the short cache, never pricing with a stale rule', () => {
    const parse = (body: object) => CreateOrderRequestSchema.parse(body);
    /** validate reads the code into the cache placing an order then reads it from. */
    const cache = async (code: string, productId: string) =>
      post('/api/promo-codes/validate', { code, cart_items: [{ product_id: productId, quantity: 1, price: 1 }] });

    for (const path of ['one statement', 'careful'] as const) {
      it(`${path}: the value edited after the code was cached: the order carries the stored one`, async () => {
        const db = ctx.database.db;
        const product = await createProduct(db, { price: 40, stockQuantity: 10 });
        const code = await createPromoCode(db, { discountValue: 10 });
        const catalogue = path === 'one statement' ? await ctx.app.catalogue.fresh() : undefined;
        expect((await cache(code.code, product.id)).json().data).toMatchObject({ discount_value: 10 });
        await db.update(promoCodes).set({ discountValue: 25 }).where(eq(promoCodes.id, code.id));
        const request = parse(orderBody([{ product_id: product.id, quantity: 2 }], { promo_code: code.code }));
        const { order } = await placeOrder(db, request, undefined, catalogue, { settings: ctx.app.settings.values });
        expect(order).toMatchObject({
          subtotal: 80,
          discount: 20,
          promo_discount_type: 'percentage',
          promo_discount_value: 25,
          total: 66.6,
        });
        expect(await orderRow(order.id)).toMatchObject({ promoDiscountValue: 25, discount: 20 });
        expect(await promoUsesOf(db, code.id)).toBe(1);
        expect((await stockOf(db, product.id)).stock).toBe(8);
      });

      it(`${path}: a minimum raised after the code was cached refuses the order, counting nothing`, async () => {
        const db = ctx.database.db;
        const product = await createProduct(db, { price: 40, stockQuantity: 10 });
        const code = await createPromoCode(db, { discountValue: 10 });
        const catalogue = path === 'one statement' ? await ctx.app.catalogue.fresh() : undefined;
        expect((await cache(code.code, product.id)).statusCode).toBe(200);
        await db.update(promoCodes).set({ minimumOrderAmount: 500 }).where(eq(promoCodes.id, code.id));
        const ordersBefore = await orderCount(db);
        const request = parse(orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code }));
        const refused = await placeOrder(db, request, undefined, catalogue, { settings: ctx.app.settings.values }).then(
          () => null,
          (error: unknown) => error as { statusCode?: number; errors?: { path: string; message: string }[] },
        );
        expect(refused?.statusCode).toBe(400);
        expect(refused?.errors?.[0]?.path).toBe('promo_code');
        expect(refused?.errors?.[0]?.message).toMatch(/500/);
        expect(await orderCount(db)).toBe(ordersBefore);
        expect(await promoUsesOf(db, code.id)).toBe(0);
        expect((await stockOf(db, product.id)).stock).toBe(10);
      });
    }

    it('a code cached as used up, then given more uses: the order takes it (refusals come from fresh reads)', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 40, stockQuantity: 10 });
      const code = await createPromoCode(db, { maxUses: 1, currentUses: 1, minimumOrderAmount: 100 });
      expect((await cache(code.code, product.id)).statusCode).toBe(400);
      // Used up and, for this cart, under the minimum as cached; neither holds any more.
      await db.update(promoCodes).set({ maxUses: 5, minimumOrderAmount: null }).where(eq(promoCodes.id, code.id));
      const placed = await post(
        '/api/orders',
        orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().data).toMatchObject({ discount: 4, promo_code: code.code });
      expect(await promoUsesOf(db, code.id)).toBe(2);
    });

    it('a code renamed after it was cached: the old name is unknown', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 40, stockQuantity: 10 });
      const code = await createPromoCode(db);
      expect((await cache(code.code, product.id)).statusCode).toBe(200);
      await db
        .update(promoCodes)
        .set({ code: `${code.code}X` })
        .where(eq(promoCodes.id, code.id));
      const placed = await post(
        '/api/orders',
        orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code }),
      );
      expect(placed.statusCode).toBe(400);
      expect(placed.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.unknown }]);
      expect(await promoUsesOf(db, code.id)).toBe(0);
    });
  });

  describe('cancelling gives the use back once', () => {
    it('cancel → one use back; a second cancel and other moves change nothing', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 10, stockQuantity: 10 });
      const code = await createPromoCode(db, { maxUses: 1, maxUsesPerCustomer: 1 });
      const placed = await post(
        '/api/orders',
        orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code }),
      );
      const id = placed.json().data.id;
      expect(await promoUsesOf(db, code.id)).toBe(1);

      expect((await api('PUT', `/api/admin/orders/${id}`, { status: 'confirmed' })).statusCode).toBe(200);
      expect(await promoUsesOf(db, code.id)).toBe(1);
      expect((await api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' })).statusCode).toBe(200);
      expect(await promoUsesOf(db, code.id)).toBe(0);
      // Counting uses is not editing the code: its updated_at stays.
      const [after] = await db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
      expect(after?.updatedAt).toEqual(code.updatedAt);
      expect(await orderRow(id)).toMatchObject({ promoUseCounted: false, promoCodeId: code.id, promoCode: code.code });
      // The order keeps its snapshot; cancelling again is refused and gives nothing back twice.
      expect((await api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' })).statusCode).toBe(409);
      expect(await promoUsesOf(db, code.id)).toBe(0);

      // The use given back can be used again, by the same customer too (both limits 1).
      const again = await post(
        '/api/orders',
        orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code }),
      );
      expect(again.statusCode).toBe(201);
      expect(await promoUsesOf(db, code.id)).toBe(1);
    });

    it('two cancels at once give one use back', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 10, stockQuantity: 10 });
      const code = await createPromoCode(db);
      const placed = await post(
        '/api/orders',
        orderBody([{ product_id: product.id, quantity: 1 }], { promo_code: code.code }),
      );
      const id = placed.json().data.id;
      const answers = await Promise.all([
        api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' }),
        api('PUT', `/api/admin/orders/${id}`, { status: 'cancelled' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await promoUsesOf(db, code.id)).toBe(0);
    });

    it('an order placed without a code gives nothing back', async () => {
      const db = ctx.database.db;
      const product = await createProduct(db, { price: 10, stockQuantity: 10 });
      const code = await createPromoCode(db, { currentUses: 4 });
      const placed = await post('/api/orders', orderBody([{ product_id: product.id, quantity: 1 }]));
      expect((await api('PUT', `/api/admin/orders/${placed.json().data.id}`, { status: 'cancelled' })).statusCode).toBe(
        200,
      );
      expect(await promoUsesOf(db, code.id)).toBe(4);
    });
  });
});
