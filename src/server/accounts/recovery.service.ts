import type { AuditContext } from '#server/audit/audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import { assertStrongPassword } from '#server/auth/password-strength.ts';
import type { Db } from '#server/db/client.ts';
import { badRequest } from '#server/errors.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import {
  ACCOUNT_MESSAGES,
  type CompleteRecoveryRequest,
  type OtpRequest,
  type SignInResult,
} from '#shared/contracts/accounts.ts';
import { findShopper, findShopperByContact, setShopperPassword } from './accounts.service.ts';
import type { VerificationChannel } from './accounts.tables.ts';
import { signInResultFor } from './sign-in-result.ts';
import { consumeCode, consumeLink, findLink, markVerified, sentToCurrentContact } from './verification.service.ts';
import type { AccountMessenger } from './verification-delivery.ts';

/**
 * Sign-in codes and password recovery (docs/product.md#one-time-codes-and-links): what
 * POST /account/otp, /account/verify (type sign_in) and /account/recover{,/complete} do. The routes
 * only parse, limit and answer.
 */

export const invalidCode = () =>
  badRequest(ACCOUNT_MESSAGES.invalidCode, [{ path: 'code', message: ACCOUNT_MESSAGES.invalidCode }]);
export const invalidLink = () =>
  badRequest(ACCOUNT_MESSAGES.invalidLink, [{ path: 'token', message: ACCOUNT_MESSAGES.invalidLink }]);

/**
 * Sign-in codes and recovery go only to a VERIFIED contact: a contact changed to and not yet
 * proved (a typo, or a stranger's address) must never receive the keys to the account, and a
 * sign-up's unproved contact is proved by the link or code its sign-up sent (decision 018).
 */
export function mayReceiveSecrets(user: UserRow, channel: VerificationChannel): boolean {
  return (channel === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt) !== null;
}

/**
 * The work of POST /account/otp and /account/recover, run AFTER the 202 went out (the route hands
 * it to `messenger.later`), so the answer's timing is the same whether or not the account exists.
 * Sends nothing for an unknown, disabled or not-to-be-trusted contact.
 */
export async function sendCodeToContact(
  db: Db,
  messenger: AccountMessenger,
  purpose: 'sign_in' | 'recovery',
  contact: OtpRequest,
  context: AuditContext,
): Promise<void> {
  const channel: VerificationChannel = contact.email ? 'email' : 'sms';
  const user = await findShopperByContact(db, contact);
  if (!user?.isActive || !mayReceiveSecrets(user, channel)) return;
  await messenger.sendSecret(user, purpose, channel, context);
}

/**
 * POST /account/verify type sign_in: the code proves the contact it was sent to (verified by the
 * sign-in; a first proof applies decision 018), then the usual first-step result.
 */
export async function signInWithCode(
  db: Db,
  settings: AuthSettings,
  body: { email?: string; phone?: string; code: string },
  context: AuditContext,
): Promise<SignInResult> {
  const account = await findShopperByContact(db, body);
  const row = account?.isActive && (await consumeCode(db, { userId: account.id, purpose: 'sign_in', code: body.code }));
  if (!account || !row || !sentToCurrentContact(account, row)) throw invalidCode();
  const user = await markVerified(db, row, context);
  if (!user) throw invalidCode();
  return signInResultFor(db, settings, user, context);
}

/**
 * POST /account/recover/complete: the link (email) or code (phone) must still be bound to the
 * account's current contact; the new password is judged before the secret is used, so a refused
 * password leaves it working. Every session ends (setShopperPassword).
 */
export async function completeRecovery(db: Db, body: CompleteRecoveryRequest, context: AuditContext): Promise<void> {
  if (body.token) {
    const link = await findLink(db, 'recovery', body.token);
    const account = link && (await findShopper(db, link.userId).catch(() => undefined));
    if (!link || !account?.isActive || !sentToCurrentContact(account, link)) throw invalidLink();
    assertStrongPassword(body.password, account);
    const used = await consumeLink(db, 'recovery', body.token);
    if (!used) throw invalidLink();
    await finishRecovery(db, account, used, body.password, context);
    return;
  }
  const account = await findShopperByContact(db, { phone: body.phone });
  if (!account?.isActive || !body.code) throw invalidCode();
  assertStrongPassword(body.password, account);
  const used = await consumeCode(db, { userId: account.id, purpose: 'recovery', code: body.code });
  if (!used || !sentToCurrentContact(account, used)) throw invalidCode();
  await finishRecovery(db, account, used, body.password, context);
}

async function finishRecovery(
  db: Db,
  account: UserRow,
  used: Parameters<typeof markVerified>[1],
  password: string,
  context: AuditContext,
): Promise<void> {
  // Proved first (the prover sets the password now, so it is not voided), then the new password.
  await markVerified(db, used, context, { newPasswordFollows: true });
  await setShopperPassword(db, account, password, 'account.password_reset', context);
}
