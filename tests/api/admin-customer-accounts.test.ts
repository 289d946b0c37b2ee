import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { authSessions } from '#server/auth/sessions.table.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES, type ShopperSession } from '#shared/contracts/accounts.ts';
import { CUSTOMER_NO_ACCOUNT_MESSAGE, type Customer } from '#shared/contracts/customers.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, SHOPPER_PASSWORD, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#accounts-in-the-admin: the account on a customer, disabling it, staff-only users list. */
describe('admin: customer accounts', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let adminId: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    adminId = admin.id;
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    productId = (await createProduct(ctx.database.db, { name: 'Multimeter', price: 30, stockQuantity: 500 })).id;
  });
  afterAll(() => ctx.close());

  /** A customer made by a guest checkout, and a shopper account linked to it in the database. */
  async function customerWithAccount(phone: string, email: string) {
    const order = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Lina Saad', phone, email } }),
    );
    const detail = (await api('GET', `/api/admin/orders/${order.id}`)).json().data;
    const customerId: string = detail.customer.id;
    const session = await signUpShopper(ctx.app, { email, phone });
    await ctx.database.db.update(users).set({ customerId }).where(eq(users.id, session.user.id));
    return { customerId, session };
  }

  const getCustomer = async (id: string): Promise<Customer> =>
    (await api('GET', `/api/admin/customers/${id}`)).json().data;
  const setAccount = (customerId: string, payload: unknown) =>
    api('PUT', `/api/admin/customers/${customerId}/account`, payload);
  const signIn = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'password', email, password: SHOPPER_PASSWORD },
      remoteAddress: '10.44.0.1',
    });

  it('shows a guest with no account, and a linked account with its contacts, verification and two-step', async () => {
    const guest = await api('POST', '/api/admin/customers', { name: 'Guest Only', phone: '03 777 001' });
    expect(guest.statusCode).toBe(201);
    expect(guest.json().data.account).toBeNull();

    const { customerId, session } = await customerWithAccount('03 777 002', 'lina.saad@example.com');
    const before = await getCustomer(customerId);
    expect(before.account).toEqual({
      user_id: session.user.id,
      email: 'lina.saad@example.com',
      phone: '+9613777002',
      email_verified: false,
      phone_verified: false,
      two_factor_enabled: false,
      is_active: true,
      last_login_at: expect.any(String),
      created_at: expect.any(String),
    });

    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), twoFactorEnabledAt: new Date(), twoFactorSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(users.id, session.user.id));
    const response = await api('GET', `/api/admin/customers/${customerId}`);
    expect(response.json().data.account).toMatchObject({
      email_verified: true,
      phone_verified: false,
      two_factor_enabled: true,
    });
    // Nothing secret leaves: no hash, no two-step secret.
    expect(response.body).not.toMatch(/argon2|password|JBSWY3DPEHPK3PXP|two_factor_secret/i);

    const list = await api('GET', '/api/admin/customers?limit=100');
    const rows: Customer[] = list.json().data;
    expect(rows.find((row) => row.id === customerId)?.account?.user_id).toBe(session.user.id);
    expect(rows.find((row) => row.id === guest.json().data.id)?.account).toBeNull();
    expect(list.body).not.toMatch(/JBSWY3DPEHPK3PXP/);
  });

  it('filters the list by having an account', async () => {
    const { customerId } = await customerWithAccount('03 777 003', 'filter.me@example.com');
    const ids = async (query: string) =>
      ((await api('GET', `/api/admin/customers?limit=100${query}`)).json().data as Customer[]).map((row) => row.id);
    const withAccount = await ids('&has_account=true');
    const without = await ids('&has_account=false');
    expect(withAccount).toContain(customerId);
    expect(without).not.toContain(customerId);
    expect(without.length).toBeGreaterThan(0);
    const page = (await api('GET', '/api/admin/customers?has_account=true&limit=1')).json();
    expect(page.pagination.total).toBe(withAccount.length);
    expect((await api('GET', '/api/admin/customers?has_account=maybe')).statusCode).toBe(400);
  });

  it('disables an account: its sessions end at once, it cannot sign in, it is audited; enabling restores it', async () => {
    const email = 'disable.me@example.com';
    const { customerId, session } = await customerWithAccount('03 777 004', email);
    const second: ShopperSession = (await signIn(email)).json().data.session;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(second.access_token) }))
        .statusCode,
    ).toBe(200);

    const disabled = await setAccount(customerId, { is_active: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data).toMatchObject({ user_id: session.user.id, is_active: false });
    expect((await getCustomer(customerId)).account?.is_active).toBe(false);

    for (const token of [session.access_token, second.access_token]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    const live = await ctx.database.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.userId, session.user.id));
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/token',
      payload: { grant_type: 'refresh_token', refresh_token: second.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const refused = await signIn(email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);

    // Disabling again changes nothing and writes no second audit row.
    expect((await setAccount(customerId, { is_active: false })).statusCode).toBe(200);

    const enabled = await setAccount(customerId, { is_active: true });
    expect(enabled.json().data.is_active).toBe(true);
    expect((await signIn(email)).statusCode).toBe(200);

    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'user.status_changed'), eq(auditLogs.entityId, session.user.id)));
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [
        { is_active: true, customer_id: customerId },
        { is_active: false, customer_id: customerId },
      ],
      [
        { is_active: false, customer_id: customerId },
        { is_active: true, customer_id: customerId },
      ],
    ]);
    expect(audit[0]).toMatchObject({ userId: adminId, entityType: 'user' });
  });

  it('answers 404 for an unknown customer or one without an account, 400 for a bad id or body', async () => {
    const unknown = await setAccount('00000000-0000-4000-8000-000000000000', { is_active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');

    const guest = (await api('POST', '/api/admin/customers', { name: 'No Account', phone: '03 777 005' })).json().data;
    const none = await setAccount(guest.id, { is_active: false });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(CUSTOMER_NO_ACCOUNT_MESSAGE);

    expect((await setAccount('not-a-uuid', { is_active: false })).statusCode).toBe(400);
    expect((await setAccount(guest.id, { is_active: 'no' })).statusCode).toBe(400);
    expect((await setAccount(guest.id, { is_active: false, extra: 1 })).statusCode).toBe(400);
    expect((await setAccount(guest.id, {})).statusCode).toBe(400);
  });

  it('is for staff only: 401 without a token, 403 with a shopper token', async () => {
    const { customerId, session } = await customerWithAccount('03 777 006', 'nosy@example.com');
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${customerId}/account`,
      payload: { is_active: false },
    });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${customerId}/account`,
      headers: bearer(session.access_token),
      payload: { is_active: false },
    });
    expect(shopper.statusCode).toBe(403);
    expect((await getCustomer(customerId)).account?.is_active).toBe(true);
  });

  it('keeps shoppers out of /admin/users', async () => {
    const { session } = await customerWithAccount('03 777 007', 'not.staff@example.com');
    const staff = await api('GET', '/api/admin/users?limit=100');
    expect(staff.statusCode).toBe(200);
    const listed = (staff.json().data as { id: string; role: string }[]).map((user) => user.id);
    expect(listed).not.toContain(session.user.id);
    expect(listed).toContain(adminId);
    expect((await api('GET', '/api/admin/users?role=customer')).statusCode).toBe(400);
  });
});
