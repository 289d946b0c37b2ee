import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest, conflict, notFound, unauthorized } from '#server/errors.ts';
import type { SecretBox } from '#server/security/secret-box.ts';
import type { SecurityAlertInput } from '#server/security/security-alerts.service.ts';
import { countUnusedBackupCodes, replaceBackupCodes } from '#server/two-factor/backup-codes.ts';
import { type ChallengeKind, verifyChallengeToken } from '#server/two-factor/challenge-token.ts';
import {
  acceptFactorCode,
  confirmIdentity,
  storePendingSecret,
  switchTwoFactorOff,
  switchTwoFactorOn,
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
import { isActiveAdmin } from '#server/users/active-admin.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import type {
  StaffBackupCodes,
  StaffTwoFactorProof,
  StaffTwoFactorSetup,
  StaffTwoFactorStatus,
} from '#shared/contracts/staff-two-factor.ts';
import { verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.service.ts';

/**
 * Staff two-step sign-in (docs/product.md#staff-two-step-sign-in) on the shared two-factor kit
 * (src/server/two-factor/, the shoppers' machinery): turning it on and off on the Security page,
 * new backup codes, and the sign-in's second step and enrolment. Every code or password is counted
 * against the staff member's failure limit before it is judged (judgedUnderLimit, decision 017).
 */
export interface StaffTwoFactorKit {
  /** Seals and opens authenticator secrets (two-factor/totp.ts totpSecretBox). */
  box: SecretBox;
  /** The staff limiters (createTwoFactorGuard(app, 'staff', …)). */
  guard: TwoFactorGuard;
  /** Signs and checks challenge tokens. */
  jwtSecret: string;
}

const challengeExpired = () => unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
const actorOf = (user: UserRow) => ({ id: user.id, email: user.email, name: user.name });

/** The staff member's row, fresh (a route has only the session's user). */
export async function findStaffRow(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
  return row;
}

export async function twoFactorStatus(db: Db, user: UserRow, required: boolean): Promise<StaffTwoFactorStatus> {
  const on = user.twoFactorEnabledAt !== null;
  return {
    enabled: on,
    enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
    backupCodesLeft: on ? await countUnusedBackupCodes(db, user.id) : 0,
    required,
  };
}

/**
 * POST /admin/security/2fa/setup (and at a sign-in that must enrol): a new secret with its QR code
 * and ten backup codes, stored but not live until a code confirms; a new setup replaces an
 * unfinished one (its secret and codes). 409 when two-step sign-in is already on.
 */
export async function setUpTwoFactor(
  db: Db,
  box: SecretBox,
  user: UserRow,
  issuer: string,
  context: AuditContext,
): Promise<StaffTwoFactorSetup> {
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  // Drawn before the transaction: a QR code is CPU work, and transactions stay short.
  const enrolment = await newEnrolment(user.email ?? user.name, issuer);
  const backupCodes = await inTransaction(db, async (tx) => {
    if (!(await storePendingSecret(tx, box, user.id, enrolment.secret))) return null;
    const codes = await replaceBackupCodes(tx, user.id);
    await recordAudit(tx, { context, action: 'auth.two_factor_setup', entityType: 'user', entityId: user.id });
    return codes;
  });
  if (!backupCodes) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  return { secret: enrolment.secret, qrCode: enrolment.qr_code, backupCodes };
}

/**
 * POST /admin/security/2fa/verify (and the sign-in's enrolment): a right code of the pending secret
 * turns two-step sign-in on and ends the staff member's other sessions (any opened with the
 * password alone); `keepFamilyId` is the caller's own session, when there is one.
 */
export async function turnOnTwoFactor(
  db: Db,
  kit: StaffTwoFactorKit,
  user: UserRow,
  token: string,
  keepFamilyId: string | undefined,
  context: AuditContext,
): Promise<void> {
  if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  if (!user.twoFactorSecret) throw badRequest(TWO_FACTOR_MESSAGES.notStarted);
  if (!(await judgedUnderLimit(kit.guard, user.id, () => acceptTotp(db, kit.box, user, token)))) {
    throw wrongCode('token');
  }
  const turnedOn = await inTransaction(db, async (tx) => {
    if (!(await switchTwoFactorOn(tx, user.id))) return false;
    await revokeUserSessions(tx, user.id, keepFamilyId);
    await recordAudit(tx, { context, action: 'auth.two_factor_on', entityType: 'user', entityId: user.id });
    return true;
  });
  if (!turnedOn) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
}

function assertOn(user: UserRow): void {
  if (!user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn);
}

/**
 * POST /admin/security/2fa/disable: a current code (or a backup code) or the password confirms;
 * the secret and the backup codes go, and every admin is alerted (a taken-over account's first move).
 */
export async function turnOffTwoFactor(
  db: Db,
  kit: StaffTwoFactorKit,
  user: UserRow,
  proof: StaffTwoFactorProof,
  context: AuditContext,
  raiseAlert: (alert: SecurityAlertInput) => Promise<void>,
): Promise<void> {
  assertOn(user);
  await confirmIdentity(db, kit.box, kit.guard, user, proof, verifyPassword);
  await inTransaction(db, async (tx) => {
    await switchTwoFactorOff(tx, user.id);
    await recordAudit(tx, { context, action: 'auth.two_factor_off', entityType: 'user', entityId: user.id });
  });
  const who = user.email ?? user.name;
  await raiseAlert({
    type: 'security',
    severity: 'high',
    title: `Two-step sign-in turned off for ${who}`,
    description: `${who} turned two-step sign-in off: their account is protected by the password alone until they turn it on again. If they did not, end their sessions and reset their access.`,
    ipAddress: context.ip ?? null,
    userId: user.id,
  });
}

/** POST /admin/security/2fa/backup-codes: a code or the password confirms; the old codes die. */
export async function renewBackupCodes(
  db: Db,
  kit: StaffTwoFactorKit,
  user: UserRow,
  proof: StaffTwoFactorProof,
  context: AuditContext,
): Promise<StaffBackupCodes> {
  assertOn(user);
  await confirmIdentity(db, kit.box, kit.guard, user, proof, verifyPassword);
  const backupCodes = await inTransaction(db, async (tx) => {
    const codes = await replaceBackupCodes(tx, user.id);
    await recordAudit(tx, { context, action: 'auth.backup_codes_renewed', entityType: 'user', entityId: user.id });
    return codes;
  });
  return { backupCodes };
}

// ---------------------------------------------------------------------------------------------
// Signing in.

/**
 * The staff member a challenge of this kind names, counted per address first (429 once spent):
 * live, signed by us, of this kind, for an active staff account. Anything else is the same 401
 * ("This sign-in has expired. Sign in again.").
 */
async function challengedStaff(
  db: Db,
  kit: StaffTwoFactorKit,
  kind: ChallengeKind,
  token: string,
  ip: string,
): Promise<{ user: UserRow; jti: string }> {
  await countAttemptFrom(kit.guard, ip);
  const challenge = await verifyChallengeToken(kind, token, kit.jwtSecret);
  if (!challenge) throw challengeExpired();
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
  if (!user || !isActiveAdmin(user)) throw challengeExpired();
  return { user, jti: challenge.jti };
}

/**
 * POST /auth/login/two-factor: the second step. A TOTP code (not one already accepted) or an unused
 * backup code for a live, unused staff challenge; answers the staff member to start the session
 * for. The challenge dies with its first success (a shared limiter: across processes too).
 */
export async function passSecondStep(
  db: Db,
  kit: StaffTwoFactorKit,
  body: { challenge_token: string; code: string },
  context: AuditContext & { ip: string },
): Promise<UserRow> {
  const { user, jti } = await challengedStaff(db, kit, 'staff', body.challenge_token, context.ip);
  if (!user.twoFactorEnabledAt) throw challengeExpired();
  const passed = await judgedUnderLimit(kit.guard, user.id, () => acceptFactorCode(db, kit.box, user, body.code, true));
  if (!passed) {
    await recordAudit(db, {
      context,
      actor: actorOf(user),
      action: 'auth.two_factor_failed',
      status: 'failure',
      entityType: 'user',
      entityId: user.id,
    });
    throw wrongCode();
  }
  if (!(await spendChallenge(kit.guard, jti))) throw challengeExpired();
  return user;
}

/**
 * The staff member an enrolment challenge names (two-step sign-in required and not on yet). Once
 * it is on (another tab finished), the challenge is over: sign in again, with a code this time.
 */
export async function enrollingStaff(
  db: Db,
  kit: StaffTwoFactorKit,
  token: string,
  context: AuditContext & { ip: string },
): Promise<{ user: UserRow; jti: string; context: AuditContext }> {
  const { user, jti } = await challengedStaff(db, kit, 'staffEnrolment', token, context.ip);
  if (user.twoFactorEnabledAt) throw challengeExpired();
  return { user, jti, context: { ...context, actor: actorOf(user) } };
}

/**
 * POST /auth/login/two-factor/enrol: the enrolment's code turns two-step sign-in on; the challenge
 * is then used up and the caller starts the session.
 */
export async function finishEnrolment(
  db: Db,
  kit: StaffTwoFactorKit,
  body: { challenge_token: string; token: string },
  context: AuditContext & { ip: string },
): Promise<UserRow> {
  const enrolling = await enrollingStaff(db, kit, body.challenge_token, context);
  await turnOnTwoFactor(db, kit, enrolling.user, body.token, undefined, enrolling.context);
  if (!(await spendChallenge(kit.guard, enrolling.jti))) throw challengeExpired();
  return findStaffRow(db, enrolling.user.id);
}
