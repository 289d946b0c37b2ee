import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest, conflict, unauthorized } from '#server/errors.ts';
import { RateLimitedError, type RateLimiter } from '#server/plugins/rate-limiter.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES, type ShopperSession, type TotpEnrolment } from '#shared/contracts/accounts.ts';
import { verifyMfaToken } from './mfa-token.ts';
import { startShopperSession } from './shopper-sessions.ts';
import { acceptTotp, isTotpShaped, newEnrolment, sealTotpSecret } from './totp.ts';
import { consumeBackupCode, deleteBackupCodes, replaceBackupCodes } from './two-factor-backup-codes.ts';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages.ts';

/** Wrong codes and passwords a user may try per window, and attempts per IP, before a 429. */
export const TWO_FACTOR_LIMITS = {
  failuresPerUser: { limit: 10, windowMs: 15 * 60_000 },
  attemptsPerIp: { limit: 60, windowMs: 15 * 60_000 },
};

export interface TwoFactorGuard {
  /** Failed codes/passwords per user (second step and re-authentication alike). */
  failures: RateLimiter;
  /** Every second-step attempt per IP. */
  perIp: RateLimiter;
  /** One hit per challenge `jti` that finished a sign-in: a second use is refused. */
  usedChallenges: RateLimiter;
}

const tooMany = (retryAfterSeconds: number) =>
  new RateLimitedError(TWO_FACTOR_MESSAGES.tooManyAttempts, retryAfterSeconds);

/**
 * Runs one check of a code or password under the user's failure limit: the attempt is counted
 * before `check` runs (429 with retry-after once the limit is spent) and given back when it
 * passes, so parallel guesses can never have more than the limit judged (decision 017).
 */
async function judgedUnderLimit(
  guard: TwoFactorGuard,
  userId: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const counted = await guard.failures.hit(userId);
  if (!counted.allowed) throw tooMany(counted.retryAfterSeconds);
  const passed = await check();
  if (passed) await guard.failures.reward(userId);
  return passed;
}

/** A TOTP code (one use per time step) or, when `allowBackup`, an unused backup code. */
async function acceptFactorCode(
  db: Db,
  box: SecretBox,
  user: UserRow,
  code: string,
  allowBackup: boolean,
): Promise<boolean> {
  if (isTotpShaped(code)) return acceptTotp(db, box, user, code);
  return allowBackup ? consumeBackupCode(db, user.id, code) : false;
}

const wrongCode = () =>
  badRequest(TWO_FACTOR_MESSAGES.wrongCode, [{ path: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);

/**
 * Re-authentication before a sensitive change (new backup codes, two-step off, delete account):
 * the password, or a current two-step code. Wrong answers count towards the user's limit.
 */
export async function confirmIdentity(
  db: Db,
  box: SecretBox,
  guard: TwoFactorGuard,
  user: UserRow,
  proof: { password?: string; code?: string },
): Promise<void> {
  const { password, code } = proof;
  if (password) {
    if (await judgedUnderLimit(guard, user.id, () => verifyPassword(user.passwordHash, password))) return;
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [{ path: 'password', message: ACCOUNT_MESSAGES.wrongPassword }]);
  }
  const accepted = await judgedUnderLimit(
    guard,
    user.id,
    async () => !!code && !!user.twoFactorEnabledAt && (await acceptFactorCode(db, box, user, code, true)),
  );
  if (!accepted) throw wrongCode();
}

/** POST /account/factors: a new secret, kept but not live until a code proves the app has it. */
export async function startEnrolment(db: Db, box: SecretBox, user: UserRow, issuer: string): Promise<TotpEnrolment> {
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const enrolment = await newEnrolment(user.email ?? user.phone ?? user.name, issuer);
  await db
    .update(users)
    .set({
      twoFactorSecret: sealTotpSecret(box, user.id, enrolment.secret),
      twoFactorLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
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
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await deleteBackupCodes(tx, user.id);
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
  const perIp = await guard.perIp.hit(context.ip);
  if (!perIp.allowed) throw tooMany(perIp.retryAfterSeconds);
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
  if (!(await guard.usedChallenges.hit(challenge.jti)).allowed)
    throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  return startShopperSession(db, settings, user, context);
}
