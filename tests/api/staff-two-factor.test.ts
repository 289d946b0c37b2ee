import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMfaToken } from '#server/accounts/mfa-token.ts';
import { auditLogs } from '#server/audit/audit.table.ts';
import { startSession } from '#server/auth/sessions.service.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { signChallengeToken } from '#server/two-factor/challenge-token.ts';
import { TWO_FACTOR_LIMITS } from '#server/two-factor/two-factor-guard.ts';
import { users } from '#server/users/users.table.ts';
import type { LoginResponse, UserRole } from '#shared/contracts/auth.ts';
import type { StaffTwoFactorSetup } from '#shared/contracts/staff-two-factor.ts';
import { bearer, createUser, signInAs, signUpShopper, TEST_PASSWORD } from '../helpers/auth.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#staff-two-step-sign-in: the Security page's setup, verify, disable and backup
 * codes; the sign-in's challenge and second step; enrolment when the configuration requires it;
 * the challenge's audience; and the counted limits.
 */
describe('staff two-step sign-in', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  let ipCounter = 0;
  /** An address no other request of this file uses (the per-address limits stay out of the way). */
  const freshIp = () => {
    ipCounter += 1;
    return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };
  const totp = (secret: string, offsetSteps = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
  const post = (url: string, payload?: object, token?: string, ip = freshIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      remoteAddress: ip,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
  const get = (url: string, token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const login = (email: string, password = TEST_PASSWORD, ip = freshIp()) =>
    post('/auth/login', { email, password }, undefined, ip);

  async function setUp(token: string): Promise<StaffTwoFactorSetup> {
    const response = await post('/admin/security/2fa/setup', undefined, token);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  /** A session made in the database: a sign-in may answer a challenge (when two-step sign-in is required). */
  async function sessionOf(user: { id: string; role: UserRole }) {
    const issued = await startSession(ctx.database.db, user.id, 60 * 60_000, {});
    const token = await signAccessToken(
      { sub: user.id, role: user.role, sid: issued.familyId },
      TEST_SECRETS.jwtSecret,
      15 * 60_000,
    );
    return { token, refreshToken: issued.refreshToken };
  }

  /** A staff member with two-step sign-in on: the session that turned it on, the secret and codes. */
  async function enrolledStaff() {
    const user = await createUser(ctx.database.db);
    const session = await sessionOf(user);
    const setup = await setUp(session.token);
    const on = await post('/admin/security/2fa/verify', { token: await totp(setup.secret) }, session.token);
    expect(on.statusCode).toBe(200);
    return { user, session, secret: setup.secret, codes: setup.backupCodes };
  }

  /** The sign-in's first step for a staff member with two-step on: the challenge token. */
  async function challengeFor(email: string): Promise<string> {
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    const answer = response.json().data;
    expect(answer).toEqual({ two_factor_required: true, challenge_token: expect.any(String), expires_in: 300 });
    return answer.challenge_token;
  }

  it('sets up with a QR code, the secret and 10 backup codes; a new setup replaces an unfinished one', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await signInAs(ctx.app, user.email);
    const status = await get('/admin/security/2fa', token);
    expect(status.json().data).toEqual({ enabled: false, enabledAt: null, backupCodesLeft: 0, required: false });

    const first = await setUp(token);
    expect(first.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(first.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(first.backupCodes).toHaveLength(10);
    expect(new Set(first.backupCodes).size).toBe(10);
    for (const code of first.backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Not live: the password alone still signs in, and the secret is stored sealed.
    expect((await login(user.email)).json().data.token).toEqual(expect.any(String));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorSecret).toMatch(/^v1:/);
    expect(row?.twoFactorEnabledAt).toBeNull();

    const second = await setUp(token);
    expect(second.secret).not.toBe(first.secret);
    const stale = await post('/admin/security/2fa/verify', { token: await totp(first.secret) }, token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors[0].path).toBe('token');

    const on = await post('/admin/security/2fa/verify', { token: await totp(second.secret) }, token);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ enabled: true, backupCodesLeft: 10, required: false });
    expect((await post('/admin/security/2fa/setup', undefined, token)).statusCode).toBe(409);
    const actions = await ctx.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, user.id));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.two_factor_setup', 'auth.two_factor_on']),
    );
  });

  it('verify takes a 6-digit code of the current step or one either side, once', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await signInAs(ctx.app, user.email);
    const { secret } = await setUp(token);
    const tooOld = await post('/admin/security/2fa/verify', { token: await totp(secret, -3) }, token);
    expect(tooOld.statusCode).toBe(400);
    const malformed = await post('/admin/security/2fa/verify', { token: '12ab56' }, token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].path).toBe('token');
    const previous = await totp(secret, -1);
    expect((await post('/admin/security/2fa/verify', { token: previous }, token)).statusCode).toBe(200);
    // The code that turned it on is spent: it does not also finish a sign-in.
    const challenge = await challengeFor(user.email);
    const replay = await post('/auth/login/two-factor', { challenge_token: challenge, code: previous });
    expect(replay.statusCode).toBe(400);
  });

  it('turning it on ends the other sessions, keeps this one', async () => {
    const user = await createUser(ctx.database.db);
    const other = await signInAs(ctx.app, user.email);
    const mine = await signInAs(ctx.app, user.email);
    const { secret } = await setUp(mine.token);
    expect((await post('/admin/security/2fa/verify', { token: await totp(secret) }, mine.token)).statusCode).toBe(200);
    expect((await get('/auth/me', other.token)).statusCode).toBe(401);
    expect((await get('/auth/me', mine.token)).statusCode).toBe(200);
  });

  it('sign-in answers a challenge, not a session; the code finishes it once', async () => {
    const { user, secret, codes } = await enrolledStaff();
    const challenge = await challengeFor(user.email);
    // The challenge is no access token.
    expect((await get('/auth/me', challenge)).statusCode).toBe(401);
    const wrong = await post('/auth/login/two-factor', { challenge_token: challenge, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('code');

    const ip = freshIp();
    // The next step's code (the current one turned two-step sign-in on, and is spent).
    const code = await totp(secret, 1);
    const done = await post('/auth/login/two-factor', { challenge_token: challenge, code }, undefined, ip);
    expect(done.statusCode).toBe(200);
    const session: LoginResponse = done.json().data;
    expect(session.user.id).toBe(user.id);
    expect((await get('/auth/me', session.token)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoginIp).toBe(ip);

    // Used: even a good (backup) code does not reopen it.
    const again = await post('/auth/login/two-factor', { challenge_token: challenge, code: codes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This sign-in has expired. Sign in again.');
  });

  it('a backup code finishes a sign-in once; a used one is refused', async () => {
    const { user, codes } = await enrolledStaff();
    const code = codes[0] ?? '';
    const first = await post('/auth/login/two-factor', {
      challenge_token: await challengeFor(user.email),
      code: code.toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const reused = await post('/auth/login/two-factor', { challenge_token: await challengeFor(user.email), code });
    expect(reused.statusCode).toBe(400);
    const status = await get('/admin/security/2fa', first.json().data.token);
    expect(status.json().data.backupCodesLeft).toBe(9);
  });

  it("a challenge works for its own kind only: a shopper's is refused for staff and the reverse", async () => {
    const { user, secret } = await enrolledStaff();
    const shopperKind = await signMfaToken(user.id, TEST_SECRETS.jwtSecret);
    const asShopper = await post('/auth/login/two-factor', { challenge_token: shopperKind, code: await totp(secret) });
    expect(asShopper.statusCode).toBe(401);

    const staffChallenge = await challengeFor(user.email);
    const atShopperStep = await post('/account/mfa/verify', { mfa_token: staffChallenge, code: await totp(secret) });
    expect(atShopperStep.statusCode).toBe(401);
    // An enrolment challenge is no second step either, nor a code challenge an enrolment.
    const enrolmentKind = await signChallengeToken('staffEnrolment', user.id, TEST_SECRETS.jwtSecret, 900);
    expect(
      (await post('/auth/login/two-factor', { challenge_token: enrolmentKind, code: await totp(secret) })).statusCode,
    ).toBe(401);
    expect((await post('/auth/login/two-factor/setup', { challenge_token: staffChallenge })).statusCode).toBe(401);
    // Expired and forged ones too.
    const expired = await signChallengeToken('staff', user.id, TEST_SECRETS.jwtSecret, 300, Date.now() - 301_000);
    expect((await post('/auth/login/two-factor', { challenge_token: expired, code: '123456' })).statusCode).toBe(401);
    const forged = await signChallengeToken('staff', user.id, 'another-secret-0123456789abcdefghijklmnop', 300);
    expect((await post('/auth/login/two-factor', { challenge_token: forged, code: '123456' })).statusCode).toBe(401);

    // A shopper's account gets no staff session from a staff-kind challenge.
    const shopper = await signUpShopper(ctx.app);
    const forShopper = await signChallengeToken('staff', shopper.user.id, TEST_SECRETS.jwtSecret, 300);
    expect((await post('/auth/login/two-factor', { challenge_token: forShopper, code: '123456' })).statusCode).toBe(
      401,
    );
  });

  it('new backup codes need a code or the password, and the old ones die', async () => {
    const { user, session, codes } = await enrolledStaff();
    const wrong = await post('/admin/security/2fa/backup-codes', { password: 'not-my-password-1' }, session.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('password');
    const empty = await post('/admin/security/2fa/backup-codes', {}, session.token);
    expect(empty.statusCode).toBe(400);
    const renewed = await post('/admin/security/2fa/backup-codes', { password: TEST_PASSWORD }, session.token);
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().data.backupCodes;
    expect(fresh).toHaveLength(10);
    const old = await post('/auth/login/two-factor', {
      challenge_token: await challengeFor(user.email),
      code: codes[1],
    });
    expect(old.statusCode).toBe(400);
    // A fresh backup code confirms the next renewal (and is used by it).
    const byCode = await post('/admin/security/2fa/backup-codes', { code: fresh[0] }, session.token);
    expect(byCode.statusCode).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, 'auth.backup_codes_renewed')));
    expect(entry?.userId).toBe(user.id);
  });

  it('turning it off needs a current code or the password, and alerts every admin', async () => {
    const { user, session, secret } = await enrolledStaff();
    const wrongCode = await post('/admin/security/2fa/disable', { code: '000000' }, session.token);
    expect(wrongCode.statusCode).toBe(400);
    const off = await post('/admin/security/2fa/disable', { code: await totp(secret, 1) }, session.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, backupCodesLeft: 0 });
    expect((await post('/admin/security/2fa/disable', { password: TEST_PASSWORD }, session.token)).statusCode).toBe(
      409,
    );
    // Password alone again.
    expect((await login(user.email)).json().data.token).toEqual(expect.any(String));
    const alerts = await ctx.database.db.select().from(securityAlerts).where(eq(securityAlerts.userId, user.id));
    expect(alerts).toEqual([
      expect.objectContaining({
        type: 'security',
        severity: 'high',
        title: `Two-step sign-in turned off for ${user.email}`,
      }),
    ]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorSecret).toBeNull();
    const entries = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, 'auth.two_factor_off')));
    expect(entries).toHaveLength(1);
    // No code, password or secret in the audit log.
    const all = JSON.stringify(await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id)));
    expect(all).not.toContain(secret);
    expect(all).not.toContain(TEST_PASSWORD);
  });

  it('wrong codes at the second step: several times the limit at once, at most the limit judged', async () => {
    const { user, session, secret } = await enrolledStaff();
    const challenge = await challengeFor(user.email);
    const limit = TWO_FACTOR_LIMITS.failuresPerUser.limit;
    const right = await totp(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const responses = await Promise.all([
      ...Array.from({ length: 4 * limit }, () =>
        post('/auth/login/two-factor', { challenge_token: challenge, code: wrong }),
      ),
      post('/auth/login/two-factor', { challenge_token: challenge, code: right }),
    ]);
    const judged = responses.filter((response) => response.statusCode !== 429);
    expect(judged.length).toBeLessThanOrEqual(limit);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The Security page counts against the same limit: the account is out of attempts there too.
    const there = await post('/admin/security/2fa/backup-codes', { password: TEST_PASSWORD }, session.token);
    expect(there.statusCode).toBe(429);
  });

  it('wrong passwords to turn it off: several times the limit at once, at most the limit judged', async () => {
    const { session } = await enrolledStaff();
    const limit = TWO_FACTOR_LIMITS.failuresPerUser.limit;
    const responses = await Promise.all([
      ...Array.from({ length: 4 * limit }, (_, i) =>
        post('/admin/security/2fa/disable', { password: `wrong-password-${i}` }, session.token),
      ),
      post('/admin/security/2fa/disable', { password: TEST_PASSWORD }, session.token),
    ]);
    expect(responses.filter((response) => response.statusCode !== 429).length).toBeLessThanOrEqual(limit);
    expect(responses.filter((response) => response.statusCode === 429).length).toBeGreaterThanOrEqual(3 * limit);
  });

  it('attempts per address at the second step are limited too', async () => {
    const { user } = await enrolledStaff();
    const challenge = await challengeFor(user.email);
    const ip = freshIp();
    const limit = TWO_FACTOR_LIMITS.attemptsPerIp.limit;
    // Counted before the challenge is even read: a burst of nonsense from one address spends it.
    const responses = await Promise.all(
      Array.from({ length: limit + 5 }, () =>
        post('/auth/login/two-factor', { challenge_token: `${challenge}x`, code: '123456' }, undefined, ip),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(limit);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(5);
  });

  describe('when the configuration requires it', () => {
    beforeAll(async () => {
      await ctx.app.settings.save({ security: { two_factor: { required_for_admins: true } } }, { actor: null }, false);
    });
    afterAll(async () => {
      await ctx.app.settings.save({ security: { two_factor: { required_for_admins: false } } }, { actor: null }, false);
    });

    it('a staff member without it gets an enrolment challenge, enrols with it, then gets the session', async () => {
      const user = await createUser(ctx.database.db);
      const first = await login(user.email);
      expect(first.statusCode).toBe(200);
      const answer = first.json().data;
      expect(answer).toEqual({
        two_factor_enrolment_required: true,
        challenge_token: expect.any(String),
        expires_in: 900,
      });
      // Only enrolment: the challenge is no session and no second step.
      expect((await get('/auth/me', answer.challenge_token)).statusCode).toBe(401);
      expect(
        (await post('/auth/login/two-factor', { challenge_token: answer.challenge_token, code: '123456' })).statusCode,
      ).toBe(401);

      const setup = await post('/auth/login/two-factor/setup', { challenge_token: answer.challenge_token });
      expect(setup.statusCode).toBe(200);
      const { secret, backupCodes } = setup.json().data as StaffTwoFactorSetup;
      expect(backupCodes).toHaveLength(10);
      const wrong = await post('/auth/login/two-factor/enrol', {
        challenge_token: answer.challenge_token,
        token: '000000',
      });
      expect(wrong.statusCode).toBe(400);
      const done = await post('/auth/login/two-factor/enrol', {
        challenge_token: answer.challenge_token,
        token: await totp(secret),
      });
      expect(done.statusCode).toBe(200);
      const session: LoginResponse = done.json().data;
      const status = await get('/admin/security/2fa', session.token);
      expect(status.json().data).toMatchObject({ enabled: true, required: true, backupCodesLeft: 10 });
      // Used up; and from now on a sign-in asks for a code.
      expect((await post('/auth/login/two-factor/setup', { challenge_token: answer.challenge_token })).statusCode).toBe(
        401,
      );
      const next = await post('/auth/login/two-factor', {
        challenge_token: await challengeFor(user.email),
        code: backupCodes[0],
      });
      expect(next.statusCode).toBe(200);
    });

    it('a staff member who has it on signs in with a code as before', async () => {
      const { user, codes } = await enrolledStaff();
      const done = await post('/auth/login/two-factor', {
        challenge_token: await challengeFor(user.email),
        code: codes[2],
      });
      expect(done.statusCode).toBe(200);
    });
  });
});
