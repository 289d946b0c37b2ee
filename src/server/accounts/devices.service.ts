import { and, desc, eq, sql } from 'drizzle-orm';
import { revokeFamily } from '#server/auth/sessions.service.ts';
import { authSessions } from '#server/auth/sessions.table.ts';
import type { Db } from '#server/db/client.ts';
import type { AccountDevice } from '#shared/contracts/accounts.ts';

/**
 * The shopper's signed-in devices (docs/product.md#account-area): one per live session family.
 * Each refresh adds a row to the family, so the newest row says when and from where the device was
 * last active, and the first row when it signed in.
 */
async function newestRows(db: Db, userId: string) {
  return db
    .selectDistinctOn([authSessions.familyId], {
      familyId: authSessions.familyId,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
      lastActiveAt: authSessions.createdAt,
      signedInAt: sql<Date>`min(${authSessions.createdAt}) over (partition by ${authSessions.familyId})`.mapWith(
        authSessions.createdAt,
      ),
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.audience, 'shopper')))
    .orderBy(authSessions.familyId, desc(authSessions.createdAt));
}

type FamilyRow = Awaited<ReturnType<typeof newestRows>>[number];
const isLive = (row: FamilyRow, now: number) => row.revokedAt === null && row.expiresAt.getTime() > now;

export async function listDevices(db: Db, userId: string, currentFamilyId: string): Promise<AccountDevice[]> {
  const now = Date.now();
  return (await newestRows(db, userId))
    .filter((row) => isLive(row, now))
    .sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime())
    .map((row) => ({
      id: row.familyId,
      user_agent: row.userAgent,
      ip: row.ip,
      signed_in_at: new Date(row.signedInAt).toISOString(),
      last_active_at: row.lastActiveAt.toISOString(),
      current: row.familyId === currentFamilyId,
    }));
}

/** Signs one device out; false when the family is not a live one of this user (the route's 404). */
export async function signOutDevice(db: Db, userId: string, familyId: string): Promise<boolean> {
  const now = Date.now();
  const family = (await newestRows(db, userId)).find((row) => row.familyId === familyId);
  if (!family || !isLive(family, now)) return false;
  await revokeFamily(db, familyId);
  return true;
}
