import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAddresses } from '#server/accounts/accounts.tables.ts';
import { customers } from '#server/customers/customers.table.ts';
import { users } from '#server/users/users.table.ts';
import { CUSTOMER_LOOKUP_TOO_LONG, type CustomerMatch } from '#shared/contracts/customers.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, staffSessionForCustomer } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#admin-endpoints: `GET /admin/customers/lookup?q=`, the New order form's customer
 * search: customers and unlinked shopper accounts by phone (any typed form) or name, at most 8.
 */
describe('admin customer lookup', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let shopperToken: string;
  let nadiaId: string;
  let shopperId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);

    const [nadia] = await db
      .insert(customers)
      .values({
        name: 'Nadia Aoun',
        phone: '+9613555111',
        email: 'nadia@example.com',
        address: { city: 'Byblos', street: 'Old Souk', floor: '2', governorate: 'mount_lebanon' },
      })
      .returning();
    nadiaId = nadia?.id as string;
    await db
      .insert(customers)
      .values([
        { name: 'Karim Saad', phone: '+96170123456' },
        { name: 'Deleted customer', phone: null, anonymisedAt: new Date() },
        ...Array.from({ length: 10 }, (_, i) => ({ name: `Maya Khoury ${i}`, phone: `+961712000${10 + i}` })),
      ]);

    // A shopper account with no customer record yet, known by its name and phone, with a default address.
    const shopper = await createUser(db, { role: 'customer', name: 'Layla Haddad' });
    shopperId = shopper.id;
    await db.update(users).set({ phone: '+96181765432' }).where(eq(users.id, shopper.id));
    await db.insert(accountAddresses).values([
      { userId: shopper.id, label: 'Work', city: 'Jounieh', street: 'Port Road', isDefault: false },
      {
        userId: shopper.id,
        label: 'Home',
        city: 'Zahle',
        street: 'Main Street',
        governorate: 'bekaa',
        isDefault: true,
      },
    ]);
    // An account whose phone is a customer's: that customer is the one listed, once.
    const twin = await createUser(db, { role: 'customer', name: 'Nadia A.' });
    await db.update(users).set({ phone: '+9613555111' }).where(eq(users.id, twin.id));
    shopperToken = await staffSessionForCustomer(ctx.app, shopper);
  });
  afterAll(() => ctx.close());

  const lookup = async (q: string): Promise<CustomerMatch[]> => {
    const response = await api('GET', `/api/admin/customers/lookup?${new URLSearchParams({ q })}`);
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    return response.json().data;
  };

  it('finds a customer by each typed form of the phone, with their last address and zone', async () => {
    for (const q of ['03 555 111', '+961 3 555 111', '9613555111', '009613555111', '3555111', '03-555-111']) {
      const found = await lookup(q);
      expect(found, q).toHaveLength(1);
      expect(found[0], q).toEqual({
        id: nadiaId,
        customer_id: nadiaId,
        user_id: null,
        name: 'Nadia Aoun',
        phone: '+9613555111',
        email: 'nadia@example.com',
        address: { city: 'Byblos', street: 'Old Souk', floor: '2', governorate: 'mount_lebanon' },
        orders_count: 0,
      });
    }
    for (const q of ['70123456', '070 123 456', '+961 70 123 456']) {
      expect(
        (await lookup(q)).map((match) => match.name),
        q,
      ).toEqual(['Karim Saad']);
    }
    // Part of a number: 3 digits or more, anywhere.
    expect((await lookup('555 1')).map((match) => match.name)).toEqual(['Nadia Aoun']);
  });

  it('finds by part of the name, whatever the case, and never an anonymised customer', async () => {
    expect((await lookup('nadia')).map((match) => match.name)).toEqual(['Nadia Aoun']);
    expect((await lookup('SAAD')).map((match) => match.name)).toEqual(['Karim Saad']);
    expect(await lookup('Deleted')).toEqual([]);
    expect(await lookup('nobody by that name')).toEqual([]);
  });

  it("finds a shopper account without a customer record, with the account's default address", async () => {
    const expected = {
      id: shopperId,
      customer_id: null,
      user_id: shopperId,
      name: 'Layla Haddad',
      phone: '+96181765432',
      address: { city: 'Zahle', street: 'Main Street', governorate: 'bekaa' },
      orders_count: 0,
    };
    expect(await lookup('layla')).toEqual([expect.objectContaining(expected)]);
    expect(await lookup('81 765 432')).toEqual([expect.objectContaining(expected)]);
  });

  it('answers at most 8', async () => {
    const found = await lookup('maya');
    expect(found).toHaveLength(8);
    expect(found.map((match) => match.name)).toEqual(Array.from({ length: 8 }, (_, i) => `Maya Khoury ${i}`));
  });

  it('takes odd text literally and never fails on it', async () => {
    for (const q of ['%', '_', '\\', "'; drop table customers; --", '+', '(', '961', '😀', 'a'.repeat(100)]) {
      await lookup(q);
    }
    expect(await lookup('%')).toEqual([]);
  });

  it('refuses a missing, blank or too long q with a 400 in the error shape', async () => {
    for (const url of [
      '/api/admin/customers/lookup',
      '/api/admin/customers/lookup?q=',
      '/api/admin/customers/lookup?q=%20%20',
      `/api/admin/customers/lookup?q=${'a'.repeat(101)}`,
      '/api/admin/customers/lookup?q=a%00b',
    ]) {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(response.json().errors.length, url).toBeGreaterThan(0);
    }
    const long = await api('GET', `/api/admin/customers/lookup?q=${'a'.repeat(101)}`);
    expect(long.json().errors).toEqual([{ path: 'q', message: CUSTOMER_LOOKUP_TOO_LONG }]);
  });

  it('is staff only: 401 without a token, 403 for a shopper', async () => {
    const url = '/api/admin/customers/lookup?q=nadia';
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await ctx.app.inject({ method: 'GET', url, headers: bearer(shopperToken) });
    expect(shopper.statusCode).toBe(403);
  });
});
