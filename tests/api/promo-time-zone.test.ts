import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_MESSAGES, shopToday } from '#shared/promo-codes.ts';
import { createProduct } from '../factories/catalogue.ts';
import { createPromoCode } from '../factories/checkout-promo-codes.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A promo code's dates are the shop's calendar days in the shop's own time zone (settings: site,
 * `time_zone`; docs/product.md#promo-codes), in every place that judges them: validate, the
 * server's check before an order, `cedar_place_order`'s check under the code's row lock
 * (place-order.sql reads `head.time_zone`), and the admin list's status.
 *
 * Two zones 25 hours apart always stand on different dates (Kiritimati, UTC+14, is a day ahead of
 * Pago Pago, UTC−11), whatever the hour the test runs. A code starting on Kiritimati's today is
 * usable there and not yet started in Pago Pago; one ending on Pago Pago's today is usable there
 * and expired in Kiritimati. The database's own check is the one that would refuse each order
 * were it still on Asia/Beirut: for the first code from 10:00 to 22:00 UTC, for the second the
 * other hours, so the pair proves it at any hour.
 */
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

describe("promo code dates follow the shop's time zone", () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let productId: string;
  let startsEast: string;
  let endsWest: string;

  const useZone = (zone: string) => ctx.app.settings.save({ site: { time_zone: zone } }, { actor: null }, true);
  const validate = (code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/promo-codes/validate',
      payload: { code, order_subtotal: 20, cart_items: [{ product_id: productId, quantity: 1, price: 20 }] },
    });
  const order = (code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ product_id: productId, quantity: 1 }], { promo_code: code }),
    });
  const statusOf = async (code: string) => {
    const response = await api('GET', `/api/admin/promo-codes?search=${code}`);
    expect(response.statusCode).toBe(200);
    return (response.json().data as { code: string; status: string }[]).find((row) => row.code === code)?.status;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const staff = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    productId = (await createProduct(db, { name: 'Zone lamp', price: 20, stockQuantity: 100 })).id;
    const now = new Date();
    expect(shopToday(now, EAST) > shopToday(now, WEST)).toBe(true);
    startsEast = (await createPromoCode(db, { code: 'STARTSEAST', startDate: shopToday(now, EAST) })).code;
    endsWest = (await createPromoCode(db, { code: 'ENDSWEST', endDate: shopToday(now, WEST) })).code;
  });
  afterAll(async () => {
    await useZone('Asia/Beirut');
    await ctx.close();
  });

  it('a code starting on the shop’s today is taken there, and is not started a day behind', async () => {
    await useZone(EAST);
    expect((await validate(startsEast)).statusCode).toBe(200);
    const placed = await order(startsEast);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.promo_code).toBe('STARTSEAST');
    expect(await statusOf(startsEast)).toBe('active');

    await useZone(WEST);
    const refused = await validate(startsEast);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PROMO_MESSAGES.notStarted);
    const refusedOrder = await order(startsEast);
    expect(refusedOrder.statusCode).toBe(400);
    expect(refusedOrder.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.notStarted }]);
    expect(await statusOf(startsEast)).toBe('scheduled');
  });

  it('a code ending on the shop’s today is taken there, and has expired a day ahead', async () => {
    await useZone(WEST);
    expect((await validate(endsWest)).statusCode).toBe(200);
    const placed = await order(endsWest);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await statusOf(endsWest)).toBe('active');

    await useZone(EAST);
    const refused = await order(endsWest);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'promo_code', message: PROMO_MESSAGES.expired }]);
    expect(await statusOf(endsWest)).toBe('expired');
  });
});
