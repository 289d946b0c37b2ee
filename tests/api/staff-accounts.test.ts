import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { readOutbox } from '#server/mail/outbox-file.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { staffInvitations } from '#server/users/staff-invitations.table.ts';
import { users } from '#server/users/users.table.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { SOCKET_EVENTS } from '#shared/contracts/notifications.ts';
import {
  STAFF_INVITATION_CHECKS_PER_WINDOW,
  STAFF_INVITATION_TTL_MS,
  STAFF_INVITATIONS_PER_HOUR,
  STAFF_MESSAGES,
} from '#shared/contracts/staff.ts';
import { lastMailTo } from '../helpers/account-outbox.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { type ManualClock, manualClock } from '../helpers/clocks.ts';
import { mailParts } from '../helpers/mail-parts.ts';
import { adminSocket, connectAdmin, nextEvent } from '../helpers/realtime.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/product.md#staff-accounts: invitations (mail, 72 hours, once), accepting them, editing and
 * removing staff, the invariants under parallel requests, the limits, the audit and the alerts.
 */

/** A password the staff rules and the default policy accept. */
const GOOD_PASSWORD = 'Walnut-Ledger-Harbour-42!';

let ipCounter = 0;
/** A client address no other request in this file uses (the link checks are limited per address). */
const freshIp = () => {
  ipCounter += 1;
  return `10.135.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

describe('staff accounts', () => {
  let ctx: TestApp;
  let clock: ManualClock;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let ownerToken: string;
  let asOwner: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    clock = manualClock(new Date('2026-12-01T09:00:00Z'));
    ctx = await createTestApp({ clock, messageSender: { intervalMs: 3_600_000 } });
    owner = await createUser(ctx.database.db, { email: 'owner@cedar.test', name: 'Owner Rania', role: 'super_admin' });
    ownerToken = (await signInAs(ctx.app, owner.email)).token;
    asOwner = apiAs(ctx.app, ownerToken);
  });
  afterAll(() => ctx.close());

  const preview = (token: string, ip = freshIp()) =>
    ctx.app.inject({ method: 'GET', url: `/api/auth/invitations/${encodeURIComponent(token)}`, remoteAddress: ip });
  const accept = (body: object, ip = freshIp()) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: body, remoteAddress: ip });

  /** The token of the newest invitation link mailed to `email` (drains the outbox first). */
  async function mailedToken(email: string): Promise<string> {
    const token = (await lastMailTo(ctx, email)).match(/\?invitation=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no invitation link in the mail to ${email}`);
    return token;
  }

  async function invite(email: string, role = 'admin', name = '') {
    const response = await asOwner('POST', '/api/admin/users', { email, role, name });
    expect(response.statusCode, response.body).toBe(201);
    return { invitation: response.json().data, token: await mailedToken(email) };
  }

  const alertsTitled = (fragment: string) =>
    ctx.database.db
      .select()
      .from(securityAlerts)
      .where(like(securityAlerts.title, `%${fragment}%`))
      .orderBy(desc(securityAlerts.createdAt));

  describe('inviting', () => {
    it('stores only the hash of the token, mails the link to the hidden sign-in route, audits and alerts', async () => {
      const response = await asOwner('POST', '/api/admin/users', {
        email: '  Layla@Cedar.Test ',
        name: 'Layla',
        role: 'admin',
      });
      expect(response.statusCode, response.body).toBe(201);
      const invitation = response.json().data;
      expect(invitation).toEqual({
        id: expect.any(String),
        email: 'layla@cedar.test',
        name: 'Layla',
        role: 'admin',
        invited_by: 'Owner Rania',
        expires_at: new Date(clock.now().getTime() + STAFF_INVITATION_TTL_MS).toISOString(),
        created_at: expect.any(String),
      });
      // The answer never carries the link (nor, so, the hidden sign-in path).
      expect(response.body).not.toContain(TEST_SECRETS.adminLoginPath);

      await lastMailTo(ctx, 'layla@cedar.test');
      const raw = (await readOutbox(ctx.config.paths.outbox, 'mail')).findLast((message) =>
        message.includes('To: layla@cedar.test'),
      );
      const mail = mailParts(raw ?? '');
      expect(mail.headers).toMatch(/^Subject: .*invited/im);
      // The HTML part escapes "=" as &#x3D; (Handlebars), which a mail client reads back.
      expect(mail.html?.replaceAll('&#x3D;', '=')).toContain(`/${TEST_SECRETS.adminLoginPath}?invitation=`);
      expect(mail.text).toContain('72 hours');
      const token = await mailedToken('layla@cedar.test');
      expect(mail.text).toContain(
        `http://localhost:${ctx.config.PORT}/${TEST_SECRETS.adminLoginPath}?invitation=${token}`,
      );
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const [row] = await ctx.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
      expect(row?.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(row)).not.toContain(token);

      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'staff.invited'), eq(auditLogs.entityId, invitation.id)));
      expect(audit).toMatchObject({
        userId: owner.id,
        userName: 'Owner Rania',
        entityType: 'staff_invitation',
        after: { email: 'layla@cedar.test', name: 'Layla', role: 'admin', expires_at: invitation.expires_at },
      });
      expect(JSON.stringify(audit)).not.toContain(token);
      expect(JSON.stringify(audit)).not.toContain(sha256(token));
      const [alert] = await alertsTitled('layla@cedar.test');
      expect(alert).toMatchObject({ type: 'security', severity: 'medium', userId: owner.id });

      const pending = (await asOwner('GET', '/api/admin/users/invitations')).json().data;
      expect(pending.map((item: { email: string }) => item.email)).toContain('layla@cedar.test');
    });

    it('refuses an email that has a staff account or a shopper account, naming why (409)', async () => {
      const staff = await asOwner('POST', '/api/admin/users', { email: 'owner@cedar.test', role: 'admin' });
      expect(staff.statusCode).toBe(409);
      expect(staff.json()).toEqual({
        message: STAFF_MESSAGES.emailIsStaff,
        statusCode: 409,
        code: 'CONFLICT',
        errors: [{ path: 'email', message: STAFF_MESSAGES.emailIsStaff }],
      });
      await signUpShopper(ctx.app, { email: 'shopper-staff@example.com' });
      const shopper = await asOwner('POST', '/api/admin/users', { email: 'shopper-staff@example.com', role: 'admin' });
      expect(shopper.statusCode).toBe(409);
      expect(shopper.json().message).toBe(STAFF_MESSAGES.emailIsShopper);
    });

    it('refuses a bad email or role with a 400 naming the field', async () => {
      const bad = await asOwner('POST', '/api/admin/users', { email: 'not-an-email', role: 'owner' });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .errors.map((error: { path: string }) => error.path)
          .sort(),
      ).toEqual(['email', 'role']);
      const customer = await asOwner('POST', '/api/admin/users', { email: 'c@cedar.test', role: 'customer' });
      expect(customer.statusCode).toBe(400);
    });

    it('replaces a pending invitation for the same email: the old link dies, its unsent mail is dropped', async () => {
      const first = await invite('samir@cedar.test', 'admin', 'Samir');
      // The second invitation's mail is not drained before the third replaces it: it is never sent.
      const second = await asOwner('POST', '/api/admin/users', { email: 'samir@cedar.test', role: 'admin' });
      expect(second.statusCode).toBe(201);
      const third = await invite('samir@cedar.test', 'super_admin', 'Samir K');
      expect(third.token).not.toBe(first.token);
      const old = await preview(first.token);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toMatchObject({ code: 'NOT_FOUND', message: STAFF_MESSAGES.invitationUnknown });
      expect((await preview(third.token)).json().data).toMatchObject({ role: 'super_admin', name: 'Samir K' });
      const rows = await ctx.database.db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.email, 'samir@cedar.test'));
      expect(rows.map((row) => row.id)).toEqual([third.invitation.id]);
      // Two mails went out (the first and the third); the second's was dropped unsent.
      const keys = await ctx.database.db
        .select({ key: messageOutbox.dedupeKey })
        .from(messageOutbox)
        .where(eq(messageOutbox.recipient, 'samir@cedar.test'));
      expect(keys.map((row) => row.key)).toEqual([expect.stringContaining(third.invitation.id)]);
    });
  });

  describe('the invitation link', () => {
    it('shows who is invited, as what, until when, with the password policy', async () => {
      const { token } = await invite('mira@cedar.test', 'super_admin', 'Mira');
      const response = await preview(token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        email: 'mira@cedar.test',
        name: 'Mira',
        role: 'super_admin',
        expires_at: expect.any(String),
        password_policy: ctx.app.settings.values.security.password_policy,
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers 404 for an unknown token and 410 once expired (72 hours on the business clock)', async () => {
      const unknown = await preview('A'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(STAFF_MESSAGES.invitationUnknown);
      const { token } = await invite('late@cedar.test');
      clock.advance(STAFF_INVITATION_TTL_MS - 1_000);
      expect((await preview(token)).statusCode).toBe(200);
      clock.advance(1_000);
      try {
        const expired = await preview(token);
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toEqual({
          message: STAFF_MESSAGES.invitationExpired,
          statusCode: 410,
          code: 'GONE',
          errors: [],
        });
        const late = await accept({ token, password: GOOD_PASSWORD });
        expect(late.statusCode).toBe(410);
        // Not listed as pending any more; resending revives it with a new link.
        const pending = (await asOwner('GET', '/api/admin/users/invitations')).json().data;
        expect(pending.map((item: { email: string }) => item.email)).not.toContain('late@cedar.test');
      } finally {
        clock.advance(-STAFF_INVITATION_TTL_MS);
      }
    });

    it('makes the staff account with a strong password; the link then answers 410 and the person signs in', async () => {
      const { invitation, token } = await invite('nadim@cedar.test', 'admin', 'Nadim');
      const weak = await accept({ token, password: 'nadim123456789' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors).toEqual(
        expect.arrayContaining([{ path: 'password', message: 'Password must not contain your email or phone number' }]),
      );
      expect((await preview(token)).statusCode).toBe(200);

      const response = await accept({ token, password: GOOD_PASSWORD, name: '  Nadim H.  ' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        email: 'nadim@cedar.test',
        name: 'Nadim H.',
        role: 'admin',
        status: 'active',
        two_factor_enabled: false,
      });
      // No session: the person signs in like any staff member.
      expect(response.body).not.toMatch(/refreshToken|"token"/);
      const used = await preview(token);
      expect(used.statusCode).toBe(410);
      expect(used.json().message).toBe(STAFF_MESSAGES.invitationUsed);
      const session = await signInAs(ctx.app, 'nadim@cedar.test', GOOD_PASSWORD);
      expect(session.user.role).toBe('admin');

      const [row] = await ctx.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
      expect(row).toMatchObject({ userId: session.user.id, acceptedAt: clock.now() });
      // The mail's outbox row (which held the link) is gone with the link's use.
      const left = await ctx.database.db
        .select()
        .from(messageOutbox)
        .where(like(messageOutbox.dedupeKey, `staff-invitation:${invitation.id}:%`));
      expect(left).toEqual([]);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'staff.invitation_accepted'), eq(auditLogs.entityId, session.user.id)));
      expect(audit).toMatchObject({ userId: session.user.id, userName: 'Nadim H.' });
      expect(JSON.stringify(audit)).not.toContain(token);
      const [alert] = await alertsTitled('New staff account: nadim@cedar.test');
      expect(alert).toMatchObject({ type: 'security', severity: 'medium' });
    });

    it("applies the shop's password policy to the new password", async () => {
      await ctx.app.settings.save(
        { security: { password_policy: { require_symbol: true, require_upper: true, min_length: 16 } } },
        { actor: null },
        false,
      );
      try {
        const { token } = await invite('policy@cedar.test');
        expect((await preview(token)).json().data.password_policy).toMatchObject({
          min_length: 16,
          require_symbol: true,
        });
        const refused = await accept({ token, password: 'quiet walnut harbour' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors.map((error: { message: string }) => error.message)).toEqual(
          expect.arrayContaining(['Password must contain an upper-case letter', 'Password must contain a symbol']),
        );
        expect((await accept({ token, password: 'Quiet-Walnut-Harbour-Lamp' })).statusCode).toBe(201);
      } finally {
        await ctx.app.settings.save(
          { security: { password_policy: { require_symbol: false, require_upper: false, min_length: 12 } } },
          { actor: null },
          false,
        );
      }
    });

    it('refuses to make an account when the email found one meanwhile (409), leaving the invitation usable', async () => {
      const { token } = await invite('raced@example.com');
      await signUpShopper(ctx.app, { email: 'raced@example.com' });
      const response = await accept({ token, password: GOOD_PASSWORD });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(STAFF_MESSAGES.emailIsShopper);
      expect((await preview(token)).statusCode).toBe(200);
    });

    it('parallel accepts of one link make exactly one account', async () => {
      const { token } = await invite('twice@cedar.test');
      const responses = await Promise.all(Array.from({ length: 6 }, () => accept({ token, password: GOOD_PASSWORD })));
      expect(statuses(responses).filter((status) => status === 201)).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 201)) {
        expect(response.statusCode).toBe(410);
        expect(response.json().message).toBe(STAFF_MESSAGES.invitationUsed);
      }
      const accounts = await ctx.database.db.select().from(users).where(eq(users.email, 'twice@cedar.test'));
      expect(accounts).toHaveLength(1);
    });

    it('refuses a bad body with a 400 naming the field', async () => {
      const response = await accept({ token: '', password: '' });
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .errors.map((error: { path: string }) => error.path)
          .sort(),
      ).toEqual(['password', 'token']);
    });
  });

  describe('pending invitations', () => {
    it('resends with a new link (the old one dies), and cancels (the link dies, the mail is not sent)', async () => {
      const { invitation, token } = await invite('resend@cedar.test');
      clock.advance(60_000);
      const resent = await asOwner('POST', `/api/admin/users/invitations/${invitation.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(new Date(resent.json().data.expires_at).getTime()).toBe(clock.now().getTime() + STAFF_INVITATION_TTL_MS);
      const fresh = await mailedToken('resend@cedar.test');
      expect(fresh).not.toBe(token);
      expect((await preview(token)).statusCode).toBe(404);
      expect((await preview(fresh)).statusCode).toBe(200);
      expect(await alertsTitled('sent again to resend@cedar.test')).toHaveLength(1);

      // Cancelled before the sender ran: the queued mail is dropped with it.
      const other = await asOwner('POST', '/api/admin/users', { email: 'cancel@cedar.test', role: 'admin' });
      const id = other.json().data.id;
      const cancelled = await asOwner('DELETE', `/api/admin/users/invitations/${id}`);
      expect(cancelled.statusCode).toBe(204);
      await ctx.app.messageSender.drain();
      const mails = await ctx.database.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.recipient, 'cancel@cedar.test'));
      expect(mails).toEqual([]);
      expect((await asOwner('DELETE', `/api/admin/users/invitations/${id}`)).statusCode).toBe(404);
      expect((await asOwner('POST', `/api/admin/users/invitations/${id}/resend`)).statusCode).toBe(404);
      const pending = (await asOwner('GET', '/api/admin/users/invitations')).json().data;
      expect(pending.map((item: { email: string }) => item.email)).not.toContain('cancel@cedar.test');
      const actions = await ctx.database.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(inArray(auditLogs.entityId, [invitation.id, id]));
      expect(actions.map((row) => row.action).sort()).toEqual([
        'staff.invitation_cancelled',
        'staff.invitation_resent',
        'staff.invited',
        'staff.invited',
      ]);
    });

    it('an accepted invitation cannot be resent or cancelled', async () => {
      const { invitation, token } = await invite('done@cedar.test');
      expect((await accept({ token, password: GOOD_PASSWORD })).statusCode).toBe(201);
      expect((await asOwner('POST', `/api/admin/users/invitations/${invitation.id}/resend`)).statusCode).toBe(404);
      expect((await asOwner('DELETE', `/api/admin/users/invitations/${invitation.id}`)).statusCode).toBe(404);
    });
  });

  describe('limits', () => {
    it(`invitations per staff member: ${4 * STAFF_INVITATIONS_PER_HOUR} at once, at most ${STAFF_INVITATIONS_PER_HOUR} made`, async () => {
      const sender = await createUser(ctx.database.db, { role: 'admin' });
      const send = apiAs(ctx.app, (await signInAs(ctx.app, sender.email)).token);
      // Refusals give their attempt back: these cost nothing.
      for (let i = 0; i < 3; i++) {
        expect((await send('POST', '/api/admin/users', { email: owner.email, role: 'admin' })).statusCode).toBe(409);
      }
      const responses = await Promise.all(
        Array.from({ length: 4 * STAFF_INVITATIONS_PER_HOUR }, (_, i) =>
          send('POST', '/api/admin/users', { email: `burst-${i}@cedar.test`, role: 'admin' }),
        ),
      );
      expect(statuses(responses).filter((status) => status === 201)).toHaveLength(STAFF_INVITATIONS_PER_HOUR);
      for (const response of responses.filter((r) => r.statusCode !== 201)) {
        expect(response.statusCode).toBe(429);
        expect(response.json().message).toMatch(/^Too many invitations sent/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      const made = await ctx.database.db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.invitedBy, sender.id));
      expect(made).toHaveLength(STAFF_INVITATIONS_PER_HOUR);
      // A resend counts too.
      const resend = await send('POST', `/api/admin/users/invitations/${made[0]?.id}/resend`);
      expect(resend.statusCode).toBe(429);
    });

    it(`link checks per address: ${4 * STAFF_INVITATION_CHECKS_PER_WINDOW} at once, at most ${STAFF_INVITATION_CHECKS_PER_WINDOW} looked up`, async () => {
      const { token } = await invite('guessed@cedar.test');
      const ip = freshIp();
      const guesses = await Promise.all(
        Array.from({ length: 4 * STAFF_INVITATION_CHECKS_PER_WINDOW }, (_, i) =>
          i % 2 === 0
            ? preview(`guess-${i}-${'x'.repeat(30)}`, ip)
            : accept({ token: `guess-${i}-${'x'.repeat(30)}`, password: GOOD_PASSWORD }, ip),
        ),
      );
      const judged = guesses.filter((response) => response.statusCode !== 429);
      expect(judged.length).toBeLessThanOrEqual(STAFF_INVITATION_CHECKS_PER_WINDOW);
      expect(judged.every((response) => response.statusCode === 404)).toBe(true);
      for (const response of guesses.filter((r) => r.statusCode === 429)) {
        expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(response.json().message).toMatch(/^Too many invitation attempts/);
      }
      // The right token is refused too from that address, and works from another.
      expect((await preview(token, ip)).statusCode).toBe(429);
      expect((await preview(token)).statusCode).toBe(200);
    });
  });

  describe('editing, status and removal', () => {
    it("edits a member's name and role: audited, a role change is a high alert", async () => {
      const member = await createUser(ctx.database.db, { role: 'admin', name: 'Old Name' });
      const renamed = await asOwner('PUT', `/api/admin/users/${member.id}`, { name: 'New Name' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({ name: 'New Name', role: 'admin' });
      const promoted = await asOwner('PUT', `/api/admin/users/${member.id}`, { role: 'super_admin' });
      expect(promoted.json().data.role).toBe('super_admin');
      const audits = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'staff.updated'), eq(auditLogs.entityId, member.id)));
      expect(audits.map((row) => [row.before, row.after])).toEqual(
        expect.arrayContaining([
          [
            { name: 'Old Name', role: 'admin' },
            { name: 'New Name', role: 'admin' },
          ],
          [
            { name: 'New Name', role: 'admin' },
            { name: 'New Name', role: 'super_admin' },
          ],
        ]),
      );
      const alerts = await ctx.database.db.select().from(securityAlerts).where(eq(securityAlerts.userId, member.id));
      expect(alerts.map((alert) => alert.severity).sort()).toEqual(['high', 'medium']);

      expect((await asOwner('PUT', `/api/admin/users/${member.id}`, {})).statusCode).toBe(400);
      expect((await asOwner('PUT', `/api/admin/users/${member.id}`, { role: 'customer' })).statusCode).toBe(400);
      expect((await asOwner('PUT', `/api/admin/users/${member.id}`, { name: '   ' })).statusCode).toBe(400);
      const stranger = await createUser(ctx.database.db, { role: 'customer' });
      expect((await asOwner('PUT', `/api/admin/users/${stranger.id}`, { name: 'X' })).statusCode).toBe(404);
    });

    it('nobody changes their own role or removes themselves; their own name they may edit', async () => {
      const ownRole = await asOwner('PUT', `/api/admin/users/${owner.id}`, { role: 'admin' });
      expect(ownRole.statusCode).toBe(409);
      expect(ownRole.json().message).toBe(STAFF_MESSAGES.cannotChangeOwnRole);
      const self = await asOwner('DELETE', `/api/admin/users/${owner.id}`);
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(STAFF_MESSAGES.cannotRemoveSelf);
      const disable = await asOwner('PUT', `/api/admin/users/${owner.id}/status`, { is_active: false });
      expect(disable.json().message).toBe(AUTH_MESSAGES.cannotDisableSelf);
      const renamed = await asOwner('PUT', `/api/admin/users/${owner.id}`, {
        name: 'Owner Rania',
        role: 'super_admin',
      });
      expect(renamed.statusCode).toBe(200);
    });

    it('removes a member: their sessions end at once and their audit entries keep their name', async () => {
      const member = await createUser(ctx.database.db, { role: 'admin', name: 'Leaving Lina' });
      const session = await signInAs(ctx.app, member.email);
      const rename = await ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: bearer(session.token),
        payload: { name: 'Lina Leaving' },
      });
      expect(rename.statusCode).toBe(200);
      const theirs = async () =>
        ctx.database.db
          .select()
          .from(auditLogs)
          .where(
            and(
              eq(auditLogs.userEmail, member.email),
              inArray(auditLogs.action, ['auth.login', 'auth.profile_updated']),
            ),
          );
      expect((await theirs()).map((row) => row.action).sort()).toEqual(['auth.login', 'auth.profile_updated']);

      const removed = await asOwner('DELETE', `/api/admin/users/${member.id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.token) })).statusCode,
      ).toBe(401);
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      const kept = await theirs();
      expect(kept).toHaveLength(2);
      // The name as it was when each entry was written; the account is gone (user_id null by the FK).
      expect(kept.every((row) => row.userId === null && row.userName === 'Leaving Lina')).toBe(true);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'staff.removed'), eq(auditLogs.entityId, member.id)));
      expect(audit).toMatchObject({
        userId: owner.id,
        before: { email: member.email, name: 'Lina Leaving', role: 'admin', is_active: true },
      });
      const [alert] = await alertsTitled(`Staff member removed: ${member.email}`);
      expect(alert).toMatchObject({ type: 'security', severity: 'high' });
      expect((await asOwner('DELETE', `/api/admin/users/${member.id}`)).statusCode).toBe(404);
      const shopper = await createUser(ctx.database.db, { role: 'customer' });
      expect((await asOwner('DELETE', `/api/admin/users/${shopper.id}`)).statusCode).toBe(404);
    });
  });
});

describe('the last active super admin', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const activeSuperAdmins = async () => {
    const [row] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)));
    return row?.count ?? 0;
  };

  it('can never be disabled, demoted or removed (409), by anyone', async () => {
    const sole = await createUser(ctx.database.db, { role: 'super_admin', name: 'Sole Owner' });
    const helper = await createUser(ctx.database.db, { role: 'admin' });
    const asHelper = apiAs(ctx.app, (await signInAs(ctx.app, helper.email)).token);
    for (const [method, url, body] of [
      ['PUT', `/api/admin/users/${sole.id}/status`, { is_active: false }],
      ['PUT', `/api/admin/users/${sole.id}`, { role: 'admin' }],
      ['DELETE', `/api/admin/users/${sole.id}`, undefined],
    ] as const) {
      const response = await asHelper(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(response.json()).toEqual({
        message: STAFF_MESSAGES.lastSuperAdmin,
        statusCode: 409,
        code: 'CONFLICT',
        errors: [],
      });
    }
    expect(await activeSuperAdmins()).toBe(1);
    // With a second active super admin, the first may go.
    const asSole = apiAs(ctx.app, (await signInAs(ctx.app, sole.email)).token);
    expect((await asSole('PUT', `/api/admin/users/${helper.id}`, { role: 'super_admin' })).statusCode).toBe(200);
    expect((await asHelper('PUT', `/api/admin/users/${sole.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect(await activeSuperAdmins()).toBe(1);
    // Clean slate for the races below.
    await ctx.database.db.delete(users).where(inArray(users.id, [sole.id, helper.id]));
  });

  it.each([1, 2, 3])(
    'parallel disables, demotions and removals of two super admins leave exactly one (round %i)',
    async () => {
      const first = await createUser(ctx.database.db, { role: 'super_admin' });
      const second = await createUser(ctx.database.db, { role: 'super_admin' });
      const actor = await createUser(ctx.database.db, { role: 'admin' });
      const call = apiAs(ctx.app, (await signInAs(ctx.app, actor.email)).token);
      const responses = await Promise.all(
        [first, second].flatMap((target) => [
          call('PUT', `/api/admin/users/${target.id}/status`, { is_active: false }),
          call('PUT', `/api/admin/users/${target.id}`, { role: 'admin' }),
          call('DELETE', `/api/admin/users/${target.id}`),
        ]),
      );
      for (const response of responses) {
        // 404: an earlier request of the burst removed that account.
        expect([200, 204, 404, 409]).toContain(response.statusCode);
        if (response.statusCode === 409) expect(response.json().message).toBe(STAFF_MESSAGES.lastSuperAdmin);
      }
      expect(await activeSuperAdmins()).toBe(1);
      await ctx.database.db.delete(users).where(inArray(users.id, [first.id, second.id, actor.id]));
    },
  );

  it('two super admins disabling each other at once: one wins, one active super admin remains', async () => {
    const first = await createUser(ctx.database.db, { role: 'super_admin' });
    const second = await createUser(ctx.database.db, { role: 'super_admin' });
    const asFirst = apiAs(ctx.app, (await signInAs(ctx.app, first.email)).token);
    const asSecond = apiAs(ctx.app, (await signInAs(ctx.app, second.email)).token);
    const responses = await Promise.all([
      asFirst('PUT', `/api/admin/users/${second.id}/status`, { is_active: false }),
      asSecond('PUT', `/api/admin/users/${first.id}/status`, { is_active: false }),
      asFirst('DELETE', `/api/admin/users/${second.id}`),
      asSecond('DELETE', `/api/admin/users/${first.id}`),
    ]);
    // The loser's later requests may find its session already ended (401).
    expect(statuses(responses).every((status) => [200, 204, 401, 404, 409].includes(status))).toBe(true);
    expect(await activeSuperAdmins()).toBe(1);
  });
});

describe('removal and the admin sockets', () => {
  let ctx: TestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await ctx.close();
  });
  const open = (token: string) => {
    const socket = adminSocket(baseUrl, token);
    sockets.push(socket);
    return socket;
  };

  it("drops the removed member's open sockets at once, and tells the other admins live", async () => {
    const owner = await createUser(ctx.database.db, { role: 'super_admin' });
    const member = await createUser(ctx.database.db, { role: 'admin' });
    const ownerToken = (await signInAs(ctx.app, owner.email)).token;
    const theirs = open((await signInAs(ctx.app, member.email)).token);
    const ours = open(ownerToken);
    await connectAdmin(theirs);
    await connectAdmin(ours);
    const dropped = nextEvent<string>(theirs, 'disconnect');
    const alert = nextEvent<{ title: string }>(ours, SOCKET_EVENTS.securityAlert);
    const removed = await apiAs(ctx.app, ownerToken)('DELETE', `/api/admin/users/${member.id}`);
    expect(removed.statusCode).toBe(204);
    // The server ended it ("io server disconnect"), not the client or the transport.
    expect(await dropped).toBe('io server disconnect');
    expect((await alert).title).toBe(`Staff member removed: ${member.email}`);
    expect(ours.connected).toBe(true);
  });
});
