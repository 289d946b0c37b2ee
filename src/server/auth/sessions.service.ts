import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { authSessions, type SessionAudience } from './sessions.table.ts';
import { hashToken, newRefreshToken } from './tokens.ts';

export interface SessionOrigin {
  ip?: string;
  userAgent?: string;
}

export interface IssuedRefresh {
  refreshToken: string;
  familyId: string;
}

type SessionRow = typeof authSessions.$inferSelect;

function originColumns(origin: SessionOrigin) {
  return { ip: origin.ip ?? null, userAgent: origin.userAgent?.slice(0, 500) ?? null };
}

/** Starts a session family with its first refresh token (sign-in, registration). */
export async function startSession(
  db: Db,
  userId: string,
  lifeMs: number,
  origin: SessionOrigin,
  audience: SessionAudience = 'staff',
): Promise<IssuedRefresh> {
  // Expired rows can no longer be used or reused, so each sign-in clears the user's own.
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), lt(authSessions.expiresAt, new Date())));
  const refreshToken = newRefreshToken();
  const familyId = randomUUID();
  await db.insert(authSessions).values({
    userId,
    familyId,
    audience,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + lifeMs),
    ...originColumns(origin),
  });
  return { refreshToken, familyId };
}

export function findSessionByToken(db: Db, refreshToken: string): Promise<SessionRow | undefined> {
  return db
    .select()
    .from(authSessions)
    .where(eq(authSessions.tokenHash, hashToken(refreshToken)))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Replaces `current` with a new refresh token in the same family. The revoke is conditional, so
 * of two requests racing with one token only one wins; the loser gets `undefined` (a reuse).
 */
export async function rotateSession(
  db: Db,
  current: SessionRow,
  lifeMs: number,
  origin: SessionOrigin,
): Promise<IssuedRefresh | undefined> {
  const nextId = randomUUID();
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), replacedBy: nextId })
    .where(and(eq(authSessions.id, current.id), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  if (revoked.length === 0) return undefined;
  const refreshToken = newRefreshToken();
  await db.insert(authSessions).values({
    id: nextId,
    userId: current.userId,
    familyId: current.familyId,
    audience: current.audience,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + lifeMs),
    ...originColumns(origin),
  });
  return { refreshToken, familyId: current.familyId };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
}

/** Signs the user out everywhere, except the family `keepFamilyId` when given (the caller's own). */
export async function revokeUserSessions(db: Db, userId: string, keepFamilyId?: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepFamilyId ? ne(authSessions.familyId, keepFamilyId) : undefined,
      ),
    );
}

/**
 * Ends the user's oldest live staff sessions beyond `keep` (the security configuration's
 * sessions.max_sessions_per_admin), counting a family from its sign-in. Answers how many ended.
 * Run right after a sign-in, so the new session is among those kept.
 */
export async function endOldestFamilies(db: Db, userId: string, keep: number): Promise<number> {
  const surplus = await db
    .select({ familyId: authSessions.familyId })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.audience, 'staff')))
    .groupBy(authSessions.familyId)
    // Live: a row of the family neither revoked nor expired (the family's current token).
    .having(sql`bool_or(${authSessions.revokedAt} is null and ${authSessions.expiresAt} > now())`)
    .orderBy(desc(sql`min(${authSessions.createdAt})`), desc(authSessions.familyId))
    .offset(keep);
  if (surplus.length === 0) return 0;
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        inArray(
          authSessions.familyId,
          surplus.map((row) => row.familyId),
        ),
        isNull(authSessions.revokedAt),
      ),
    );
  return surplus.length;
}
