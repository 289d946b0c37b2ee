import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '#server/accounts/accounts.tables.ts';
import { consumeCode, issueSecret } from '#server/accounts/verification.service.ts';
import { saveReviewSettings } from '#server/reviews/review-settings.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { TWO_FACTOR_LIMITS } from '#server/two-factor/two-factor-guard.ts';
import { ONE_TIME_CODE_MAX_ATTEMPTS } from '#shared/contracts/accounts.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { createProduct } from '../factories/catalogue.ts';
import { createPromoCode } from '../factories/checkout-promo-codes.ts';
import { lastCodeTo } from '../helpers/account-outbox.ts';
import { bearer, createUser, SHOPPER_PASSWORD, signInAs, signUpShopper, TEST_PASSWORD } from '../helpers/auth.ts';
import { orderBody, orderCount } from '../helpers/orders.ts';
import { deleteKeys, Redis, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../helpers/redis.ts';
import { reviewBody, reviewsApi } from '../helpers/shopper-reviews.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

/**
 * Issue 31: every limited action, sent N ≥ 4× its limit requests at once, judges at most the
 * limit (docs/product.md#rate-limits: counted atomically before the guarded work, given back on
 * success). Run on one server with its in-memory limits and, when a Redis answers (CI has one),
 * on two servers sharing the database and Redis, the burst split across both.
 */

const LIMIT = 3;
const WINDOW = { limit: LIMIT, windowMs: 60_000 };
const BURST = 4 * LIMIT + 4;

const setups = [
  { name: 'one server, limits in memory', redis: false },
  // Without Redis only the first runs; under .ci/run a missing Redis fails the file (redisForTests).
  ...((await redisForTests()) ? [{ name: 'two servers sharing Redis', redis: true }] : []),
];

let ipCounter = 0;
/** A client address no other request in this file uses. */
const freshIp = () => {
  ipCounter += 1;
  return `10.131.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
let phoneCounter = 0;
const freshPhone = () => `+96176${String(300_000 + ++phoneCounter).padStart(6, '0')}`;

const judged = (responses: LightMyRequestResponse[]) => responses.filter((response) => response.statusCode !== 429);

/** Every refusal is the documented 429 with `retry-after`. */
function expectRefusalsWellFormed(responses: LightMyRequestResponse[]): void {
  for (const response of responses.filter((r) => r.statusCode === 429)) {
    expect(response.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', errors: expect.any(Array) });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }
}

describe.each(setups)('parallel bursts against every limit ($name)', ({ redis }) => {
  const prefix = uniquePrefix();
  let first: TestApp;
  let second: TestApp;
  /** The server that takes the i-th request of a burst (alternating when there are two). */
  const server = (i: number) => (i % 2 === 0 ? first : second);

  beforeAll(async () => {
    const options: TestAppOptions = {
      ...(redis ? { env: { REDIS_URL: TEST_REDIS_URL }, rateLimitPrefix: prefix } : {}),
      authRateLimits: {
        loginFailuresPerAccount: WINDOW,
        loginFailuresPerAccountAndAddress: WINDOW,
        loginAttemptsPerIp: { limit: 1_000, windowMs: 60_000 },
        registrationsPerIp: WINDOW,
      },
      accountCodeLimits: { codesPerDestination: WINDOW, codesPerIp: WINDOW, checksPerIp: WINDOW },
      orderRateLimit: WINDOW,
      promoRateLimit: WINDOW,
      reviewRateLimits: { writes: WINDOW },
    };
    first = await createTestApp(options);
    second = redis ? await createTestApp({ ...options, database: first.database }) : first;
    await saveReviewSettings(first.database.db, { moderation: 'none', banned_words: [] });
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    if (redis) {
      const client = new Redis(TEST_REDIS_URL);
      await deleteKeys(client, prefix);
      await client.quit();
    }
  });

  const post = (i: number, url: string, payload: object, ip = freshIp(), headers: Record<string, string> = {}) =>
    server(i).app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip, headers });

  /**
   * A password burst at one account: BURST wrong passwords from as many addresses, then the right
   * one from yet another, all at once. At most LIMIT may be judged, and the right password sent
   * once the limit is spent must not get in.
   */
  async function passwordBurst(url: string, body: (password: string) => object): Promise<void> {
    const wrong = Array.from({ length: BURST }, (_, i) => post(i, url, body(`wrong-password-${i}`)));
    const right = post(BURST, url, body('RIGHT'));
    const responses = await Promise.all([...wrong, right]);
    // Which requests are judged depends on arrival order (two servers, two Redis clients): the
    // right password may be among them, but never beyond the LIMIT judged in all.
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
    // Locked for a new address afterwards too, on either server.
    for (const i of [0, 1]) expect((await post(i, url, body('RIGHT'))).statusCode).toBe(429);
  }

  it('staff sign-in (POST /auth/login): at most the limit judged, the right password included, then locked', async () => {
    const staff = await createUser(first.database.db, { role: 'admin' });
    await passwordBurst('/auth/login', (password) => ({
      email: staff.email,
      password: password === 'RIGHT' ? TEST_PASSWORD : password,
    }));
  });

  it('shopper sign-in (POST /account/token, password grant): at most the limit judged', async () => {
    const shopper = await signUpShopper(first.app);
    await passwordBurst('/account/token', (password) => ({
      grant_type: 'password',
      email: shopper.user.email,
      password: password === 'RIGHT' ? SHOPPER_PASSWORD : password,
    }));
  });

  it('sign-in code check (POST /account/verify): a code is compared at most 5 times, then dies', async () => {
    const phone = freshPhone();
    const shopper = await signUpShopper(first.app, { phone });
    // Sign-in codes go only to a proved contact (decision 018): the sign-up's code proves the phone.
    const signUpCode = await lastCodeTo(first, phone);
    expect(
      (await post(0, '/account/verify-phone', { code: signUpCode }, freshIp(), bearer(shopper.access_token)))
        .statusCode,
    ).toBe(200);
    expect((await post(0, '/account/otp', { phone })).statusCode).toBe(202);
    const code = await lastCodeTo(first, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const burst = 5 * ONE_TIME_CODE_MAX_ATTEMPTS;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) => post(i, '/account/verify', { type: 'sign_in', phone, code: wrongCode })),
    );
    expect(responses.every((response) => response.statusCode === 400)).toBe(true);
    // The right code only once the burst is answered: sent with it, on two servers nothing orders
    // it after the wrong ones, and compared before the fifth it would rightly pass.
    const [row] = await first.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, shopper.user.id), eq(verificationCodes.purpose, 'sign_in')));
    expect(row?.attempts).toBeLessThanOrEqual(ONE_TIME_CODE_MAX_ATTEMPTS);
    expect((await post(1, '/account/verify', { type: 'sign_in', phone, code })).statusCode).toBe(400);
  });

  it('consumeCode itself: 25 parallel wrong codes take at most 5 tries, then the right one is refused', async () => {
    // Straight at the service as well: on PGlite, requests through one server run their queries
    // one request after another, while these calls interleave on the embedded database too.
    const db = first.database.db;
    const phone = freshPhone();
    const shopper = await signUpShopper(first.app, { phone });
    const code = await issueSecret(db, {
      userId: shopper.user.id,
      purpose: 'sign_in',
      channel: 'sms',
      destination: phone,
      kind: 'code',
    });
    const wrongCode = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 5 * ONE_TIME_CODE_MAX_ATTEMPTS }, () =>
        consumeCode(db, { userId: shopper.user.id, purpose: 'sign_in', code: wrongCode }),
      ),
    );
    expect(tries.every((row) => row === undefined)).toBe(true);
    const [row] = await db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, shopper.user.id), eq(verificationCodes.purpose, 'sign_in')));
    expect(row?.attempts).toBeLessThanOrEqual(ONE_TIME_CODE_MAX_ATTEMPTS);
    expect(await consumeCode(db, { userId: shopper.user.id, purpose: 'sign_in', code })).toBeUndefined();
  });

  it('code checks per address (POST /account/verify): at most the limit judged', async () => {
    const ip = freshIp();
    const phone = freshPhone();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post(i, '/account/verify', { type: 'sign_in', phone, code: '123456' }, ip),
      ),
    );
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
  });

  it('two-step check (POST /account/mfa/verify): at most the per-account limit judged, the right code included', async () => {
    const totp = (secret: string, offsetSteps = 0) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
    const session = await signUpShopper(first.app);
    const token = session.access_token;
    const start = await post(0, '/account/factors', {}, freshIp(), bearer(token));
    const secret: string = start.json().data.secret;
    const on = await post(0, '/account/factors/verify', { code: await totp(secret) }, freshIp(), bearer(token));
    expect(on.statusCode).toBe(200);
    const signIn = await post(0, '/account/token', {
      grant_type: 'password',
      email: session.user.email,
      password: SHOPPER_PASSWORD,
    });
    const mfaToken: string = signIn.json().data.mfa_challenge.mfa_token;
    const right = await totp(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const limit = TWO_FACTOR_LIMITS.failuresPerUser.limit;
    const burst = 4 * limit;
    const responses = await Promise.all([
      ...Array.from({ length: burst }, (_, i) => post(i, '/account/mfa/verify', { mfa_token: mfaToken, code: wrong })),
      post(burst, '/account/mfa/verify', { mfa_token: mfaToken, code: right }),
    ]);
    // The right code may be judged (arrival order is not fixed), but at most `limit` are.
    expect(judged(responses).length).toBeLessThanOrEqual(limit);
    expectRefusalsWellFormed(responses);
  });

  it('staff two-step check (POST /auth/login/two-factor): at most the per-account limit judged, the right code included', async () => {
    const totp = (secret: string, offsetSteps = 0) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
    const staff = await createUser(first.database.db, { role: 'admin' });
    const signedIn = await post(0, '/auth/login', { email: staff.email, password: TEST_PASSWORD });
    const token: string = signedIn.json().data.token;
    const setup = await post(0, '/admin/security/2fa/setup', {}, freshIp(), bearer(token));
    const secret: string = setup.json().data.secret;
    const on = await post(0, '/admin/security/2fa/verify', { token: await totp(secret) }, freshIp(), bearer(token));
    expect(on.statusCode).toBe(200);
    const challenge = await post(0, '/auth/login', { email: staff.email, password: TEST_PASSWORD });
    const challengeToken: string = challenge.json().data.challenge_token;
    const right = await totp(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    const limit = TWO_FACTOR_LIMITS.failuresPerUser.limit;
    const burst = 4 * limit;
    const responses = await Promise.all([
      ...Array.from({ length: burst }, (_, i) =>
        post(i, '/auth/login/two-factor', { challenge_token: challengeToken, code: wrong }),
      ),
      post(burst, '/auth/login/two-factor', { challenge_token: challengeToken, code: right }),
    ]);
    expect(judged(responses).length).toBeLessThanOrEqual(limit);
    expectRefusalsWellFormed(responses);
  });

  it('code send (POST /account/otp): at most the limit sent per destination', async () => {
    const phone = freshPhone();
    const responses = await Promise.all(Array.from({ length: BURST }, (_, i) => post(i, '/account/otp', { phone })));
    expect(responses.filter((response) => response.statusCode === 202).length).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
  });

  it('sign-up (POST /account/signup): at most the limit per address', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post(
          i,
          '/account/signup',
          { email: `burst-${ip.replaceAll('.', '-')}-${i}@example.com`, password: SHOPPER_PASSWORD },
          ip,
        ),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201).length).toBeLessThanOrEqual(LIMIT);
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
  });

  it('promo validate (POST /promo-codes/validate): at most the limit judged per address', async () => {
    const product = await createProduct(first.database.db, { price: 20, stockQuantity: 100 });
    const promo = await createPromoCode(first.database.db);
    await Promise.all([first.app.catalogue.fresh(), second.app.catalogue.fresh()]);
    const ip = freshIp();
    const body = { code: promo.code, cart_items: [{ product_id: product.id, quantity: 1 }] };
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post(i, '/promo-codes/validate', body, ip)),
    );
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
  });

  it('promo guesses at checkout (POST /orders/calculate): at most the limit of unknown codes looked up', async () => {
    const product = await createProduct(first.database.db, { price: 20, stockQuantity: 100 });
    await Promise.all([first.app.catalogue.fresh(), second.app.catalogue.fresh()]);
    const ip = freshIp();
    const items = [{ product_id: product.id, quantity: 1 }];
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post(i, '/orders/calculate', { items, promo_code: `GUESS${i}` }, ip)),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const looked = responses.filter((response) => response.json().data.promo_error === PROMO_MESSAGES.unknown);
    expect(looked.length).toBeLessThanOrEqual(LIMIT);
    expect(responses.length - looked.length).toBeGreaterThanOrEqual(BURST - LIMIT);
  });

  it('order placement (POST /orders): at most the limit placed per address', async () => {
    const product = await createProduct(first.database.db, { stockQuantity: 500 });
    await Promise.all([first.app.catalogue.fresh(), second.app.catalogue.fresh()]);
    const before = await orderCount(first.database.db);
    const ip = freshIp();
    const body = orderBody([{ product_id: product.id, quantity: 1 }]);
    const responses = await Promise.all(Array.from({ length: BURST }, (_, i) => post(i, '/orders', body, ip)));
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expect((await orderCount(first.database.db)) - before).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
  });

  it('review write (POST /reviews/products/:id/reviews): at most the limit written per shopper', async () => {
    const writer = await signUpShopper(first.app);
    const products = await Promise.all(
      Array.from({ length: BURST }, () => createProduct(first.database.db, { stockQuantity: 5 })),
    );
    await Promise.all([first.app.catalogue.fresh(), second.app.catalogue.fresh()]);
    const responses = await Promise.all(
      products.map((product, i) => reviewsApi(server(i).app).create(product.id, writer.access_token, reviewBody())),
    );
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expect(responses.filter((response) => response.statusCode === 201).length).toBeLessThanOrEqual(LIMIT);
    expectRefusalsWellFormed(responses);
  });

  /** Staff saving the security configuration through the first server; both servers then read it. */
  async function securityConfig(patch: object): Promise<void> {
    const staff = await createUser(first.database.db, { role: 'admin' });
    const saved = await first.app.inject({
      method: 'PUT',
      url: '/api/admin/security/config',
      headers: bearer((await signInAs(first.app, staff.email, TEST_PASSWORD, '127.0.0.1')).token),
      payload: patch,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await Promise.all([first.app.settings.fresh(), second.app.settings.fresh()]);
  }
  const alertsTitled = (title: string) =>
    first.database.db.select().from(securityAlerts).where(eq(securityAlerts.title, title));

  it('failed sign-ins alert (docs/product.md#security-alerts): a burst past the threshold raises exactly one', async () => {
    await securityConfig({ monitoring: { alert_on_failed_logins_threshold: 2 } });
    const staff = await createUser(first.database.db, { role: 'admin' });
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        post(i, '/auth/login', { email: staff.email, password: `wrong-${i}-pass` }),
      ),
    );
    expect(judged(responses).length).toBeLessThanOrEqual(LIMIT);
    expect(await alertsTitled(`2 failed sign-ins for ${staff.email}`)).toHaveLength(1);
    expect(await alertsTitled(`Sign-in locked for ${staff.email}`)).toHaveLength(1);
  });

  it('allowlist refusals (docs/product.md#address-allowlist): a burst from one address raises exactly one alert', async () => {
    const staff = await createUser(first.database.db, { role: 'admin' });
    const token = (await signInAs(first.app, staff.email, TEST_PASSWORD, '127.0.0.1')).token;
    const added = await first.app.inject({
      method: 'POST',
      url: '/api/admin/security/ip-whitelist',
      headers: bearer(token),
      payload: { ip_address: '127.0.0.1' },
    });
    expect(added.statusCode, added.body).toBe(201);
    await securityConfig({ ip_allowlist: { enabled: true } });
    try {
      const ip = freshIp();
      const responses = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          server(i).app.inject({ method: 'GET', url: '/api/admin/stats', remoteAddress: ip, headers: bearer(token) }),
        ),
      );
      expect(responses.every((response) => response.statusCode === 403)).toBe(true);
      expect(await alertsTitled(`Staff access refused from ${ip}`)).toHaveLength(1);
    } finally {
      await securityConfig({ ip_allowlist: { enabled: false } });
    }
  });
});
