import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { prepareInstance } from '#server/startup.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession } from '#shared/contracts/accounts.ts';
import { bearer, SHOPPER_PASSWORD, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/engineering.md#data-rules: authenticator secrets are sealed at rest (AES-256-GCM under a key
 * derived from the instance secret); clear rows from before are sealed at start.
 */
describe('authenticator secrets at rest', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const totp = (secret: string, offsetSteps = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
  const post = (url: string, payload?: object, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.31.0.1',
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
  const storedSecret = async (id: string) =>
    (await ctx.database.db.select({ secret: users.twoFactorSecret }).from(users).where(eq(users.id, id)))[0]?.secret;

  /** The second step of a password sign-in with `code`: its status. */
  async function secondStep(email: string, code: string): Promise<number> {
    const first = await post('/api/account/token', { grant_type: 'password', email, password: SHOPPER_PASSWORD });
    expect(first.statusCode).toBe(200);
    const token = first.json().data.mfa_challenge?.mfa_token;
    expect(token).toBeTruthy();
    return (await post('/api/account/mfa/verify', { mfa_token: token, code })).statusCode;
  }

  async function enrolled(): Promise<{ session: ShopperSession; secret: string }> {
    const session = await signUpShopper(ctx.app);
    const secret: string = (await post('/api/account/factors', undefined, session.access_token)).json().data.secret;
    const done = await post('/api/account/factors/verify', { code: await totp(secret) }, session.access_token);
    expect(done.statusCode).toBe(200);
    return { session, secret };
  }

  it('the column never holds the base32 secret, from enrolment on; codes still work', async () => {
    const session = await signUpShopper(ctx.app);
    const secret: string = (await post('/api/account/factors', undefined, session.access_token)).json().data.secret;
    const pending = await storedSecret(session.user.id);
    expect(pending).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(pending).not.toContain(secret);
    expect(
      (await post('/api/account/factors/verify', { code: await totp(secret) }, session.access_token)).statusCode,
    ).toBe(200);
    const live = await storedSecret(session.user.id);
    expect(live).toMatch(/^v1:/);
    expect(live).not.toContain(secret);
    expect(await secondStep(session.user.email ?? '', await totp(secret, 1))).toBe(200);
  });

  it('a clear row from before still verifies, and is sealed by the next start', async () => {
    const { session } = await enrolled();
    const legacy = generateSecret();
    await ctx.database.db
      .update(users)
      .set({ twoFactorSecret: legacy, twoFactorLastStep: null })
      .where(eq(users.id, session.user.id));
    const email = session.user.email ?? '';
    expect(await secondStep(email, await totp(legacy, -1))).toBe(200);

    // A start with the same instance secret seals it.
    const config = loadConfig({
      DATA_DIR: ctx.config.paths.dataDir,
      SEED_DEMO_DATA: 'false',
      JWT_SECRET: TEST_SECRETS.jwtSecret,
    });
    await prepareInstance(ctx.database, config);
    const sealed = await storedSecret(session.user.id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(legacy);
    expect(await secondStep(email, await totp(legacy, 0))).toBe(200);
    // Sealed values are left alone by a second start.
    await prepareInstance(ctx.database, config);
    expect(await storedSecret(session.user.id)).toBe(sealed);
  });

  it('an altered or moved sealed secret fails closed: every code refused, never a 500', async () => {
    const victim = await enrolled();
    const stored = (await storedSecret(victim.session.user.id)) ?? '';
    // One character of the ciphertext changed.
    const at = stored.length - 5;
    const tampered = stored.slice(0, at) + (stored[at] === 'A' ? 'B' : 'A') + stored.slice(at + 1);
    await ctx.database.db.update(users).set({ twoFactorSecret: tampered }).where(eq(users.id, victim.session.user.id));
    expect(await secondStep(victim.session.user.email ?? '', await totp(victim.secret, 1))).toBe(400);

    // Another account's sealed secret copied onto this row does not open here either.
    const other = await enrolled();
    await ctx.database.db
      .update(users)
      .set({ twoFactorSecret: (await storedSecret(other.session.user.id)) ?? '' })
      .where(eq(users.id, victim.session.user.id));
    expect(await secondStep(victim.session.user.email ?? '', await totp(other.secret, 1))).toBe(400);
  });
});
