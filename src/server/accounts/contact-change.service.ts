import type { AuditContext } from '#server/audit/audit-context.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { badRequest } from '#server/errors.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import {
  ACCOUNT_MESSAGES,
  CONTACT_CHANGE_PASSWORD_MESSAGE,
  type UpdateShopperRequest,
} from '#shared/contracts/accounts.ts';
import { findShopper, type PasswordLockout, updateShopperProfile } from './accounts.service.ts';
import type { VerificationChannel } from './accounts.tables.ts';
import { invalidCode, invalidLink } from './recovery.service.ts';
import { consumeCode, consumeLink, findLink, markVerified, revokeSecretsTo } from './verification.service.ts';
import type { AccountMessenger } from './verification-delivery.ts';

/**
 * A shopper's contacts (docs/product.md#one-time-codes-and-links): changing an email or phone, and
 * proving one (the email link, the phone code, a new one sent). The routes only parse, limit and
 * answer.
 */

/** Whether this body changes the account's email or phone (a name alone does not). */
export const changesContact = (user: UserRow, body: UpdateShopperRequest): boolean =>
  (body.email !== undefined && body.email !== user.email) || (body.phone !== undefined && body.phone !== user.phone);

/**
 * PUT /account/user. A change of email or phone needs the current password (400 naming
 * `current_password` when it is missing or wrong; a wrong one counts toward the sign-in lockout,
 * as at /account/change-password). Then: what was sent to an old contact stops working, the old
 * contact is told, and the new one is unverified until its link or code proves it.
 */
export async function changeShopperProfile(
  db: Db,
  messenger: AccountMessenger,
  user: UserRow,
  body: UpdateShopperRequest,
  context: AuditContext,
  lockout: PasswordLockout,
): Promise<UserRow> {
  if (changesContact(user, body)) {
    if (!body.current_password) {
      throw badRequest(CONTACT_CHANGE_PASSWORD_MESSAGE, [
        { path: 'current_password', message: CONTACT_CHANGE_PASSWORD_MESSAGE },
      ]);
    }
    const attempt = await lockout.before();
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [
        { path: 'current_password', message: ACCOUNT_MESSAGES.wrongPassword },
      ]);
    }
    await attempt.succeeded();
  }
  const { user: updated, emailChanged, phoneChanged } = await updateShopperProfile(db, user, body, context);
  const changed: [VerificationChannel, string | null, string | null][] = [];
  if (emailChanged) changed.push(['email', user.email, updated.email]);
  if (phoneChanged) changed.push(['sms', user.phone, updated.phone]);
  for (const [channel, oldDestination, newDestination] of changed) {
    if (oldDestination) {
      // Links and codes are bound to where they were sent: the old address's die now.
      await revokeSecretsTo(db, user.id, channel, oldDestination);
      await messenger.tellContactChanged(updated, channel, oldDestination, context);
    }
    if (newDestination) {
      await messenger.sendSecret(updated, channel === 'email' ? 'verify_email' : 'verify_phone', channel, context);
    }
  }
  return updated;
}

/**
 * POST /account/verify type email_link. The link proves the email it was sent to if the account
 * still has it. `signedIn` is the shopper session the request carried, if any: when it is this
 * account's, a first proof keeps that session and the password (decision 018). Opened signed out,
 * a link proves an email only on an account with no proved contact (the email's owner claims a
 * sign-up, decision 018); on an account whose phone is proved it needs a session of the account,
 * else a stranger's sign-up with this email and their own phone would be handed a verified email.
 */
export async function confirmEmailLink(
  db: Db,
  token: string,
  context: AuditContext,
  signedIn?: { userId: string; sessionId: string },
): Promise<UserRow> {
  const link = await findLink(db, 'verify_email', token);
  const account = link && (await findShopper(db, link.userId).catch(() => undefined));
  if (!link || !account) throw invalidLink();
  const proverSessionId = signedIn?.userId === account.id ? signedIn.sessionId : undefined;
  if (!proverSessionId && account.emailVerifiedAt === null && account.phoneVerifiedAt !== null) {
    throw badRequest(ACCOUNT_MESSAGES.signInToConfirm, [{ path: 'token', message: ACCOUNT_MESSAGES.signInToConfirm }]);
  }
  const row = await consumeLink(db, 'verify_email', token);
  const user = row && (await markVerified(db, row, context, { proverSessionId }));
  if (!user) throw invalidLink();
  return user;
}

/** POST /account/verify-phone: the signed-in shopper's code proves the phone it was sent to. */
export async function confirmPhone(
  db: Db,
  session: { userId: string; sessionId: string },
  code: string,
  context: AuditContext,
): Promise<UserRow> {
  const row = await consumeCode(db, { userId: session.userId, purpose: 'verify_phone', code });
  const user = row && (await markVerified(db, row, context, { proverSessionId: session.sessionId }));
  if (!user) throw invalidCode();
  return user;
}

/**
 * POST /account/resend: the contact a new verification goes to, or a 400 when the account has
 * none of that kind. The route limits per destination before `resendVerification` sends.
 */
export async function verificationDestination(
  db: Db,
  userId: string,
  type: 'verify_email' | 'verify_phone',
): Promise<{ user: UserRow; destination: string }> {
  const user = await findShopper(db, userId);
  const destination = type === 'verify_email' ? user.email : user.phone;
  const field = type === 'verify_email' ? 'email' : 'phone';
  if (!destination) {
    throw badRequest(`Your account has no ${field} to verify`, [{ path: 'type', message: `Add a ${field} first` }]);
  }
  return { user, destination };
}

export async function resendVerification(
  messenger: AccountMessenger,
  user: UserRow,
  type: 'verify_email' | 'verify_phone',
  context: AuditContext,
): Promise<void> {
  await messenger.sendSecret(user, type, type === 'verify_email' ? 'email' : 'sms', context);
}
