import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { users } from '#server/users/users.table.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { bearer, createUser, signInAs, TEST_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('admin users', () => {
  let ctx: TestApp;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx.database.db, { email: 'boss@cedar.test', name: 'Boss', role: 'super_admin' });
    await createUser(ctx.database.db, { email: 'helper@cedar.test', name: 'Nour Helper', role: 'admin' });
    await createUser(ctx.database.db, { email: 'buyer@example.com', name: 'Buyer', role: 'customer' });
    await createUser(ctx.database.db, { email: 'gone@example.com', name: 'Gone', role: 'customer', isActive: false });
    token = (await signInAs(ctx.app, admin.email)).token;
  });
  afterAll(() => ctx.close());

  const list = (query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(token) });
  const setStatus = (id: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${id}/status`, headers: bearer(token), payload });

  it('lists staff newest first with pagination, never a password hash nor a shopper', async () => {
    const response = await list('?limit=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(1);
    expect(body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2, hasNext: true, hasPrev: false });
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      email: 'helper@cedar.test',
      name: 'Nour Helper',
      role: 'admin',
      avatar_url: null,
      is_active: true,
      last_login_at: null,
      created_at: expect.any(String),
      status: 'active',
      two_factor_enabled: false,
      last_login_ip: null,
    });
    expect(response.body).not.toMatch(/argon2|password/i);
    expect((await list('?page=2&limit=1')).json().pagination).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
  });

  it("shows each member's status, two-step sign-in and last sign-in with its address", async () => {
    const signedIn = new Date('2026-11-20T08:30:00Z');
    await ctx.database.db
      .update(users)
      .set({ twoFactorEnabledAt: new Date(), lastLoginAt: signedIn, lastLoginIp: '203.0.113.9' })
      .where(eq(users.email, 'helper@cedar.test'));
    const [helper] = (await list('?search=helper')).json().data;
    expect(helper).toMatchObject({
      status: 'active',
      two_factor_enabled: true,
      last_login_at: signedIn.toISOString(),
      last_login_ip: '203.0.113.9',
    });
    // Never the authenticator secret, even with two-step sign-in on.
    expect(JSON.stringify(helper)).not.toMatch(/secret/i);
    await ctx.database.db
      .update(users)
      .set({ twoFactorEnabledAt: null, lastLoginAt: null, lastLoginIp: null })
      .where(eq(users.email, 'helper@cedar.test'));
  });

  it('filters by search, role and status', async () => {
    const emails = async (query: string) =>
      (await list(query))
        .json()
        .data.map((user: { email: string }) => user.email)
        .sort();
    expect(await emails('?search=nour')).toEqual(['helper@cedar.test']);
    expect(await emails('?search=CEDAR.TEST')).toEqual(['boss@cedar.test', 'helper@cedar.test']);
    expect(await emails('?search=%25')).toEqual([]);
    expect(await emails('?role=admin')).toEqual(['helper@cedar.test']);
    expect(await emails('?search=example.com')).toEqual([]);
    expect(await emails('?is_active=false')).toEqual([]);
    // Shoppers are managed under Customers: the role is not a filter here.
    expect((await list('?role=customer')).statusCode).toBe(400);
    expect((await list('?role=owner')).statusCode).toBe(400);
    expect((await list('?limit=500')).statusCode).toBe(400);
  });

  it('disables a user: their sessions end at once, they cannot sign in, and it is audited', async () => {
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const theirs = await signInAs(ctx.app, staff.email);
    const response = await setStatus(staff.id, { is_active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: staff.id, is_active: false, status: 'disabled' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(theirs.token) });
    expect(me.statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: theirs.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    const enabled = await setStatus(staff.id, { is_active: true });
    expect(enabled.json().data).toMatchObject({ is_active: true, status: 'active' });
    expect((await signInAs(ctx.app, staff.email)).user.id).toBe(staff.id);

    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'user.status_changed'), eq(auditLogs.entityId, staff.id)));
    expect(audit.map((row) => [row.before, row.after])).toEqual(
      expect.arrayContaining([
        [{ is_active: true }, { is_active: false }],
        [{ is_active: false }, { is_active: true }],
      ]),
    );
    expect(audit[0]).toMatchObject({ userId: admin.id, userEmail: 'boss@cedar.test', entityType: 'user' });
  });

  it('refuses to disable yourself with 409', async () => {
    const response = await setStatus(admin.id, { is_active: false });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: AUTH_MESSAGES.cannotDisableSelf,
      statusCode: 409,
      code: 'CONFLICT',
      errors: [],
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a bad id or body', async () => {
    const unknown = await setStatus('00000000-0000-4000-8000-000000000000', { is_active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await setStatus('not-a-uuid', { is_active: false })).statusCode).toBe(400);
    expect((await setStatus(admin.id, { is_active: 'no' })).statusCode).toBe(400);
  });
});
