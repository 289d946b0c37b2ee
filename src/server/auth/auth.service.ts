import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { badRequest, notFound, unauthorized } from '#server/errors.ts';
import type { SecurityAlertInput } from '#server/security/security-alerts.service.ts';
import { isActiveAdmin } from '#server/users/active-admin.ts';
import { staffKnownAddresses } from '#server/users/staff-known-addresses.table.ts';
import { toAuthUser, type UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import {
  AUTH_MESSAGES,
  type AuthUser,
  type ChangePasswordRequest,
  isStaffRole,
  type LoginResponse,
  type UpdateProfileRequest,
} from '#shared/contracts/auth.ts';
import type { PasswordPolicy } from '#shared/contracts/security.ts';
import { formatExpiryDuration } from '#shared/duration.ts';
import type { RequestUser } from './authenticate.ts';
import { assertStrongPassword } from './password-strength.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import {
  endOldestFamilies,
  findSessionByToken,
  type IssuedRefresh,
  revokeFamily,
  revokeUserSessions,
  rotateSession,
  startSession,
} from './sessions.service.ts';
import { signAccessToken } from './tokens.ts';

export interface AuthSettings {
  jwtSecret: string;
  accessTtlMs: number;
  /** Life of a refresh token (staff: the staff session length setting; shoppers: JWT_EXPIRES_IN; docs/product.md#expiry-durations). */
  sessionLifeMs: number;
}

/**
 * The staff sign-in and session switches of the security configuration
 * (docs/product.md#staff-sessions), read by the route at each request from the settings in memory,
 * and what the rules need from the app: the business time and the security alerts.
 */
export interface StaffSessionRules {
  /** sessions.max_sessions_per_admin: a sign-in ends the oldest live sessions beyond it. */
  maxSessions: number;
  /** sessions.admin_idle_timeout_minutes: a refresh token left unused this long is refused. */
  idleTimeoutMs: number;
  /** monitoring.alert_on_new_ip: a sign-in from an address never seen for the account raises an alert. */
  alertOnNewAddress: boolean;
  /** The time business rules read (app.clock). */
  now: Date;
  /** security-alerts.service.ts raiseSecurityAlert, bound to the app (this service knows no Fastify). */
  raiseAlert: (alert: SecurityAlertInput) => Promise<void>;
}

// A real argon2 hash to verify against when the email is unknown, so the answer takes as long as
// a wrong password and the timing says nothing about which accounts exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(generatePassword(24));
  return decoyHash;
};

/** Staff sign-in (/auth/login) is by email only; phone-only shopper accounts never match. */
async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

async function findUser(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('User');
  return row;
}

/**
 * The active STAFF user with these credentials, or undefined; always spends one argon2 verify. A
 * shopper account (role customer) is verified like any other and then refused, so its answer (401,
 * same message) and its work are those of a wrong password: /auth/login never says which emails
 * are shoppers, and a shopper's password never opens a session that skips two-step sign-in
 * (shoppers sign in at /account/token).
 */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  return user && matches && isActiveAdmin(user) ? user : undefined;
}

async function loginResponse(
  settings: AuthSettings,
  user: UserRow,
  issued: IssuedRefresh,
  rules: StaffSessionRules,
): Promise<LoginResponse> {
  const token = await signAccessToken(
    { sub: user.id, role: user.role, sid: issued.familyId },
    settings.jwtSecret,
    settings.accessTtlMs,
  );
  return {
    token,
    refreshToken: issued.refreshToken,
    // The format of docs/product.md#expiry-durations ("15m"): what the web clients parse.
    expiresIn: formatExpiryDuration(settings.accessTtlMs),
    user: toAuthUser(user),
    // The panel stops refreshing after this long without the admin's activity (admin-idle.ts).
    idleTimeout: formatExpiryDuration(rules.idleTimeoutMs),
  };
}

/**
 * Records the address a staff member signed in from (staff_known_addresses) and, when it is new
 * for them and the account already had one, raises a "new address" alert if the monitoring
 * switch is on (docs/product.md#staff-sessions). The first address of an account is its baseline:
 * nothing to compare it with. Addresses are recorded with the switch off too, so turning it on
 * later does not flag every address used meanwhile.
 */
async function noteSignInAddress(
  db: Db,
  user: UserRow,
  ip: string | undefined,
  rules: StaffSessionRules,
): Promise<void> {
  if (!ip) return;
  const added = await db
    .insert(staffKnownAddresses)
    .values({ userId: user.id, ip })
    .onConflictDoNothing()
    .returning({ ip: staffKnownAddresses.ip });
  if (added.length === 0) {
    await db
      .update(staffKnownAddresses)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(staffKnownAddresses.userId, user.id), eq(staffKnownAddresses.ip, ip)));
    return;
  }
  if (!rules.alertOnNewAddress) return;
  const [earlier] = await db
    .select({ ip: staffKnownAddresses.ip })
    .from(staffKnownAddresses)
    .where(and(eq(staffKnownAddresses.userId, user.id), ne(staffKnownAddresses.ip, ip)))
    .limit(1);
  if (!earlier) return;
  const who = user.email ?? user.name;
  await rules.raiseAlert({
    type: 'login',
    severity: 'medium',
    title: `Sign-in from a new address for ${who}`,
    description: `${who} signed in from ${ip}, an address not seen for this account before. If it was not them, end their sessions and change their password.`,
    ipAddress: ip,
    userId: user.id,
  });
}

/**
 * Starts a staff session for a user whose credentials (and second step) were checked: ends the
 * oldest sessions beyond the per-admin limit, stamps last_login_at and last_login_ip, audits, and
 * records the address (with its alert when new).
 */
export async function signIn(
  db: Db,
  settings: AuthSettings,
  user: UserRow,
  context: AuditContext,
  rules: StaffSessionRules,
): Promise<LoginResponse> {
  const issued = await startSession(db, user.id, settings.sessionLifeMs, context);
  const ended = await endOldestFamilies(db, user.id, rules.maxSessions);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: new Date(), lastLoginIp: context.ip ?? null })
    .where(eq(users.id, user.id))
    .returning();
  await recordAudit(db, { context, actor: user, action: 'auth.login', entityType: 'user', entityId: user.id });
  if (ended > 0) {
    await recordAudit(db, {
      context,
      actor: user,
      action: 'auth.sessions_limited',
      entityType: 'user',
      entityId: user.id,
      after: { ended_sessions: ended, max_sessions_per_admin: rules.maxSessions },
    });
  }
  await noteSignInAddress(db, user, context.ip, rules);
  return loginResponse(settings, updated ?? user, issued, rules);
}

const invalidRefresh = () => unauthorized(AUTH_MESSAGES.invalidRefreshToken);

/**
 * Exchanges a refresh token for a new pair. A token that was already exchanged (rotated) means a
 * copy is in someone else's hands: the whole family is revoked so neither copy works any more, and
 * the admins are alerted. A token of a session that ended (sign-out, password change, the session
 * limit, idleness) is simply refused. A token left unused longer than the idle timeout ends its
 * session (docs/product.md#staff-sessions).
 */
export async function refresh(
  db: Db,
  settings: AuthSettings,
  refreshToken: string,
  context: AuditContext,
  rules: StaffSessionRules,
): Promise<LoginResponse> {
  const session = await findSessionByToken(db, refreshToken);
  // A shopper's refresh token refreshes at /account/token only (decision 013).
  if (session?.audience !== 'staff') throw invalidRefresh();
  const user = await findUserById(db, session.userId);
  const reuse = async () => {
    await revokeFamily(db, session.familyId);
    await recordAudit(db, {
      context,
      actor: user,
      action: 'auth.refresh_reuse',
      status: 'failure',
      entityType: 'session',
      entityId: session.familyId,
    });
    const who = user?.email ?? 'a staff member';
    await rules.raiseAlert({
      type: 'login',
      severity: 'high',
      title: `Refresh token reused for ${who}`,
      description: `A session token of ${who} that had already been used was presented again: someone may hold a copy of it. That session has been ended; ${who} signs in again, and should change their password if this keeps happening.`,
      ipAddress: context.ip ?? null,
      userId: user?.id ?? null,
    });
    return invalidRefresh();
  };
  if (session.revokedAt) {
    // Exchanged before: a replay. Revoked without a successor: the session ended, nothing more to say.
    if (session.replacedBy) throw await reuse();
    throw invalidRefresh();
  }
  if (session.expiresAt.getTime() <= Date.now() || !user?.isActive) throw invalidRefresh();
  if (rules.now.getTime() - session.createdAt.getTime() > rules.idleTimeoutMs) {
    await revokeFamily(db, session.familyId);
    await recordAudit(db, {
      context,
      actor: user,
      action: 'auth.session_idle',
      entityType: 'session',
      entityId: session.familyId,
    });
    throw invalidRefresh();
  }
  const issued = await rotateSession(db, session, settings.sessionLifeMs, context);
  if (!issued) throw await reuse();
  return loginResponse(settings, user, issued, rules);
}

/** Revokes the caller's session family and, when given, the family of a refresh token of the same user. */
export async function logout(
  db: Db,
  user: RequestUser,
  refreshToken: string | undefined,
  context: AuditContext,
): Promise<void> {
  await revokeFamily(db, user.sessionId);
  if (refreshToken) {
    const session = await findSessionByToken(db, refreshToken);
    if (session && session.userId === user.id && session.familyId !== user.sessionId) {
      await revokeFamily(db, session.familyId);
    }
  }
  await recordAudit(db, { context, action: 'auth.logout', entityType: 'session', entityId: user.sessionId });
}

export async function getProfile(db: Db, userId: string): Promise<AuthUser> {
  return toAuthUser(await findUser(db, userId));
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: UpdateProfileRequest,
  context: AuditContext,
): Promise<AuthUser> {
  const before = await findUser(db, userId);
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.avatar_url !== undefined) set.avatarUrl = changes.avatar_url || null;
  if (Object.keys(set).length === 0) return toAuthUser(before);
  const [after] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!after) throw notFound('User');
  await recordAudit(db, {
    context,
    action: 'auth.profile_updated',
    entityType: 'user',
    entityId: userId,
    before: { name: before.name, avatar_url: before.avatarUrl },
    after: { name: after.name, avatar_url: after.avatarUrl },
  });
  return toAuthUser(after);
}

/**
 * Checks the current password, stores the new one and signs out every other session. A staff
 * member's new password also meets the shop's password policy (the security configuration).
 */
export async function changePassword(
  db: Db,
  user: RequestUser,
  body: ChangePasswordRequest,
  context: AuditContext,
  staffPolicy: PasswordPolicy,
): Promise<void> {
  const row = await findUser(db, user.id);
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    throw badRequest(AUTH_MESSAGES.wrongCurrentPassword, [
      { path: 'currentPassword', message: AUTH_MESSAGES.wrongCurrentPassword },
    ]);
  }
  // The same strength rules as every other password the shop stores (docs/product.md#passwords).
  assertStrongPassword(body.newPassword, row, 'newPassword', isStaffRole(row.role) ? staffPolicy : undefined);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword) })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, user.sessionId);
  await recordAudit(db, { context, action: 'auth.password_changed', entityType: 'user', entityId: user.id });
}
