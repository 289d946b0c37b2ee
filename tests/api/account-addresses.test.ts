import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_LIMIT, ADDRESS_MESSAGES } from '#shared/contracts/accounts.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('account address book (docs/product.md#account-area)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const address = (label: string, extra: Record<string, unknown> = {}) => ({
    label,
    city: 'Beirut, Hamra',
    street: 'Bliss Street',
    building: 'Nour',
    floor: '3',
    notes: 'Blue door',
    ...extra,
  });
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/account/addresses${url}`, headers: bearer(token), payload });
  const list = async (token: string) =>
    (await call(token, 'GET', '')).json().data as { id: string; label: string; is_default: boolean }[];

  it('makes the first address the default, switches the default, and promotes the newest on delete', async () => {
    const { access_token: token } = await signUpShopper(ctx.app);
    const home = await call(token, 'POST', '', address('Home', { is_default: false }));
    expect(home.statusCode).toBe(201);
    expect(home.json().data).toMatchObject({ label: 'Home', city: 'Beirut, Hamra', floor: '3', is_default: true });

    const work = (await call(token, 'POST', '', address('Work', { building: '' }))).json().data;
    expect(work.is_default).toBe(false);
    expect(work).not.toHaveProperty('building');
    const gym = (await call(token, 'POST', '', address('Gym', { is_default: true }))).json().data;
    expect(gym.is_default).toBe(true);
    expect((await list(token)).map((a) => [a.label, a.is_default])).toEqual([
      ['Gym', true],
      ['Work', false],
      ['Home', false],
    ]);

    // Editing another into the default clears the old one; false on the default changes nothing.
    const edited = await call(
      token,
      'PUT',
      `/${home.json().data.id}`,
      address('Home sweet home', { is_default: true }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ label: 'Home sweet home', is_default: true });
    const kept = await call(token, 'PUT', `/${home.json().data.id}`, address('Home', { is_default: false }));
    expect(kept.json().data.is_default).toBe(true);
    expect((await list(token)).filter((a) => a.is_default)).toHaveLength(1);

    // Deleting the default promotes the newest remaining (Gym, added after Work).
    expect((await call(token, 'DELETE', `/${home.json().data.id}`)).statusCode).toBe(204);
    expect((await list(token)).map((a) => [a.label, a.is_default])).toEqual([
      ['Gym', true],
      ['Work', false],
    ]);
    expect((await call(token, 'DELETE', `/${gym.id}`)).statusCode).toBe(204);
    expect(await list(token)).toMatchObject([{ label: 'Work', is_default: true }]);
  });

  it(`keeps at most ${ADDRESS_BOOK_LIMIT} addresses`, async () => {
    const { access_token: token } = await signUpShopper(ctx.app);
    for (let i = 0; i < ADDRESS_BOOK_LIMIT; i++) {
      expect((await call(token, 'POST', '', address(`Place ${i}`))).statusCode).toBe(201);
    }
    const over = await call(token, 'POST', '', address('One more'));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CONFLICT', message: ADDRESS_MESSAGES.limit });
    expect(await list(token)).toHaveLength(ADDRESS_BOOK_LIMIT);
  });

  it("answers 404 for another shopper's address and leaves it alone", async () => {
    const owner = await signUpShopper(ctx.app);
    const other = await signUpShopper(ctx.app);
    const id = (await call(owner.access_token, 'POST', '', address('Mine'))).json().data.id;
    expect((await call(other.access_token, 'PUT', `/${id}`, address('Stolen'))).statusCode).toBe(404);
    expect((await call(other.access_token, 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call(other.access_token, 'DELETE', `/${randomUUID()}`)).statusCode).toBe(404);
    expect(await list(other.access_token)).toEqual([]);
    expect(await list(owner.access_token)).toMatchObject([{ id, label: 'Mine' }]);
  });

  it('refuses bad input with 400 and the field', async () => {
    const { access_token: token } = await signUpShopper(ctx.app);
    const noLabel = await call(token, 'POST', '', { city: 'Beirut', street: 'Bliss Street' });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().errors.map((e: { path: string }) => e.path)).toContain('label');
    const shortCity = await call(token, 'POST', '', address('Home', { city: 'B' }));
    expect(shortCity.statusCode).toBe(400);
    const extra = await call(token, 'POST', '', address('Home', { user_id: randomUUID() }));
    expect(extra.statusCode).toBe(400);
    expect((await call(token, 'PUT', '/not-an-id', address('Home'))).statusCode).toBe(400);
    expect(await list(token)).toEqual([]);
  });

  it('needs a shopper session: 401 without one, 403 with a staff token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/addresses' })).statusCode).toBe(401);
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    const staff = (await signInAs(ctx.app, admin.email)).token;
    expect((await call(staff, 'GET', '')).statusCode).toBe(403);
    expect((await call(staff, 'POST', '', address('Home'))).statusCode).toBe(403);
  });
});
