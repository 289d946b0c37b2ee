import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { badRequest } from '#server/errors.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import { ACCOUNT_MESSAGES } from '#shared/contracts/accounts.ts';
import { consumeBackupCode, deleteBackupCodes } from './backup-codes.ts';
import { acceptTotp, isTotpShaped, sealTotpSecret } from './totp.ts';
import { judgedUnderLimit, type TwoFactorGuard } from './two-factor-guard.ts';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages.ts';

/** A TOTP code (one use per time step) or, when `allowBackup`, an unused backup code. */
export async function acceptFactorCode(
  db: Db,
  box: SecretBox,
  user: UserRow,
  code: string,
  allowBackup: boolean,
): Promise<boolean> {
  if (isTotpShaped(code)) return acceptTotp(db, box, user, code);
  return allowBackup ? consumeBackupCode(db, user.id, code) : false;
}

export const wrongCode = (field = 'code') =>
  badRequest(TWO_FACTOR_MESSAGES.wrongCode, [{ path: field, message: TWO_FACTOR_MESSAGES.wrongCode }]);

/**
 * Re-authentication before a sensitive change (new backup codes, two-step off, delete account):
 * the password, or a current two-step code (a backup code too). Wrong answers count towards the
 * user's limit. `checkPassword` is the caller's (auth/passwords.ts), which this shared kit does
 * not import: auth itself builds on it.
 */
export async function confirmIdentity(
  db: Db,
  box: SecretBox,
  guard: TwoFactorGuard,
  user: UserRow,
  proof: { password?: string; code?: string },
  checkPassword: (hash: string, password: string) => Promise<boolean>,
): Promise<void> {
  const { password, code } = proof;
  if (password) {
    if (await judgedUnderLimit(guard, user.id, () => checkPassword(user.passwordHash, password))) return;
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [{ path: 'password', message: ACCOUNT_MESSAGES.wrongPassword }]);
  }
  const accepted = await judgedUnderLimit(
    guard,
    user.id,
    async () => !!code && !!user.twoFactorEnabledAt && (await acceptFactorCode(db, box, user, code, true)),
  );
  if (!accepted) throw wrongCode();
}

/**
 * Stores a new secret (newEnrolment's), sealed, but not live (two_factor_enabled_at stays null)
 * until a code proves the app has it; replaces an unfinished one. False when two-step sign-in is
 * already on (a conditional update: a racing enrolment never replaces a live secret).
 */
export async function storePendingSecret(db: Db, box: SecretBox, userId: string, secret: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ twoFactorSecret: sealTotpSecret(box, userId, secret), twoFactorLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Two-step sign-in on (a right code was just accepted); false when it already was (a racing request). */
export async function switchTwoFactorOn(db: Db, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ twoFactorEnabledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Two-step sign-in off: the secret, the last accepted step and the backup codes gone. */
export async function switchTwoFactorOff(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await deleteBackupCodes(db, userId);
}
