import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '#server/accounts/accounts.tables.ts';
import { auditLogs } from '#server/audit/audit.table.ts';
import { PASSWORD_REASONS } from '#server/auth/password-strength.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES, MISSING_CONTACT_MESSAGE } from '#shared/contracts/accounts.ts';
import { lastCodeTo, lastLinkTokenTo, lastMailedCodeTo, lastMailTo, messagesTo } from '../helpers/account-outbox.ts';
import { bearer, SHOPPER_PASSWORD, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const NEW_PASSWORD = 'Fresh-cedar-Pass-88';
let counter = 0;
/** A fresh Lebanese mobile number in E.164, and its own client IP. */
const nextPhone = () => `+96171${String(100_000 + (++counter % 900_000)).padStart(6, '0')}`;
const nextIp = () => `10.77.${Math.floor(counter / 250)}.${++counter % 250}`;

describe('shopper one-time codes, links, recovery and profile (docs/product.md#one-time-codes-and-links)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      accountCodeLimits: {
        codesPerDestination: { limit: 1000, windowMs: 60_000 },
        codesPerIp: { limit: 1000, windowMs: 60_000 },
        checksPerIp: { limit: 1000, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, token?: string, ip = nextIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload,
      remoteAddress: ip,
      headers: token ? bearer(token) : {},
    });
  const userRow = async (id: string) => {
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('no user');
    return row;
  };
  const signInWithPassword = (contact: object, password = SHOPPER_PASSWORD) =>
    post('/account/token', { grant_type: 'password', ...contact, password });
  /**
   * A phone shopper whose phone is proved by the sign-up's code: sign-in and recovery codes go only
   * to a proved contact (decision 018).
   */
  const provedPhoneShopper = async (phone: string) => {
    const session = await signUpShopper(ctx.app, { phone });
    const proved = await post('/account/verify-phone', { code: await lastCodeTo(ctx, phone) }, session.access_token);
    expect(proved.statusCode).toBe(200);
    return session;
  };
  /** An email shopper whose email is proved by the sign-up's link, opened where they are signed in. */
  const provedEmailShopper = async (email: string) => {
    const session = await signUpShopper(ctx.app, { email });
    const token = await lastLinkTokenTo(ctx, email, '/account/verify-email');
    expect((await post('/account/verify', { type: 'email_link', token }, session.access_token)).statusCode).toBe(200);
    return session;
  };

  it('sign-up texts a phone verification code; verify-phone marks the phone verified', async () => {
    const phone = nextPhone();
    const session = await signUpShopper(ctx.app, { phone });
    expect(session.user.phone_verified).toBe(false);
    const code = await lastCodeTo(ctx, phone);
    const wrong = await post(
      '/account/verify-phone',
      { code: code === '000000' ? '111111' : '000000' },
      session.access_token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'code', message: ACCOUNT_MESSAGES.invalidCode }]);
    const right = await post('/account/verify-phone', { code }, session.access_token);
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ phone, phone_verified: true });
    // Used once: the same code again is refused.
    const reused = await post('/account/verify-phone', { code }, session.access_token);
    expect(reused.statusCode).toBe(400);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, session.user.id), eq(auditLogs.action, 'account.code_sent')));
    expect(audit?.after).toEqual({ purpose: 'verify_phone', channel: 'sms' });
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  it('sign-up mails an email link; the link verifies the email once', async () => {
    const email = `link-${counter}@example.com`;
    const session = await signUpShopper(ctx.app, { email });
    const mail = await lastMailTo(ctx, email);
    expect(mail).toContain('/account/verify-email?token=');
    const token = await lastLinkTokenTo(ctx, email, '/account/verify-email');
    const verified = await post('/account/verify', { type: 'email_link', token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user).toMatchObject({ id: session.user.id, email, email_verified: true });
    const again = await post('/account/verify', { type: 'email_link', token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.invalidLink);
    const audits = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, session.user.id), eq(auditLogs.action, 'account.verified')));
    expect(audits).toHaveLength(1);
  });

  it('a link to an email the account no longer has verifies nothing', async () => {
    const email = `moved-${counter}@example.com`;
    const session = await signUpShopper(ctx.app, { email });
    const token = await lastLinkTokenTo(ctx, email, '/account/verify-email');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/user',
      payload: { email: `moved-again-${counter}@example.com`, current_password: SHOPPER_PASSWORD },
      headers: bearer(session.access_token),
    });
    expect(changed.statusCode).toBe(200);
    const verified = await post('/account/verify', { type: 'email_link', token });
    expect(verified.statusCode).toBe(400);
  });

  it('signs in with a texted code to a proved phone (always 202, even for unknown numbers)', async () => {
    const phone = nextPhone();
    await provedPhoneShopper(phone);
    const unknown = nextPhone();
    const none = await post('/account/otp', { phone: unknown });
    expect(none.statusCode).toBe(202);
    expect(none.json()).toEqual({ data: { sent: true } });
    expect(await messagesTo(ctx, unknown)).toBe(0);
    const sent = await post('/account/otp', { phone });
    expect(sent.statusCode).toBe(202);
    const code = await lastCodeTo(ctx, phone);
    const signIn = await post('/account/verify', { type: 'sign_in', phone, code });
    expect(signIn.statusCode).toBe(200);
    const result = signIn.json().data;
    expect(result.mfa_challenge).toBeNull();
    expect(result.session.user).toMatchObject({ phone, phone_verified: true });
    const reused = await post('/account/verify', { type: 'sign_in', phone, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(ACCOUNT_MESSAGES.invalidCode);
  });

  it('signs in with a mailed code to a proved email', async () => {
    const email = `otp-${counter}@example.com`;
    await provedEmailShopper(email);
    expect((await post('/account/otp', { email })).statusCode).toBe(202);
    const code = await lastMailedCodeTo(ctx, email);
    const signIn = await post('/account/verify', { type: 'sign_in', email, code });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.session.user).toMatchObject({ email, email_verified: true });
  });

  it('refuses an expired code', async () => {
    const phone = nextPhone();
    const session = await provedPhoneShopper(phone);
    await post('/account/otp', { phone });
    const code = await lastCodeTo(ctx, phone);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCodes.userId, session.user.id), eq(verificationCodes.purpose, 'sign_in')));
    const response = await post('/account/verify', { type: 'sign_in', phone, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.invalidCode);
  });

  it('kills a code after 5 wrong tries: the right one is refused on the 6th', async () => {
    const phone = nextPhone();
    await provedPhoneShopper(phone);
    await post('/account/otp', { phone });
    const code = await lastCodeTo(ctx, phone);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post('/account/verify', { type: 'sign_in', phone, code: wrongCode })).statusCode).toBe(400);
    }
    const right = await post('/account/verify', { type: 'sign_in', phone, code });
    expect(right.statusCode).toBe(400);
  });

  it('a new code replaces the older one', async () => {
    const phone = nextPhone();
    await provedPhoneShopper(phone);
    await post('/account/otp', { phone });
    const first = await lastCodeTo(ctx, phone);
    await post('/account/otp', { phone });
    const second = await lastCodeTo(ctx, phone);
    if (first !== second) {
      expect((await post('/account/verify', { type: 'sign_in', phone, code: first })).statusCode).toBe(400);
    }
    expect((await post('/account/verify', { type: 'sign_in', phone, code: second })).statusCode).toBe(200);
  });

  it('recovers by email link: strength first, then the new password, every session ended, link single use', async () => {
    const email = `recover-${counter}@example.com`;
    const session = await provedEmailShopper(email);
    expect((await post('/account/recover', { email })).statusCode).toBe(202);
    expect((await post('/account/recover', { email: 'nobody-here@example.com' })).statusCode).toBe(202);
    const token = await lastLinkTokenTo(ctx, email, '/login/reset');
    const weak = await post('/account/recover/complete', { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.every((error: { path: string }) => error.path === 'password')).toBe(true);
    const done = await post('/account/recover/complete', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(401);
    expect((await signInWithPassword({ email })).statusCode).toBe(401);
    expect((await signInWithPassword({ email }, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await post('/account/recover/complete', { token, password: `${NEW_PASSWORD}x` })).statusCode).toBe(400);
    expect((await userRow(session.user.id)).emailVerifiedAt).not.toBeNull();
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, session.user.id), eq(auditLogs.action, 'account.password_reset')));
    expect(audit).toBeDefined();
  });

  it('recovers by phone code to a proved phone; a wrong code changes nothing', async () => {
    const phone = nextPhone();
    const session = await provedPhoneShopper(phone);
    expect((await post('/account/recover', { phone })).statusCode).toBe(202);
    const code = await lastCodeTo(ctx, phone);
    const wrong = await post('/account/recover/complete', {
      phone,
      code: code === '000000' ? '111111' : '000000',
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect((await signInWithPassword({ phone })).statusCode).toBe(200);
    const done = await post('/account/recover/complete', { phone, code, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(204);
    expect((await signInWithPassword({ phone }, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await userRow(session.user.id)).phoneVerifiedAt).not.toBeNull();
  });

  it('refuses weak passwords at sign-up with every reason on password', async () => {
    const response = await post('/account/signup', { email: 'pass@example.com', password: 'password1' });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors.map((error: { path: string; message: string }) => {
      expect(error.path).toBe('password');
      return error.message;
    });
    expect(messages).toEqual(
      expect.arrayContaining([
        'Password must be at least 10 characters',
        PASSWORD_REASONS.tooCloseToContact,
        PASSWORD_REASONS.tooCommon,
      ]),
    );
  });

  it('changes the password with the current one; other devices signed out, this one kept', async () => {
    const phone = nextPhone();
    const here = await signUpShopper(ctx.app, { phone });
    const there = (await signInWithPassword({ phone })).json().data.session;
    const wrong = await post(
      '/account/change-password',
      { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD },
      here.access_token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: ACCOUNT_MESSAGES.wrongPassword }]);
    const weak = await post(
      '/account/change-password',
      { currentPassword: SHOPPER_PASSWORD, newPassword: 'password' },
      here.access_token,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.length).toBeGreaterThan(1);
    const done = await post(
      '/account/change-password',
      { currentPassword: SHOPPER_PASSWORD, newPassword: NEW_PASSWORD },
      here.access_token,
    );
    expect(done.statusCode).toBe(204);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(here.access_token) });
    expect(mine.statusCode).toBe(200);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/user',
      headers: bearer(there.access_token),
    });
    expect(theirs.statusCode).toBe(401);
    expect((await signInWithPassword({ phone }, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('profile: a changed contact loses its verification and gets a new one; both removed or taken is refused', async () => {
    const phone = nextPhone();
    const session = await signUpShopper(ctx.app, { phone });
    await post('/account/verify-phone', { code: await lastCodeTo(ctx, phone) }, session.access_token);
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/account/user', payload, headers: bearer(session.access_token) });
    const newPhone = nextPhone();
    const changed = await put({ name: 'Rima', phone: newPhone, current_password: SHOPPER_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Rima', phone: newPhone, phone_verified: false });
    expect(await messagesTo(ctx, newPhone)).toBe(1);
    const noContact = await put({ phone: null, current_password: SHOPPER_PASSWORD });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().message).toBe(MISSING_CONTACT_MESSAGE);
    const other = await signUpShopper(ctx.app, { email: `taken-${counter}@example.com` });
    const taken = await put({ email: other.user.email, current_password: SHOPPER_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'email', message: ACCOUNT_MESSAGES.duplicateEmail }]);
    const takenPhone = await put({ phone, current_password: SHOPPER_PASSWORD });
    expect(takenPhone.statusCode).toBe(200);
    const third = await signUpShopper(ctx.app, { phone: nextPhone() });
    const clash = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/user',
      payload: { phone, current_password: SHOPPER_PASSWORD },
      headers: bearer(third.access_token),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].path).toBe('phone');
  });

  it('resend sends a new verification to the signed-in shopper', async () => {
    const phone = nextPhone();
    const session = await signUpShopper(ctx.app, { phone });
    const resent = await post('/account/resend', { type: 'verify_phone' }, session.access_token);
    expect(resent.statusCode).toBe(202);
    expect(await messagesTo(ctx, phone)).toBe(2);
    const noEmail = await post('/account/resend', { type: 'verify_email' }, session.access_token);
    expect(noEmail.statusCode).toBe(400);
    const anonymous = await post('/account/resend', { type: 'verify_phone' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a disabled account: sessions end, password and code sign-in answer the same 401 / no code', async () => {
    const phone = nextPhone();
    const session = await provedPhoneShopper(phone);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, session.user.id));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/account/user', headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(401);
    const refresh = await post('/account/token', { grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refresh.statusCode).toBe(401);
    const signIn = await signInWithPassword({ phone });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    const before = await messagesTo(ctx, phone);
    expect((await post('/account/otp', { phone })).statusCode).toBe(202);
    expect(await messagesTo(ctx, phone)).toBe(before);
  });

  it('refuses text with a NUL byte in every new route with a 400 naming the field', async () => {
    const session = await signUpShopper(ctx.app);
    const bad = 'Bad\u0000text';
    const cases: [string, string, object, string, boolean][] = [
      ['POST', '/account/otp', { phone: bad }, 'phone', false],
      ['POST', '/account/verify', { type: 'email_link', token: bad }, 'token', false],
      ['POST', '/account/verify', { type: 'sign_in', phone: '+96171000001', code: bad }, 'code', false],
      ['POST', '/account/recover', { phone: bad }, 'phone', false],
      ['POST', '/account/recover/complete', { token: bad, password: NEW_PASSWORD }, 'token', false],
      ['POST', '/account/recover/complete', { token: 'abc', password: bad }, 'password', false],
      ['POST', '/account/verify-phone', { code: bad }, 'code', true],
      ['PUT', '/account/user', { name: bad }, 'name', true],
      ['PUT', '/account/user', { phone: bad }, 'phone', true],
      [
        'POST',
        '/account/change-password',
        { currentPassword: bad, newPassword: NEW_PASSWORD },
        'currentPassword',
        true,
      ],
      ['POST', '/account/change-password', { currentPassword: 'x', newPassword: bad }, 'newPassword', true],
    ];
    for (const [method, url, payload, field, auth] of cases) {
      const response = await ctx.app.inject({
        method: method as 'POST' | 'PUT',
        url: `/api${url}`,
        payload,
        headers: auth ? bearer(session.access_token) : {},
      });
      expect(response.statusCode, `${method} ${url} ${field}`).toBe(400);
      expect(
        response.json().errors.some((error: { path: string }) => error.path === field),
        `${method} ${url} ${field}`,
      ).toBe(true);
    }
  });
});

describe('shopper code rate limits', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      accountCodeLimits: {
        codesPerDestination: { limit: 2, windowMs: 60_000 },
        codesPerIp: { limit: 4, windowMs: 60_000 },
        checksPerIp: { limit: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ctx.close());

  const otp = (phone: string, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/otp', payload: { phone }, remoteAddress: ip });

  it('limits codes per destination, from any address, with retry-after', async () => {
    const phone = nextPhone();
    expect((await otp(phone, '10.88.0.1')).statusCode).toBe(202);
    expect((await otp(phone, '10.88.0.2')).statusCode).toBe(202);
    const refused = await otp(phone, '10.88.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().message).toContain(ACCOUNT_MESSAGES.tooManyCodes);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits codes per IP, whatever the destination', async () => {
    const ip = '10.88.1.1';
    for (let sent = 0; sent < 4; sent++) expect((await otp(nextPhone(), ip)).statusCode).toBe(202);
    expect((await otp(nextPhone(), ip)).statusCode).toBe(429);
  });

  it('limits code checks per IP', async () => {
    const phone = nextPhone();
    const check = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/verify',
        payload: { type: 'sign_in', phone, code: '123456' },
        remoteAddress: '10.88.2.1',
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await check()).statusCode).toBe(400);
    expect((await check()).statusCode).toBe(429);
  });
});
