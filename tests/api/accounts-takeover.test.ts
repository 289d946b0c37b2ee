import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '#server/accounts/accounts.tables.ts';
import { auditLogs } from '#server/audit/audit.table.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES, CONTACT_CHANGE_PASSWORD_MESSAGE, type ShopperSession } from '#shared/contracts/accounts.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import type { Customer } from '#shared/contracts/customers.ts';
import { createProduct } from '../factories/catalogue.ts';
import { lastCodeTo, lastLinkTokenTo, lastMailedCodeTo, lastMailTo, messagesTo } from '../helpers/account-outbox.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { bearer, createUser, SHOPPER_PASSWORD, signInAs, signUpShopper, TEST_PASSWORD } from '../helpers/auth.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const STRONG = 'Fresh-cedar-Pass-88';
let counter = 0;
const nextIp = () => `10.91.${Math.floor(++counter / 250)}.${counter % 250}`;
const nextPhone = () => `+96171${String(300_000 + ++counter).padStart(6, '0')}`;
const nextEmail = (what: string) => `${what}-${++counter}@example.com`;

/** Account take-over rules (docs/product.md#account-take-over-rules, decision 018). */
describe('account take-over rules', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimits: {
        loginFailuresPerAccount: { limit: 3, windowMs: 60_000 },
        loginFailuresPerAccountAndAddress: { limit: 3, windowMs: 60_000 },
      },
      accountCodeLimits: {
        codesPerDestination: { limit: 1000, windowMs: 60_000 },
        codesPerIp: { limit: 1000, windowMs: 60_000 },
        checksPerIp: { limit: 1000, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => ctx.close());

  const inject = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, token?: string) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      ...(payload && { payload }),
      remoteAddress: nextIp(),
      headers: token ? bearer(token) : {},
    });
  const passwordSignIn = (contact: object, password = SHOPPER_PASSWORD) =>
    inject('POST', '/account/token', { grant_type: 'password', ...contact, password });
  const userRow = async (id: string) => {
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('no user');
    return row;
  };
  /** Proves the email of a signed-in shopper with its sign-up link, opened in that session. */
  const verifyEmailSignedIn = async (session: ShopperSession, email: string) => {
    const token = await lastLinkTokenTo(ctx, email, '/account/verify-email');
    const verified = await inject('POST', '/account/verify', { type: 'email_link', token }, session.access_token);
    expect(verified.statusCode).toBe(200);
  };

  describe('staff sign-in and passwords', () => {
    it('POST /auth/login answers a shopper exactly as a wrong password', async () => {
      const email = nextEmail('shopper-at-staff-door');
      await signUpShopper(ctx.app, { email });
      const shopper = await inject('POST', '/auth/login', { email, password: SHOPPER_PASSWORD });
      const wrong = await inject('POST', '/auth/login', { email, password: 'not-the-password-9' });
      const expected = { message: AUTH_MESSAGES.invalidCredentials, statusCode: 401, code: 'UNAUTHORIZED', errors: [] };
      expect(shopper.statusCode).toBe(401);
      expect(shopper.json()).toEqual(expected);
      expect(wrong.json()).toEqual(expected);
      // The shopper's own door still opens.
      expect((await passwordSignIn({ email })).statusCode).toBe(200);
    });

    it("a staff password change applies the shoppers' strength rules", async () => {
      const staff = await createUser(ctx.database.db, { role: 'admin', email: nextEmail('rania') });
      const session = await signInAs(ctx.app, staff.email, TEST_PASSWORD, nextIp());
      const change = (newPassword: string) =>
        inject('POST', '/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword }, session.token);
      // Passes the old length-and-digit schema, but is a common password.
      const common = await change('password123');
      expect(common.statusCode).toBe(400);
      expect(common.json().errors.map((error: { path: string }) => error.path)).toContain('newPassword');
      const local = staff.email.split('@')[0] as string;
      const ownEmail = await change(`${local}-Quartz-77`);
      expect(ownEmail.statusCode).toBe(400);
      expect(ownEmail.json().errors).toContainEqual({
        path: 'newPassword',
        message: 'Password must not contain your email or phone number',
      });
      expect((await change(STRONG)).statusCode).toBe(204);
    });

    it('POST /auth/register is the shopper sign-up: its strength rules, and a shopper session', async () => {
      const weak = await inject('POST', '/auth/register', { email: nextEmail('reg-weak'), password: 'password123' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors[0].path).toBe('password');

      const email = nextEmail('reg');
      const made = await inject('POST', '/auth/register', { email, password: STRONG, role: 'super_admin' });
      expect(made.statusCode).toBe(201);
      const { data } = made.json();
      expect(data.user).toMatchObject({ email, role: 'customer' });
      // A shopper session: the account area opens, the staff routes do not.
      expect((await inject('GET', '/account/user', undefined, data.token)).statusCode).toBe(200);
      expect((await inject('GET', '/auth/me', undefined, data.token)).statusCode).toBe(403);
      // Like every shopper sign-up, the email gets its verification link.
      expect(await lastMailTo(ctx, email)).toContain('/account/verify-email?token=');
    });
  });

  describe('changing an email or phone', () => {
    it('needs the current password (400 naming current_password), and wrong ones count toward the lockout', async () => {
      const email = nextEmail('change-pw');
      const session = await signUpShopper(ctx.app, { email });
      const put = (payload: object) => inject('PUT', '/account/user', payload, session.access_token);

      const missing = await put({ email: nextEmail('elsewhere') });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ path: 'current_password', message: CONTACT_CHANGE_PASSWORD_MESSAGE }]);
      const wrong = await put({ phone: nextPhone(), current_password: 'not-it-at-all-9' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([{ path: 'current_password', message: ACCOUNT_MESSAGES.wrongPassword }]);
      expect((await userRow(session.user.id)).email).toBe(email);
      // A name alone needs nothing.
      expect((await put({ name: 'Hala' })).statusCode).toBe(200);
      // Two more wrong passwords reach the lockout (3 per account here): then even the right one waits.
      await put({ phone: nextPhone(), current_password: 'not-it-at-all-9' });
      await put({ phone: nextPhone(), current_password: 'not-it-at-all-9' });
      const locked = await put({ phone: nextPhone(), current_password: SHOPPER_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect((await passwordSignIn({ email })).statusCode).toBe(429);
    });

    it('tells the old address, leaves the new one unverified, and never sends sign-in or recovery codes to it', async () => {
      const oldEmail = nextEmail('old');
      const newEmail = nextEmail('new');
      const session = await signUpShopper(ctx.app, { email: oldEmail });
      await verifyEmailSignedIn(session, oldEmail);

      const changed = await inject(
        'PUT',
        '/account/user',
        { email: newEmail, current_password: SHOPPER_PASSWORD },
        session.access_token,
      );
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ email: newEmail, email_verified: false });
      const notice = await lastMailTo(ctx, oldEmail);
      expect(notice).toMatch(/email address was changed/i);
      expect(notice).not.toContain(newEmail);
      const verifyMail = await lastMailTo(ctx, newEmail);
      expect(verifyMail).toContain('/account/verify-email?token=');

      // Sign-in codes and recovery: 202, and nothing goes to the unproved address.
      expect((await inject('POST', '/account/otp', { email: newEmail })).statusCode).toBe(202);
      expect((await inject('POST', '/account/recover', { email: newEmail })).statusCode).toBe(202);
      expect(await lastMailTo(ctx, newEmail)).toBe(verifyMail);

      // Once the link proves it, recovery goes there.
      await verifyEmailSignedIn(session, newEmail);
      expect((await inject('POST', '/account/recover', { email: newEmail })).statusCode).toBe(202);
      expect(await lastMailTo(ctx, newEmail)).toContain('/login/reset?token=');
    });

    it('tells the old phone by text', async () => {
      const oldPhone = nextPhone();
      const session = await signUpShopper(ctx.app, { phone: oldPhone });
      const code = await lastCodeTo(ctx, oldPhone);
      expect((await inject('POST', '/account/verify-phone', { code }, session.access_token)).statusCode).toBe(200);
      const before = await messagesTo(ctx, oldPhone);
      const changed = await inject(
        'PUT',
        '/account/user',
        { phone: nextPhone(), current_password: SHOPPER_PASSWORD },
        session.access_token,
      );
      expect(changed.statusCode).toBe(200);
      expect(await messagesTo(ctx, oldPhone)).toBe(before + 1);
    });
  });

  describe('links and codes are bound to where they were sent', () => {
    it('a recovery link sent to the old email stops working when the email changes', async () => {
      const oldEmail = nextEmail('bound-old');
      const session = await signUpShopper(ctx.app, { email: oldEmail });
      await verifyEmailSignedIn(session, oldEmail);
      expect((await inject('POST', '/account/recover', { email: oldEmail })).statusCode).toBe(202);
      const token = await lastLinkTokenTo(ctx, oldEmail, '/login/reset');

      const changed = await inject(
        'PUT',
        '/account/user',
        { email: nextEmail('bound-new'), current_password: SHOPPER_PASSWORD },
        session.access_token,
      );
      expect(changed.statusCode).toBe(200);
      const complete = () => inject('POST', '/account/recover/complete', { token, password: STRONG });
      const revoked = await complete();
      expect(revoked.statusCode).toBe(400);
      expect(revoked.json().errors).toEqual([{ path: 'token', message: ACCOUNT_MESSAGES.invalidLink }]);

      // Even were the row still live, its destination is no longer the account's email.
      await ctx.database.db
        .update(verificationCodes)
        .set({ consumedAt: null })
        .where(and(eq(verificationCodes.userId, session.user.id), eq(verificationCodes.purpose, 'recovery')));
      expect((await complete()).statusCode).toBe(400);
      expect((await passwordSignIn({ email: changed.json().data.email })).statusCode).toBe(200);
    });
  });

  describe('pre-hijacking: the first proof of a contact', () => {
    it("the owner's proof of the email ends the squatter's sessions and password; recovery gives the owner the account", async () => {
      const victim = nextEmail('victim');
      const attackerPassword = 'Squatter-owns-it-42';
      const attacker = await signUpShopper(ctx.app, { email: victim, password: attackerPassword });
      expect((await passwordSignIn({ email: victim }, attackerPassword)).statusCode).toBe(200);
      const signUpMail = await lastMailTo(ctx, victim);
      // Sign-in codes and recovery never go to the unproved email (202 all the same).
      expect((await inject('POST', '/account/otp', { email: victim })).statusCode).toBe(202);
      expect((await inject('POST', '/account/recover', { email: victim })).statusCode).toBe(202);
      expect(await lastMailTo(ctx, victim)).toBe(signUpMail);

      // The owner of the mailbox opens the sign-up's link (signed out: not the squatter's session).
      const token = await lastLinkTokenTo(ctx, victim, '/account/verify-email');
      const proved = await inject('POST', '/account/verify', { type: 'email_link', token });
      expect(proved.statusCode).toBe(200);
      expect(proved.json().data.user.email_verified).toBe(true);

      // The squatter's session, refresh token and password are all dead.
      expect((await inject('GET', '/account/user', undefined, attacker.access_token)).statusCode).toBe(401);
      const refreshed = await inject('POST', '/account/token', {
        grant_type: 'refresh_token',
        refresh_token: attacker.refresh_token,
      });
      expect(refreshed.statusCode).toBe(401);
      const squatter = await passwordSignIn({ email: victim }, attackerPassword);
      expect(squatter.statusCode).toBe(401);
      expect(squatter.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, attacker.user.id), eq(auditLogs.action, 'account.first_proof')));
      expect(audit?.after).toEqual({ channel: 'email', sessions_ended: true, password_voided: true });

      // The proved email now receives a sign-in code and the recovery link; the owner sets a password.
      expect((await inject('POST', '/account/otp', { email: victim })).statusCode).toBe(202);
      const code = await lastMailedCodeTo(ctx, victim);
      expect((await inject('POST', '/account/verify', { type: 'sign_in', email: victim, code })).statusCode).toBe(200);
      expect((await inject('POST', '/account/recover', { email: victim })).statusCode).toBe(202);
      const reset = await lastLinkTokenTo(ctx, victim, '/login/reset');
      expect((await inject('POST', '/account/recover/complete', { token: reset, password: STRONG })).statusCode).toBe(
        204,
      );
      expect((await passwordSignIn({ email: victim }, STRONG)).statusCode).toBe(200);
    });

    it("recovery never goes to a sign-up's unproved phone: the squatter keeps nothing it did not have", async () => {
      const phone = nextPhone();
      const attackerPassword = 'Squatter-owns-it-44';
      const attacker = await signUpShopper(ctx.app, { phone, password: attackerPassword });
      const unproved = await messagesTo(ctx, phone);
      expect((await inject('POST', '/account/recover', { phone })).statusCode).toBe(202);
      expect(await messagesTo(ctx, phone)).toBe(unproved);
      expect((await passwordSignIn({ phone }, attackerPassword)).statusCode).toBe(200);
      expect((await inject('GET', '/account/user', undefined, attacker.access_token)).statusCode).toBe(200);
    });

    it("the sign-up's link opened signed out does the same, and turns off two-step set up before", async () => {
      const victim = nextEmail('victim-link');
      const attackerPassword = 'Squatter-owns-it-43';
      const attacker = await signUpShopper(ctx.app, { email: victim, password: attackerPassword });
      await ctx.database.db
        .update(users)
        .set({ twoFactorEnabledAt: new Date(), twoFactorSecret: 'JBSWY3DPEHPK3PXP' })
        .where(eq(users.id, attacker.user.id));
      const token = await lastLinkTokenTo(ctx, victim, '/account/verify-email');
      expect((await inject('POST', '/account/verify', { type: 'email_link', token })).statusCode).toBe(200);

      expect((await inject('GET', '/account/user', undefined, attacker.access_token)).statusCode).toBe(401);
      expect((await passwordSignIn({ email: victim }, attackerPassword)).statusCode).toBe(401);
      const row = await userRow(attacker.user.id);
      expect(row.emailVerifiedAt).not.toBeNull();
      expect(row.twoFactorEnabledAt).toBeNull();
    });

    it('the link opened where the shopper is signed in keeps that session and the password, and ends the others', async () => {
      const email = nextEmail('owner');
      const here = await signUpShopper(ctx.app, { email });
      const elsewhere = (await passwordSignIn({ email })).json().data.session as ShopperSession;
      await verifyEmailSignedIn(here, email);
      expect((await inject('GET', '/account/user', undefined, here.access_token)).statusCode).toBe(200);
      expect((await inject('GET', '/account/user', undefined, elsewhere.access_token)).statusCode).toBe(401);
      expect((await passwordSignIn({ email })).statusCode).toBe(200);
    });

    it("a signed-out link cannot hand a stranger's sign-up with a proved phone a verified email", async () => {
      const email = nextEmail('mixed');
      const phone = nextPhone();
      const attacker = await signUpShopper(ctx.app, { email, phone });
      const code = await lastCodeTo(ctx, phone);
      expect((await inject('POST', '/account/verify-phone', { code }, attacker.access_token)).statusCode).toBe(200);
      const token = await lastLinkTokenTo(ctx, email, '/account/verify-email');
      const refused = await inject('POST', '/account/verify', { type: 'email_link', token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'token', message: ACCOUNT_MESSAGES.signInToConfirm }]);
      expect((await userRow(attacker.user.id)).emailVerifiedAt).toBeNull();
    });
  });

  describe('code sends answer before the work', () => {
    it('/account/otp answers 202 without waiting for the send; the code still arrives', async () => {
      const phone = nextPhone();
      const session = await signUpShopper(ctx.app, { phone });
      const verifyCode = await lastCodeTo(ctx, phone);
      expect(
        (await inject('POST', '/account/verify-phone', { code: verifyCode }, session.access_token)).statusCode,
      ).toBe(200);

      // A text channel that holds every message until the test lets it go.
      const channel = ctx.app.messages;
      const realSend = channel.send.bind(channel);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let sendStarted = () => {};
      const started = new Promise<void>((resolve) => {
        sendStarted = resolve;
      });
      channel.send = async (message) => {
        sendStarted();
        await gate;
        return realSend(message);
      };
      try {
        let answered = false;
        const answer = inject('POST', '/account/otp', { phone }).then((response) => {
          answered = true;
          return response;
        });
        await started;
        // One more turn of the event loop for an answer that does not wait for the channel.
        await new Promise<void>((resolve) => setImmediate(resolve));
        expect(answered).toBe(true);
        expect((await answer).statusCode).toBe(202);
        release();
        const code = await lastCodeTo(ctx, phone);
        expect(code).not.toBe(verifyCode);
        const signedIn = await inject('POST', '/account/verify', { type: 'sign_in', phone, code });
        expect(signedIn.statusCode).toBe(200);
      } finally {
        release();
        channel.send = realSend;
      }
    });

    it('/account/recover for an unknown contact answers the same 202 and sends nothing', async () => {
      const phone = nextPhone();
      const answer = await inject('POST', '/account/recover', { phone });
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ data: { sent: true } });
      expect(await messagesTo(ctx, phone)).toBe(0);
    });
  });

  describe('accounts join their customer record', () => {
    it('a guest who then makes and proves an account shows in Customers with it', async () => {
      const admin = await createUser(ctx.database.db, { role: 'admin', email: nextEmail('admin') });
      const api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email, TEST_PASSWORD, nextIp())).token);
      const product = await createProduct(ctx.database.db, { name: 'Soldering iron', price: 25, stockQuantity: 50 });
      const email = nextEmail('guest-then-shopper');
      const phone = nextPhone();
      const order = await checkout(
        ctx.app,
        orderBody([{ product_id: product.id, quantity: 1 }], { customer: { name: 'Maya Guest', phone, email } }),
      );
      const customerId: string = (await api('GET', `/api/admin/orders/${order.id}`)).json().data.customer.id;

      const session = await signUpShopper(ctx.app, { email });
      const before = (await api('GET', '/api/admin/customers?has_account=true&limit=100')).json().data as Customer[];
      expect(before.map((row) => row.id)).not.toContain(customerId);

      await verifyEmailSignedIn(session, email);
      const linked = (await api('GET', '/api/admin/customers?has_account=true&limit=100')).json().data as Customer[];
      expect(linked.map((row) => row.id)).toContain(customerId);
      const detail = (await api('GET', `/api/admin/customers/${customerId}`)).json().data as Customer;
      expect(detail.account).toMatchObject({ user_id: session.user.id, email, email_verified: true });
    });

    it('a signed-in order links the account through its verified phone, once', async () => {
      const admin = await createUser(ctx.database.db, { role: 'admin', email: nextEmail('admin2') });
      const api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email, TEST_PASSWORD, nextIp())).token);
      const product = await createProduct(ctx.database.db, { name: 'Wire stripper', price: 12, stockQuantity: 50 });
      const phone = nextPhone();
      const session = await signUpShopper(ctx.app, { phone });
      const code = await lastCodeTo(ctx, phone);
      expect((await inject('POST', '/account/verify-phone', { code }, session.access_token)).statusCode).toBe(200);
      expect((await userRow(session.user.id)).customerId).toBeNull();
      const placed = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ product_id: product.id, quantity: 1 }], { customer: { name: 'Omar', phone } }),
        headers: bearer(session.access_token),
        remoteAddress: nextIp(),
      });
      expect(placed.statusCode).toBe(201);
      const customerId: string = (await api('GET', `/api/admin/orders/${placed.json().data.id}`)).json().data.customer
        .id;
      expect((await userRow(session.user.id)).customerId).toBe(customerId);
      const rows = await ctx.database.db.select().from(users).where(eq(users.customerId, customerId));
      expect(rows).toHaveLength(1);
      expect(
        await ctx.database.db
          .select()
          .from(users)
          .where(and(eq(users.id, session.user.id), isNull(users.customerId))),
      ).toEqual([]);
    });
  });
});
