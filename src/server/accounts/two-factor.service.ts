import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest, conflict, unauthorized } from '#server/errors.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import { replaceBackupCodes } from '#server/two-factor/backup-codes.ts';
import {
  acceptFactorCode,
  confirmIdentity as confirmWithFactor,
  storePendingSecret,
  switchTwoFactorOff,
  wrongCode,
} from '#server/two-factor/factor-checks.ts';
import { acceptTotp, newEnrolment } from '#server/two-factor/totp.ts';
import {
  countAttemptFrom,
  judgedUnderLimit,
  spendChallenge,
  type TwoFactorGuard,
} from '#server/two-factor/two-factor-guard.ts';
import { TWO_FACTOR_MESSAGES } from '#server/two-factor/two-factor-messages.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession, TotpEnrolment } from '#shared/contracts/accounts.ts';
import { verifyMfaToken } from './mfa-token.ts';
import { startShopperSession } from './shopper-sessions.ts';

/**
 * A shopper's two-step sign-in on the shared two-factor kit (src/server/two-factor/: TOTP,
 * backup codes, challenge tokens, the counted checks), which the staff sign-in uses too.
 */

/**
 * Re-authentication before a sensitive change (new backup codes, two-step off, delete account):
 * the password, or a current two-step code. Wrong answers count towards the user's limit.
 */
export function confirmIdentity(
  db: Db,
  box: SecretBox,
  guard: TwoFactorGuard,
  user: UserRow,
  proof: { password?: string; code?: string },
): Promise<void> {
  return confirmWithFactor(db, box, guard, user, proof, verifyPassword);
}

/** POST /account/factors: a new secret, kept but not live until a code proves the app has it. */
export async function startEnrolment(db: Db, box: SecretBox, user: UserRow, issuer: string): Promise<TotpEnrolment> {
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const enrolment = await newEnrolment(user.email ?? user.phone ?? user.name, issuer);
  if (!(await storePendingSecret(db, box, user.id, enrolment.secret))) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  return enrolment;
}

/**
 * POST /account/factors/verify: a right code turns two-step sign-in on, answers the ten backup
 * codes (the only time they are shown) and signs out the account's other devices.
 */
export async function confirmEnrolment(
  db: Db,
  box: SecretBox,
  guard: TwoFactorGuard,
  user: UserRow,
  code: string,
  currentFamilyId: string,
  context: AuditContext,
): Promise<string[]> {
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  if (!user.twoFactorSecret) throw badRequest(TWO_FACTOR_MESSAGES.notStarted);
  if (!(await judgedUnderLimit(guard, user.id, () => acceptTotp(db, box, user, code)))) throw wrongCode();
  return inTransaction(db, async (tx) => {
    await tx.update(users).set({ twoFactorEnabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    const codes = await replaceBackupCodes(tx, user.id);
    await revokeUserSessions(tx, user.id, currentFamilyId);
    await recordAudit(tx, { context, action: 'account.two_factor_on', entityType: 'user', entityId: user.id });
    return codes;
  });
}

function assertOn(user: UserRow): void {
  if (!user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn);
}

/** POST /account/factors/backup-codes: a new set; the old codes stop working. */
export async function regenerateBackupCodes(db: Db, user: UserRow, context: AuditContext): Promise<string[]> {
  assertOn(user);
  return inTransaction(db, async (tx) => {
    const codes = await replaceBackupCodes(tx, user.id);
    await recordAudit(tx, { context, action: 'account.backup_codes_renewed', entityType: 'user', entityId: user.id });
    return codes;
  });
}

/** DELETE /account/factors: two-step sign-in off, the secret and the backup codes gone. */
export async function disableTwoFactor(db: Db, user: UserRow, context: AuditContext): Promise<void> {
  assertOn(user);
  await inTransaction(db, async (tx) => {
    await switchTwoFactorOff(tx, user.id);
    await recordAudit(tx, { context, action: 'account.two_factor_off', entityType: 'user', entityId: user.id });
  });
}

/**
 * POST /account/mfa/verify: the second step. The challenge must be live and unused; the code is a
 * TOTP code (not one already accepted) or an unused backup code. Attempts are limited per IP and
 * wrong codes per account.
 */
export async function finishTwoStepSignIn(
  db: Db,
  box: SecretBox,
  guard: TwoFactorGuard,
  settings: AuthSettings,
  body: { mfa_token: string; code: string },
  context: AuditContext & { ip: string },
): Promise<ShopperSession> {
  await countAttemptFrom(guard, context.ip);
  const challenge = await verifyMfaToken(body.mfa_token, settings.jwtSecret);
  if (!challenge) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user?.isActive || user.role !== 'customer' || !user.twoFactorEnabledAt) {
    throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  }
  if (!(await judgedUnderLimit(guard, user.id, () => acceptFactorCode(db, box, user, body.code, true)))) {
    await recordAudit(db, {
      context,
      actor: { id: user.id },
      action: 'account.mfa_failed',
      status: 'failure',
      entityType: 'user',
      entityId: user.id,
    });
    throw wrongCode();
  }
  // The challenge dies with its first success (a shared limiter, so across server processes too).
  if (!(await spendChallenge(guard, challenge.jti))) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  return startShopperSession(db, settings, user, context);
}
