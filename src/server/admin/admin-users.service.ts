import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { RequestUser } from '#server/auth/authenticate.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern, countRows, pageOffset } from '#server/db/list-queries.ts';
import { conflict, notFound } from '#server/errors.ts';
import { toAuthUser } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import { type AdminUsersQuery, AUTH_MESSAGES, type AuthUser, STAFF_ROLES } from '#shared/contracts/auth.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';

/**
 * `GET /admin/users`: staff accounts only. Shopper accounts (role `customer`) are shown and managed
 * with their customer record (docs/product.md#accounts-in-the-admin).
 */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<{ data: AuthUser[]; pagination: Pagination }> {
  const conditions: SQL[] = [inArray(users.role, [...STAFF_ROLES])];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(ilike(users.email, pattern), ilike(users.name, pattern));
    if (match) conditions.push(match);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.is_active) conditions.push(eq(users.isActive, query.is_active === 'true'));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    countRows(db, users, where),
  ]);
  return { data: rows.map(toAuthUser), pagination: buildPagination(query.page, query.limit, total) };
}

/**
 * Enables or disables an account. Disabling signs the user out everywhere at once; nobody can
 * disable themselves (the shop must never lose its last way in by a slip).
 */
export async function setUserStatus(
  db: Db,
  actor: RequestUser,
  userId: string,
  isActive: boolean,
  context: AuditContext,
): Promise<AuthUser> {
  if (userId === actor.id && !isActive) throw conflict(AUTH_MESSAGES.cannotDisableSelf);
  const [before] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!before) throw notFound('User');
  const [after] = await db.update(users).set({ isActive }).where(eq(users.id, userId)).returning();
  if (!after) throw notFound('User');
  if (!isActive) await revokeUserSessions(db, userId);
  await recordAudit(db, {
    context,
    action: 'user.status_changed',
    entityType: 'user',
    entityId: userId,
    before: { is_active: before.isActive },
    after: { is_active: after.isActive },
  });
  return toAuthUser(after);
}
