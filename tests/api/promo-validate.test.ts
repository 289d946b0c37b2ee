import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { PROMO_READ_CACHE_MS } from '#server/promo-codes/promo-validation.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { createCategory, createProduct, createVariantProduct } from '../factories/catalogue.ts';
import { createPromoCode, shopDay } from '../factories/checkout-promo-codes.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** POST /api/promo-codes/validate (docs/product.md#applying-a-code). */
describe('POST /promo-codes/validate', () => {
  let ctx: TestApp;
  let board: Awaited<ReturnType<typeof createProduct>>;
  let sensor: Awaited<ReturnType<typeof createProduct>>;
  let sensors: Awaited<ReturnType<typeof createCategory>>;
  let humidity: Awaited<ReturnType<typeof createCategory>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    sensors = await createCategory(db, { name: 'Sensors' });
    humidity = await createCategory(db, { name: 'Humidity sensors', parentId: sensors.id });
    board = await createProduct(db, { name: 'Arduino Uno', sku: 'ARD-UNO', price: 25, stockQuantity: 50 });
    sensor = await createProduct(db, {
      name: 'DHT22',
      sku: 'DHT22',
      price: 8.5,
      stockQuantity: 50,
      categoryId: humidity.id,
    });
  });
  afterAll(() => ctx.close());

  const validate = (payload: Record<string, unknown>, ip = '10.9.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/promo-codes/validate', payload, remoteAddress: ip });

  function expectRefusal(response: Awaited<ReturnType<typeof validate>>, message: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ path: 'code', message }],
    });
  }

  it('answers the discount of a code typed in any case, on database prices (never the client’s)', async () => {
    const code = await createPromoCode(ctx.database.db, { code: 'SUMMER10', discountValue: 10 });
    const response = await validate({
      code: '  summer10 ',
      order_subtotal: 1,
      cart_items: [
        { product_id: board.id, quantity: 2, price: 0.01 },
        { product_id: sensor.id, quantity: 1, price: 0.01 },
      ],
    });
    expect(response.statusCode).toBe(200);
    // (2 × 25 + 8.50) × 10 % = 5.85
    const applied = {
      data: {
        code: code.code,
        discount_type: 'percentage',
        discount_value: 10,
        discount_amount: 5.85,
        applies_to: 'order',
      },
    };
    expect(response.json()).toEqual(applied);
    // Priced from the in-memory catalogue once it holds the products: the same answer.
    await ctx.app.catalogue.fresh();
    const again = await validate({
      code: 'SUMMER10',
      cart_items: [
        { product_id: board.id, quantity: 2 },
        { product_id: sensor.id, quantity: 1 },
      ],
    });
    expect(again.json()).toEqual(applied);
  });

  it('names lines by SKU (any case) or product and variant ids; lines that cannot be ordered do not count', async () => {
    const db = ctx.database.db;
    const { product, variants } = await createVariantProduct(db, {
      name: 'Raspberry Pi 4',
      sku: 'RPI4',
      variations: [{ name: 'Memory', options: ['4 GB', '8 GB'] }],
      variants: [
        { options: { Memory: '4 GB' }, price: 55, stockQuantity: 5, sku: 'RPI4-4GB' },
        { options: { Memory: '8 GB' }, price: 75, stockQuantity: 5, sku: 'RPI4-8GB' },
      ],
    });
    const gone = await createProduct(db, { price: 100, isActive: false });
    const code = await createPromoCode(db, { discountType: 'percentage', discountValue: 20 });
    const response = await validate({
      code: code.code,
      cart_items: [
        { sku: 'rpi4-8gb', quantity: 1 },
        { product_id: product.id, variant_id: variants[0]?.id, quantity: 1 },
        { sku: 'ard-uno', quantity: 1 },
        { product_id: gone.id, quantity: 1 },
        { sku: 'NO-SUCH-SKU', quantity: 3 },
      ],
    });
    // (75 + 55 + 25) × 20 % = 31.00
    expect(response.json().data.discount_amount).toBe(31);
  });

  it('a product whose choices share one stock counts once its choices are sent, as the order line sends them', async () => {
    const db = ctx.database.db;
    const cable = await createProduct(db, {
      price: 6,
      stockQuantity: 20,
      variations: [{ name: 'Color', options: ['Black', 'White'] }],
    });
    const code = await createPromoCode(db, { discountValue: 50 });
    const withChoice = await validate({
      code: code.code,
      cart_items: [{ product_id: cable.id, selectedVariations: { Color: 'White' }, quantity: 2 }],
    });
    expect(withChoice.json().data.discount_amount).toBe(6);
    // Without its choice the line cannot be ordered, so it is not discounted either.
    const without = await validate({ code: code.code, cart_items: [{ product_id: cable.id, quantity: 2 }] });
    expect(without.json().data.discount_amount).toBe(0);
  });

  it('applies a fixed amount, at most the eligible subtotal, and the cap', async () => {
    const db = ctx.database.db;
    const fixed = await createPromoCode(db, { discountType: 'fixed', discountValue: 30 });
    const capped = await createPromoCode(db, { discountValue: 50, maximumDiscountAmount: 10 });
    const cart = [{ product_id: board.id, quantity: 1 }];
    expect((await validate({ code: fixed.code, cart_items: cart })).json().data).toMatchObject({
      discount_type: 'fixed',
      discount_value: 30,
      discount_amount: 25,
    });
    expect((await validate({ code: capped.code, cart_items: cart })).json().data.discount_amount).toBe(10);
  });

  it('a product code discounts only its SKUs or categories (subcategories included)', async () => {
    const db = ctx.database.db;
    const bySku = await createPromoCode(db, { appliesTo: 'product', productSkus: ['ARD-UNO'], discountValue: 10 });
    const byCategory = await createPromoCode(db, {
      appliesTo: 'product',
      categoryIds: [sensors.id],
      discountValue: 50,
    });
    const cart = [
      { product_id: board.id, quantity: 1 },
      { product_id: sensor.id, quantity: 2 },
    ];
    expect((await validate({ code: bySku.code, cart_items: cart })).json().data).toMatchObject({
      applies_to: 'product',
      discount_amount: 2.5,
    });
    expect((await validate({ code: byCategory.code, cart_items: cart })).json().data.discount_amount).toBe(8.5);
    expectRefusal(
      await validate({ code: byCategory.code, cart_items: [{ product_id: board.id, quantity: 1 }] }),
      PROMO_MESSAGES.noEligibleProduct,
    );
  });

  it('refuses with one clear message each', async () => {
    const db = ctx.database.db;
    const cart = [{ product_id: board.id, quantity: 1 }];
    expectRefusal(await validate({ code: 'NOSUCHCODE', cart_items: cart }), PROMO_MESSAGES.unknown);
    const inactive = await createPromoCode(db, { isActive: false });
    expectRefusal(await validate({ code: inactive.code, cart_items: cart }), PROMO_MESSAGES.inactive);
    const later = await createPromoCode(db, { startDate: shopDay(2) });
    expectRefusal(await validate({ code: later.code, cart_items: cart }), PROMO_MESSAGES.notStarted);
    const over = await createPromoCode(db, { startDate: shopDay(-10), endDate: shopDay(-1) });
    expectRefusal(await validate({ code: over.code, cart_items: cart }), PROMO_MESSAGES.expired);
    const usedUp = await createPromoCode(db, { maxUses: 3, currentUses: 3 });
    expectRefusal(await validate({ code: usedUp.code, cart_items: cart }), PROMO_MESSAGES.usedUp);
    const minimum = await createPromoCode(db, { minimumOrderAmount: 50 });
    expectRefusal(await validate({ code: minimum.code, cart_items: cart }), PROMO_MESSAGES.minimumNotReached(50));
    expect(PROMO_MESSAGES.minimumNotReached(50)).toBe('A minimum order of $50.00 is required for this promo code');
    // Today is inside both ends (inclusive).
    const today = await createPromoCode(db, { startDate: shopDay(0), endDate: shopDay(0) });
    expect((await validate({ code: today.code, cart_items: cart })).statusCode).toBe(200);
  });

  it('with the customer’s phone, refuses a code they have used up (max_uses_per_customer)', async () => {
    const db = ctx.database.db;
    const code = await createPromoCode(db, { maxUsesPerCustomer: 1 });
    const cart = [{ product_id: board.id, quantity: 1 }];
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: board.id, quantity: 1 }], {
        customer: { name: 'Maya Khoury', phone: '+961 71 555 123' },
        promo_code: code.code,
      }),
    });
    expect(placed.statusCode).toBe(201);
    // The same customer, typed another way (the phone is normalised).
    expectRefusal(
      await validate({ code: code.code, cart_items: cart, customer_phone: '71 555 123' }),
      PROMO_MESSAGES.usedByCustomer,
    );
    expect((await validate({ code: code.code, cart_items: cart, customer_phone: '03 999 888' })).statusCode).toBe(200);
    expect((await validate({ code: code.code, cart_items: cart })).statusCode).toBe(200);
  });

  it('a code switched off: placing an order refuses it at once, validate within PROMO_READ_CACHE_MS', async () => {
    const db = ctx.database.db;
    const code = await createPromoCode(db);
    const cart = [{ product_id: board.id, quantity: 1 }];
    expect((await validate({ code: code.code, cart_items: cart })).statusCode).toBe(200);
    await db.update(promoCodes).set({ isActive: false }).where(eq(promoCodes.id, code.id));
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(cart, { promo_code: code.code }),
    });
    expect(order.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.inactive }]);
    // The cache's time passes on a fake Date (timers stay real), not on a real wait.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + PROMO_READ_CACHE_MS + 1);
      expectRefusal(await validate({ code: code.code, cart_items: cart }), PROMO_MESSAGES.inactive);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a malformed request with field errors', async () => {
    const response = await validate({ code: 'bad code!', cart_items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['code', 'cart_items']));
  });
});

describe('promo code attempts are rate limited per address (docs/product.md#rate-limits)', () => {
  let ctx: TestApp;
  let product: Awaited<ReturnType<typeof createProduct>>;
  beforeAll(async () => {
    ctx = await createTestApp({ promoRateLimit: { limit: 3, windowMs: 60_000 } });
    product = await createProduct(ctx.database.db, { price: 20, stockQuantity: 100 });
  });
  afterAll(() => ctx.close());

  const inject = (url: string, payload: Record<string, unknown>, ip: string) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('validate: every call counts; beyond the limit a 429 saying so, other addresses unaffected', async () => {
    const code = await createPromoCode(ctx.database.db);
    const body = { code: code.code, cart_items: [{ product_id: product.id, quantity: 1 }] };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await inject('/api/promo-codes/validate', body, '10.7.0.1')).statusCode).toBe(200);
    }
    const refused = await inject('/api/promo-codes/validate', body, '10.7.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: PROMO_MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await inject('/api/promo-codes/validate', body, '10.7.0.2')).statusCode).toBe(200);
  });

  it('calculate and orders: unknown codes count against the same limit, known ones do not', async () => {
    const code = await createPromoCode(ctx.database.db);
    const items = [{ product_id: product.id, quantity: 1 }];
    const ip = '10.7.1.1';
    // A known code re-checked on every calculate costs nothing.
    for (let attempt = 0; attempt < 5; attempt++) {
      const known = await inject('/api/orders/calculate', { items, promo_code: code.code }, ip);
      expect(known.json().data.promo).toMatchObject({ code: code.code, discount_amount: 2 });
    }
    for (const guess of ['GUESS1', 'GUESS2']) {
      const unknown = await inject('/api/orders/calculate', { items, promo_code: guess }, ip);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().data).toMatchObject({ promo: null, promo_error: PROMO_MESSAGES.unknown, discount: 0 });
    }
    const order = await inject('/api/orders', orderBody(items, { promo_code: 'GUESS3' }), ip);
    expect(order.statusCode).toBe(400);
    expect(order.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.unknown }]);

    // Three attempts used: now no code is even looked up, the good one neither.
    const blocked = await inject('/api/orders/calculate', { items, promo_code: code.code }, ip);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toMatchObject({
      promo: null,
      promo_error: PROMO_MESSAGES.tooManyAttempts,
      discount: 0,
    });
    const validate = await inject('/api/promo-codes/validate', { code: code.code, cart_items: items }, ip);
    expect(validate.statusCode).toBe(429);
    const placing = await inject('/api/orders', orderBody(items, { promo_code: code.code }), ip);
    expect(placing.statusCode).toBe(429);
    expect(placing.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: PROMO_MESSAGES.tooManyAttempts,
      errors: [{ path: 'promo_code', message: PROMO_MESSAGES.tooManyAttempts }],
    });
    // Without a code the shopper still gets a price and can still order.
    const plain = await inject('/api/orders/calculate', { items }, ip);
    expect(plain.json().data).toMatchObject({ promo: null, promo_error: null });
    expect((await inject('/api/orders', orderBody(items), ip)).statusCode).toBe(201);
  });
});
