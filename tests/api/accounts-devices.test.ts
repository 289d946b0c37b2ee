import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ORDERS_MESSAGE } from '#server/accounts/account-deletion.service.ts';
import { auditLogs } from '#server/audit/audit.table.ts';
import { customers } from '#server/customers/customers.table.ts';
import { orders } from '#server/orders/orders.table.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, SHOPPER_PASSWORD, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#account-area: signed-in devices, signing out one or all, deleting the account. */
describe('shopper devices and account deletion', () => {
  let ctx: TestApp;
  let admin: ReturnType<typeof apiAs>;
  let productId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    admin = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    productId = (await createProduct(ctx.database.db, { name: 'Desk Lamp', price: 40, stockQuantity: 100 })).id;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function signInAgain(email: string, userAgent: string, ip: string): Promise<ShopperSession> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { grant_type: 'password', email, password: SHOPPER_PASSWORD },
    });
    return response.json().data.session;
  }

  it('lists the live devices, marks this one, and signs one out', async () => {
    const laptop = await signUpShopper(ctx.app);
    const email = laptop.user.email ?? '';
    const phone = await signInAgain(email, 'Mozilla/5.0 (iPhone) Safari', '10.33.0.2');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
      remoteAddress: '10.33.0.9',
      payload: { grant_type: 'refresh_token', refresh_token: phone.refresh_token },
    });
    const phoneNow = refreshed.json().data.session as ShopperSession;

    const list = await call('GET', '/api/account/sessions', laptop.access_token);
    expect(list.statusCode).toBe(200);
    const devices = list.json().data;
    expect(devices).toHaveLength(2);
    const current = devices.find((device: { current: boolean }) => device.current);
    const other = devices.find((device: { current: boolean }) => !device.current);
    // A refresh is activity: one family, its origin the latest refresh's.
    expect(other).toMatchObject({ user_agent: 'Mozilla/5.0 (iPhone) Safari', ip: '10.33.0.9' });
    expect(Date.parse(other.last_active_at)).toBeGreaterThanOrEqual(Date.parse(other.signed_in_at));
    expect(current.id).not.toBe(other.id);

    // Another shopper's device, or an unknown id, is not found.
    const stranger = await signUpShopper(ctx.app);
    expect((await call('DELETE', `/api/account/sessions/${other.id}`, stranger.access_token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/account/sessions/${randomUUID()}`, laptop.access_token)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/account/sessions/${other.id}`, laptop.access_token)).statusCode).toBe(204);
    expect((await call('GET', '/api/account/user', phoneNow.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/user', laptop.access_token)).statusCode).toBe(200);
    const after = (await call('GET', '/api/account/sessions', laptop.access_token)).json().data;
    expect(after).toHaveLength(1);
    expect(after[0].current).toBe(true);
    // Signed out already: a second revoke is a 404.
    expect((await call('DELETE', `/api/account/sessions/${other.id}`, laptop.access_token)).statusCode).toBe(404);
  });

  it('signs out everywhere with the global logout', async () => {
    const first = await signUpShopper(ctx.app);
    const second = await signInAgain(first.user.email ?? '', 'Tablet', '10.33.0.3');
    const logout = await call('POST', '/api/account/logout', first.access_token, { scope: 'global' });
    expect(logout.statusCode).toBe(204);
    expect((await call('GET', '/api/account/user', first.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/user', second.access_token)).statusCode).toBe(401);
  });

  /** A shopper whose account is linked to the customer record of an order placed with its phone. */
  async function shopperWithOrder(phone: string) {
    const session = await signUpShopper(ctx.app, { phone, name: 'Lina Khoury' });
    const order = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], {
        customer: { name: 'Lina Khoury', phone, email: 'lina@example.com' },
        notes: 'Call Lina at the door',
      }),
    );
    const db = ctx.database.db;
    const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, order.id));
    const customerId = row?.customerId ?? null;
    expect(customerId).not.toBeNull();
    // The link checkout makes for a signed-in shopper (another part of the accounts work).
    await db.update(users).set({ customerId }).where(eq(users.id, session.user.id));
    await db.update(orders).set({ userId: session.user.id }).where(eq(orders.id, order.id));
    return { session, order, customerId: customerId as string };
  }

  it('deletes the account: password confirmed, sessions end, sign-in fails, orders kept but anonymised', async () => {
    const { session, order, customerId } = await shopperWithOrder('03 777 201');
    const db = ctx.database.db;

    const openOrder = await call('DELETE', '/api/account', session.access_token, { password: SHOPPER_PASSWORD });
    expect(openOrder.statusCode).toBe(409);
    expect(openOrder.json().message).toBe(OPEN_ORDERS_MESSAGE);
    expect((await admin('PUT', `/api/admin/orders/${order.id}`, { status: 'cancelled' })).statusCode).toBe(200);

    const wrong = await call('DELETE', '/api/account', session.access_token, { password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect((await call('GET', '/api/account/user', session.access_token)).statusCode).toBe(200);
    const missing = await call('DELETE', '/api/account', session.access_token, {});
    expect(missing.statusCode).toBe(400);

    const deleted = await call('DELETE', '/api/account', session.access_token, { password: SHOPPER_PASSWORD });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/account/user', session.access_token)).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'password', phone: '03 777 201', password: SHOPPER_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, session.user.id))).toEqual([]);

    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      customerId,
      userId: null,
      customerName: 'Deleted customer',
      customerPhone: '',
      customerEmail: null,
      notes: null,
    });
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({ name: 'Deleted customer', phone: null, email: null });

    // The audit keeps the event, not the person.
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.entityId, session.user.id));
    const event = audit.find((row) => row.action === 'account.delete');
    expect(event).toMatchObject({ userId: null, userEmail: null, ip: null, before: null, after: null });
    const everything = JSON.stringify(await db.select().from(auditLogs));
    expect(everything).not.toContain('+9613777201');
    expect(everything).not.toContain('Lina');

    // The phone is free again for a new account.
    await expect(signUpShopper(ctx.app, { phone: '03 777 201' })).resolves.toMatchObject({
      user: { phone: '+9613777201' },
    });
  });

  it('deletes an account without orders or customer record outright', async () => {
    const session = await signUpShopper(ctx.app);
    const deleted = await call('DELETE', '/api/account', session.access_token, { password: SHOPPER_PASSWORD });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, session.user.id))).toEqual([]);
  });
});
