import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { AuthSettings } from '#server/auth/auth.service.ts';
import { findSessionByToken, revokeFamily, rotateSession, startSession } from '#server/auth/sessions.service.ts';
import { signAccessToken } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import { unauthorized } from '#server/errors.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperSession, ShopperUser } from '#shared/contracts/accounts.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';

/** The account as the shopper sees it; never a hash, secret or staff field. */
export function toShopperUser(row: UserRow): ShopperUser {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    email_verified: row.emailVerifiedAt !== null,
    phone_verified: row.phoneVerifiedAt !== null,
    two_factor_enabled: row.twoFactorEnabledAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function sessionOf(
  settings: AuthSettings,
  user: UserRow,
  refreshToken: string,
  familyId: string,
): Promise<ShopperSession> {
  const now = Date.now();
  const expiresIn = Math.max(1, Math.round(settings.accessTtlMs / 1000));
  const accessToken = await signAccessToken(
    { sub: user.id, role: user.role, sid: familyId, audience: 'shopper' },
    settings.jwtSecret,
    settings.accessTtlMs,
    now,
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: expiresIn,
    expires_at: Math.floor(now / 1000) + expiresIn,
    token_type: 'bearer',
    user: toShopperUser(user),
  };
}

/**
 * Starts a shopper session family (audience `shopper`, decision 013) for an account whose
 * credentials were checked (password, code, second step); stamps last_login_at.
 */
export async function startShopperSession(
  db: Db,
  settings: AuthSettings,
  user: UserRow,
  context: AuditContext,
): Promise<ShopperSession> {
  const issued = await startSession(db, user.id, settings.sessionLifeMs, context, 'shopper');
  const [updated] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  await recordAudit(db, { context, actor: user, action: 'account.login', entityType: 'user', entityId: user.id });
  return sessionOf(settings, updated ?? user, issued.refreshToken, issued.familyId);
}

const invalidRefresh = () => unauthorized(AUTH_MESSAGES.invalidRefreshToken);

/**
 * POST /account/token grant_type=refresh_token: rotation with reuse detection, as for staff
 * (decision 008). A staff refresh token is refused here, and a shopper's at /auth/refresh.
 */
export async function refreshShopperSession(
  db: Db,
  settings: AuthSettings,
  refreshToken: string,
  context: AuditContext,
): Promise<ShopperSession> {
  const session = await findSessionByToken(db, refreshToken);
  if (session?.audience !== 'shopper') throw invalidRefresh();
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (session.revokedAt) {
    await revokeFamily(db, session.familyId);
    await recordAudit(db, {
      context,
      actor: user,
      action: 'account.refresh_reuse',
      entityType: 'session',
      entityId: session.familyId,
    });
    throw invalidRefresh();
  }
  if (session.expiresAt.getTime() <= Date.now() || !user?.isActive) throw invalidRefresh();
  const issued = await rotateSession(db, session, settings.sessionLifeMs, context);
  if (!issued) {
    await revokeFamily(db, session.familyId);
    throw invalidRefresh();
  }
  return sessionOf(settings, user, issued.refreshToken, issued.familyId);
}
