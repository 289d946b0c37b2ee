import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMfaToken } from '#server/accounts/mfa-token.ts';
import { ACCOUNT_MESSAGES, type ShopperSession } from '#shared/contracts/accounts.ts';
import { bearer, SHOPPER_PASSWORD, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/** docs/product.md#two-step-sign-in: enrolment, backup codes, the second step, replay and limits. */
describe('shopper two-step sign-in', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  /** The authenticator's code `offsetSteps` periods from now (±1 is accepted as clock drift). */
  const totp = (secret: string, offsetSteps = 0) => generate({ secret, epoch: nowSeconds() + offsetSteps * 30 });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object, ip = '10.22.0.1') =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });

  const signIn = (email: string, password = SHOPPER_PASSWORD) =>
    call('POST', '/api/account/token', undefined, { grant_type: 'password', email, password });

  /** A shopper with two-step sign-in on: its session, secret and backup codes. */
  async function enrolled(): Promise<{ session: ShopperSession; secret: string; codes: string[] }> {
    const session = await signUpShopper(ctx.app);
    const start = await call('POST', '/api/account/factors', session.access_token);
    const secret: string = start.json().data.secret;
    const done = await call('POST', '/api/account/factors/verify', session.access_token, { code: await totp(secret) });
    expect(done.statusCode).toBe(200);
    return { session, secret, codes: done.json().data.backup_codes };
  }

  async function challenge(email: string): Promise<string> {
    const response = await signIn(email);
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result.session).toBeNull();
    expect(result.mfa_challenge.expires_in).toBe(300);
    return result.mfa_challenge.mfa_token;
  }

  it('enrols with a QR code and secret: a wrong code is refused, a right one turns it on with 10 backup codes', async () => {
    const session = await signUpShopper(ctx.app);
    const start = await call('POST', '/api/account/factors', session.access_token);
    expect(start.statusCode).toBe(200);
    const enrolment = start.json().data;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(enrolment.otpauth_uri).toContain('otpauth://totp/');
    expect(enrolment.otpauth_uri).toContain('issuer=Cedar');
    expect(enrolment.otpauth_uri).toContain(encodeURIComponent(session.user.email ?? ''));
    expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await call('POST', '/api/account/factors/verify', session.access_token, {
      code: await totp(enrolment.secret, -20),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('code');
    const stillOff = await call('GET', '/api/account/user', session.access_token);
    expect(stillOff.json().data.two_factor_enabled).toBe(false);

    const right = await call('POST', '/api/account/factors/verify', session.access_token, {
      code: await totp(enrolment.secret),
    });
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().data.backup_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const on = await call('GET', '/api/account/user', session.access_token);
    expect(on.json().data.two_factor_enabled).toBe(true);
    // Once on, a second enrolment would silently replace the secret: refused.
    expect((await call('POST', '/api/account/factors', session.access_token)).statusCode).toBe(409);
  });

  it('turning it on signs out the other devices but keeps this one', async () => {
    const session = await signUpShopper(ctx.app);
    const other = (await signIn(session.user.email ?? '')).json().data.session as ShopperSession;
    const secret = (await call('POST', '/api/account/factors', session.access_token)).json().data.secret;
    await call('POST', '/api/account/factors/verify', session.access_token, { code: await totp(secret) });
    expect((await call('GET', '/api/account/user', other.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/user', session.access_token)).statusCode).toBe(200);
  });

  it('a sign-in then needs the second step; the challenge is no access token and dies when used', async () => {
    const { session, secret, codes } = await enrolled();
    const email = session.user.email ?? '';
    const token = await challenge(email);
    // The challenge never opens the account, here or on the admin side.
    expect((await call('GET', '/api/account/user', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);

    const wrong = await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: token, code: '12345x' });
    expect(wrong.statusCode).toBe(400);

    // The next period's code (clock drift of one step is allowed).
    const code = await totp(secret, 1);
    const done = await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: token, code });
    expect(done.statusCode).toBe(200);
    const signedIn = done.json().data.session as ShopperSession;
    expect(signedIn.user.two_factor_enabled).toBe(true);
    expect((await call('GET', '/api/account/user', signedIn.access_token)).statusCode).toBe(200);

    // Used once: the same challenge with another valid factor is refused.
    const again = await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: token, code: codes[0] });
    expect(again.statusCode).toBe(401);
    // And the same TOTP code on a fresh challenge is a replay.
    const replay = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code,
    });
    expect(replay.statusCode).toBe(400);
    // An older step than the one accepted is refused too.
    const older = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code: await totp(secret, -1),
    });
    expect(older.statusCode).toBe(400);
  });

  it('backup codes work once each, in any case and with or without the dash', async () => {
    const { session, codes } = await enrolled();
    const email = session.user.email ?? '';
    const [first = '', second = ''] = codes;
    const used = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code: first.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().data.session.access_token).toBeTruthy();
    const reused = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code: first,
    });
    expect(reused.statusCode).toBe(400);
    const undashed = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code: second.replace('-', ''),
    });
    expect(undashed.statusCode).toBe(200);
  });

  it('refuses an expired or forged challenge', async () => {
    const { session, codes } = await enrolled();
    const expired = await signMfaToken(session.user.id, TEST_SECRETS.jwtSecret, Date.now() - 301_000);
    const late = await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: expired, code: codes[0] });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This sign-in has expired. Sign in again.');
    const forged = await signMfaToken(session.user.id, 'another-secret-0123456789abcdefghijklmnop');
    expect(
      (await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: forged, code: codes[0] })).statusCode,
    ).toBe(401);
    // An access token is no challenge either.
    expect(
      (await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: session.access_token, code: codes[0] }))
        .statusCode,
    ).toBe(401);
  });

  it('new backup codes need the password and kill the old set', async () => {
    const { session, codes } = await enrolled();
    const wrong = await call('POST', '/api/account/factors/backup-codes', session.access_token, {
      password: 'not-my-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const renewed = await call('POST', '/api/account/factors/backup-codes', session.access_token, {
      password: SHOPPER_PASSWORD,
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().data.backup_codes;
    expect(fresh).toHaveLength(10);
    const email = session.user.email ?? '';
    const old = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code: codes[1],
    });
    expect(old.statusCode).toBe(400);
    const ok = await call('POST', '/api/account/mfa/verify', undefined, {
      mfa_token: await challenge(email),
      code: fresh[0],
    });
    expect(ok.statusCode).toBe(200);
  });

  it('turning it off needs the password (or a code); then a password alone signs in', async () => {
    const { session, secret } = await enrolled();
    const replayed = await call('DELETE', '/api/account/factors', session.access_token, { code: await totp(secret) });
    expect(replayed.statusCode).toBe(400);
    const wrong = await call('DELETE', '/api/account/factors', session.access_token, { password: 'wrong-password-9' });
    expect(wrong.statusCode).toBe(400);
    expect((await call('GET', '/api/account/user', session.access_token)).json().data.two_factor_enabled).toBe(true);
    const off = await call('DELETE', '/api/account/factors', session.access_token, { password: SHOPPER_PASSWORD });
    expect(off.statusCode).toBe(204);
    const plain = await signIn(session.user.email ?? '');
    expect(plain.json().data.session).not.toBeNull();
    expect(plain.json().data.mfa_challenge).toBeNull();
    expect(
      (await call('DELETE', '/api/account/factors', session.access_token, { password: SHOPPER_PASSWORD })).statusCode,
    ).toBe(409);
  });

  it('limits wrong second-step codes per account', async () => {
    const { session } = await enrolled();
    const token = await challenge(session.user.email ?? '');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await call(
        'POST',
        '/api/account/mfa/verify',
        undefined,
        { mfa_token: token, code: 'aaaaa-aaaaa' },
        '10.22.9.9',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // The 429 of docs/product.md#rate-limits says when to come back, like every other limit.
    const refused = await call('POST', '/api/account/mfa/verify', undefined, { mfa_token: token, code: 'aaaaa-aaaaa' });
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});
