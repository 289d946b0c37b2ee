import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { badRequest, notFound, unauthorized } from '#server/errors.ts';
import { isActiveAdmin } from '#server/users/active-admin.ts';
import { toAuthUser, type UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import {
  AUTH_MESSAGES,
  type AuthUser,
  type ChangePasswordRequest,
  type LoginResponse,
  type UpdateProfileRequest,
} from '#shared/contracts/auth.ts';
import { formatExpiryDuration } from '#shared/duration.ts';
import type { RequestUser } from './authenticate.ts';
import { assertStrongPassword } from './password-strength.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';
import {
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

async function loginResponse(settings: AuthSettings, user: UserRow, issued: IssuedRefresh): Promise<LoginResponse> {
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
  };
}

/** Starts a session for a user whose credentials were checked; stamps last_login_at. */
export async function signIn(
  db: Db,
  settings: AuthSettings,
  user: UserRow,
  context: AuditContext,
): Promise<LoginResponse> {
  const issued = await startSession(db, user.id, settings.sessionLifeMs, context);
  const [updated] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  await recordAudit(db, { context, actor: user, action: 'auth.login', entityType: 'user', entityId: user.id });
  return loginResponse(settings, updated ?? user, issued);
}

const invalidRefresh = () => unauthorized(AUTH_MESSAGES.invalidRefreshToken);

/**
 * Exchanges a refresh token for a new pair. A token that was already rotated or revoked means a
 * copy is in someone else's hands: the whole family is revoked so neither copy works any more.
 */
export async function refresh(
  db: Db,
  settings: AuthSettings,
  refreshToken: string,
  context: AuditContext,
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
      entityType: 'session',
      entityId: session.familyId,
    });
    return invalidRefresh();
  };
  if (session.revokedAt) throw await reuse();
  if (session.expiresAt.getTime() <= Date.now() || !user?.isActive) throw invalidRefresh();
  const issued = await rotateSession(db, session, settings.sessionLifeMs, context);
  if (!issued) throw await reuse();
  return loginResponse(settings, user, issued);
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

/** Checks the current password, stores the new one and signs out every other session. */
export async function changePassword(
  db: Db,
  user: RequestUser,
  body: ChangePasswordRequest,
  context: AuditContext,
): Promise<void> {
  const row = await findUser(db, user.id);
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    throw badRequest(AUTH_MESSAGES.wrongCurrentPassword, [
      { path: 'currentPassword', message: AUTH_MESSAGES.wrongCurrentPassword },
    ]);
  }
  // The same strength rules as every other password the shop stores (docs/product.md#passwords).
  assertStrongPassword(body.newPassword, row, 'newPassword');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword) })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, user.sessionId);
  await recordAudit(db, { context, action: 'auth.password_changed', entityType: 'user', entityId: user.id });
}
