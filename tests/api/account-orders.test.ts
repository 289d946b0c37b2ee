import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '#server/auth/tokens.ts';
import { orderStatusHistory, orders } from '#server/orders/orders.table.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe("the signed-in shopper's orders (docs/product.md#account-area)", () => {
  let ctx: TestApp;
  let productId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    productId = (
      await createProduct(ctx.database.db, {
        name: 'Arduino Uno',
        price: 20,
        stockQuantity: 1000,
        images: ['/uploads/uno.webp'],
      })
    ).id;
  });
  afterAll(() => ctx.close());

  const line = (quantity = 1) => [{ product_id: productId, quantity }];
  const place = (body: object, token?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: token ? bearer(token) : {} });
  const customer = (phone: string, email?: string) => ({ name: 'Rami Haddad', phone, ...(email ? { email } : {}) });
  const listOf = (token: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: bearer(token) });
  const detail = (token: string, id: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(token) });
  const verify = (session: ShopperSession, what: 'phone' | 'email') =>
    ctx.database.db
      .update(users)
      .set(what === 'phone' ? { phoneVerifiedAt: new Date() } : { emailVerifiedAt: new Date() })
      .where(eq(users.id, session.user.id));

  it('links a signed-in order to the account and lists it with its detail', async () => {
    const session = await signUpShopper(ctx.app, { phone: '03 700 001' });
    const placed = await place(orderBody(line(2), { customer: customer('03 700 001') }), session.access_token);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.userId).toBe(session.user.id);

    const list = await listOf(session.access_token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [
        {
          id: order.id,
          order_number: order.order_number,
          status: 'pending',
          item_count: 2,
          total: 44.4,
          image: '/uploads/uno.webp',
        },
      ],
      pagination: { page: 1, total: 1, hasNext: false },
    });

    const one = await detail(session.access_token, order.id);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      id: order.id,
      subtotal: 40,
      total: 44.4,
      items: [{ name: 'Arduino Uno', quantity: 2, image: '/uploads/uno.webp' }],
      shipping_address: { city: 'Beirut', street: 'Bliss Street' },
      history: [{ status: 'pending' }],
    });
    expect(one.json().data).not.toHaveProperty('access_token');
    // The confirmation page's token read still answers as before.
    const confirmation = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.access_token}`,
    });
    expect(confirmation.statusCode).toBe(200);
    expect(confirmation.json().data.access_token).toBe(order.access_token);
  });

  it('takes the customer record of a signed-in order placed with a verified contact, never a stranger’s', async () => {
    const session = await signUpShopper(ctx.app, { phone: '03 700 011' });
    // Unverified: the order is linked, the customer record is not.
    const first = (await place(orderBody(line(), { customer: customer('03 700 011') }), session.access_token)).json()
      .data;
    const [before] = await ctx.database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(before?.customerId).toBeNull();
    await verify(session, 'phone');
    await place(orderBody(line(), { customer: customer('03 700 011') }), session.access_token);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, session.user.id));
    const [firstRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(after?.customerId).toBe(firstRow?.customerId);
  });

  it("shows earlier guest orders with the account's verified phone or email, not unverified ones, not others'", async () => {
    const guestPhone = (await place(orderBody(line(), { customer: customer('71 700 021') }))).json().data;
    const guestEmail = (await place(orderBody(line(), { customer: customer('71 700 099', 'Lina@Example.com') }))).json()
      .data;
    const stranger = (await place(orderBody(line(), { customer: customer('71 700 022') }))).json().data;

    const session = await signUpShopper(ctx.app, { phone: '71 700 021', email: 'lina@example.com' });
    // Neither contact verified yet: nothing of the guest's shows, by list or by id.
    expect((await listOf(session.access_token)).json().data).toEqual([]);
    expect((await detail(session.access_token, guestPhone.id)).statusCode).toBe(404);

    await verify(session, 'phone');
    expect((await listOf(session.access_token)).json().data.map((o: { id: string }) => o.id)).toEqual([guestPhone.id]);
    await verify(session, 'email');
    const ids = (await listOf(session.access_token)).json().data.map((o: { id: string }) => o.id);
    expect(ids).toEqual([guestEmail.id, guestPhone.id]);
    expect((await detail(session.access_token, guestEmail.id)).statusCode).toBe(200);
    expect(ids).not.toContain(stranger.id);
    expect((await detail(session.access_token, stranger.id)).statusCode).toBe(404);
  });

  it('pages newest first and shows status changes in the timeline', async () => {
    const session = await signUpShopper(ctx.app);
    const placed = [];
    for (let i = 0; i < 3; i++) {
      placed.push(
        (await place(orderBody(line(), { customer: customer('76 700 031') }), session.access_token)).json().data,
      );
    }
    const first = await listOf(session.access_token, '?limit=2');
    expect(first.json().data.map((o: { id: string }) => o.id)).toEqual([placed[2].id, placed[1].id]);
    expect(first.json().pagination).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true });
    const second = await listOf(session.access_token, '?limit=2&page=2');
    expect(second.json().data.map((o: { id: string }) => o.id)).toEqual([placed[0].id]);
    expect((await listOf(session.access_token, '?limit=0')).statusCode).toBe(400);

    await ctx.database.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, placed[0].id));
    await ctx.database.db
      .insert(orderStatusHistory)
      .values({ orderId: placed[0].id, fromStatus: 'pending', toStatus: 'confirmed', note: 'internal note' });
    const one = (await detail(session.access_token, placed[0].id)).json().data;
    expect(one.status).toBe('confirmed');
    expect(one.history.map((e: { status: string }) => e.status)).toEqual(['pending', 'confirmed']);
    expect(JSON.stringify(one)).not.toContain('internal note');
  });

  it('places a guest order as before, and a bad or revoked token as a guest; an expired one answers 401 TOKEN_EXPIRED', async () => {
    const guest = await place(orderBody(line()));
    expect(guest.statusCode).toBe(201);
    const [guestRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, guest.json().data.id));
    expect(guestRow?.userId).toBeNull();

    const garbage = await place(orderBody(line()), 'not-a-token');
    expect(garbage.statusCode).toBe(201);
    const session = await signUpShopper(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: bearer(session.access_token),
      payload: {},
    });
    const revoked = await place(orderBody(line()), session.access_token);
    expect(revoked.statusCode).toBe(201);
    const [revokedRow] = await ctx.database.db.select().from(orders).where(eq(orders.id, revoked.json().data.id));
    expect(revokedRow?.userId).toBeNull();

    const expired = await signAccessToken(
      { sub: session.user.id, sid: session.user.id, role: 'customer', audience: 'shopper' },
      ctx.app.secrets.jwtSecret,
      60_000,
      Date.now() - 3_600_000,
    );
    const refused = await place(orderBody(line()), expired);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('TOKEN_EXPIRED');
  });

  it('needs a shopper session: 401 without, 403 with a staff token; the token read stays 404 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const staff = (await signInAs(ctx.app, admin.email)).token;
    expect((await listOf(staff)).statusCode).toBe(403);
    const order = (await place(orderBody(line()))).json().data;
    expect((await detail(staff, order.id)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(404);
    const session = await signUpShopper(ctx.app);
    expect((await detail(session.access_token, 'not-an-id')).statusCode).toBe(404);
  });
});
