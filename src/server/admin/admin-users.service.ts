import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { RequestUser } from '#server/auth/authenticate.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern, countRows, pageOffset } from '#server/db/list-queries.ts';
import { conflict, notFound } from '#server/errors.ts';
import { insertSecurityAlert } from '#server/security/security-alerts.service.ts';
import { toStaffMember } from '#server/staff/staff.mapper.ts';
import type { StaffChange } from '#server/staff/staff-invitations.service.ts';
import { otherActiveSuperAdmins, withStaffLock } from '#server/staff/staff-lock.ts';
import type { UserRow } from '#server/users/users.mapper.ts';
import { users } from '#server/users/users.table.ts';
import {
  type AdminUsersQuery,
  AUTH_MESSAGES,
  isStaffRole,
  STAFF_ROLES,
  type UserRole,
} from '#shared/contracts/auth.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import { STAFF_MESSAGES, type StaffMember, type UpdateStaffRequest } from '#shared/contracts/staff.ts';

/**
 * `GET /admin/users`: staff accounts only, with status, two-step sign-in and the last sign-in's
 * time and address. Shopper accounts (role `customer`) are shown and managed with their customer
 * record (docs/product.md#accounts-in-the-admin).
 */
export async function listUsers(
  db: Db,
  query: AdminUsersQuery,
): Promise<{ data: StaffMember[]; pagination: Pagination }> {
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
  return { data: rows.map(toStaffMember), pagination: buildPagination(query.page, query.limit, total) };
}

const roleWords = (role: UserRole) => (role === 'super_admin' ? 'super admin' : role);

/** The account under the staff lock, or 404. */
async function lockedUser(tx: Db, userId: string, staffOnly: boolean): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || (staffOnly && !isStaffRole(row.role))) throw notFound(staffOnly ? 'Staff member' : 'User');
  return row;
}

/**
 * Refuses a change that would leave the shop without an active super admin
 * (docs/product.md#staff-accounts): `row` stops being one, and no other is left. Called under
 * the staff lock, so two such changes at once are judged one after the other.
 */
async function assertSuperAdminRemains(tx: Db, row: UserRow): Promise<void> {
  if (row.role !== 'super_admin' || !row.isActive) return;
  if ((await otherActiveSuperAdmins(tx, row.id)) === 0) throw conflict(STAFF_MESSAGES.lastSuperAdmin);
}

/**
 * `PUT /admin/users/{id}/status`: enables or disables an account. Disabling signs the user out
 * everywhere at once; nobody can disable themselves, and the last active super admin cannot be
 * disabled (the shop must never lose its last way in by a slip).
 */
export async function setUserStatus(
  db: Db,
  actor: RequestUser,
  userId: string,
  isActive: boolean,
  context: AuditContext,
): Promise<StaffChange<StaffMember>> {
  if (userId === actor.id && !isActive) throw conflict(AUTH_MESSAGES.cannotDisableSelf);
  return withStaffLock(db, async (tx) => {
    const before = await lockedUser(tx, userId, false);
    if (!isActive) await assertSuperAdminRemains(tx, before);
    const [after] = await tx.update(users).set({ isActive }).where(eq(users.id, userId)).returning();
    if (!after) throw notFound('User');
    if (!isActive) await revokeUserSessions(tx, userId);
    await recordAudit(tx, {
      context,
      action: 'user.status_changed',
      entityType: 'user',
      entityId: userId,
      before: { is_active: before.isActive },
      after: { is_active: after.isActive },
    });
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: 'medium',
      title: isActive
        ? `Account enabled: ${after.email ?? after.name}`
        : `Account disabled: ${after.email ?? after.name}`,
      description: isActive
        ? `${actor.name} enabled ${after.email ?? after.name}: they can sign in again.`
        : `${actor.name} disabled ${after.email ?? after.name}: their sessions were ended.`,
      ipAddress: context.ip,
      userId: after.id,
    });
    return { result: toStaffMember(after), alertId };
  });
}

/**
 * `PUT /admin/users/{id}`: a staff member's name and role. Nobody changes their own role, and the
 * last active super admin is never demoted. A role change is a high-severity alert.
 */
export async function updateStaff(
  db: Db,
  actor: RequestUser,
  userId: string,
  input: UpdateStaffRequest,
  context: AuditContext,
): Promise<StaffChange<StaffMember>> {
  return withStaffLock(db, async (tx) => {
    const before = await lockedUser(tx, userId, true);
    const roleChanges = input.role !== undefined && input.role !== before.role;
    if (roleChanges && userId === actor.id) throw conflict(STAFF_MESSAGES.cannotChangeOwnRole);
    if (roleChanges && input.role !== 'super_admin') await assertSuperAdminRemains(tx, before);
    const [after] = await tx
      .update(users)
      .set({ ...(input.name !== undefined && { name: input.name }), ...(roleChanges && { role: input.role }) })
      .where(eq(users.id, userId))
      .returning();
    if (!after) throw notFound('Staff member');
    await recordAudit(tx, {
      context,
      action: 'staff.updated',
      entityType: 'user',
      entityId: userId,
      before: { name: before.name, role: before.role },
      after: { name: after.name, role: after.role },
    });
    const who = after.email ?? after.name;
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: roleChanges ? 'high' : 'medium',
      title: roleChanges ? `Staff role changed: ${who}` : `Staff member edited: ${who}`,
      description: roleChanges
        ? `${actor.name} changed the role of ${who} from ${roleWords(before.role)} to ${roleWords(after.role)}.`
        : `${actor.name} changed the name of ${who} from "${before.name}" to "${after.name}".`,
      ipAddress: context.ip,
      userId: after.id,
    });
    return { result: toStaffMember(after), alertId };
  });
}

/**
 * `DELETE /admin/users/{id}`: removes a staff member. Their sessions end at once (the session rows
 * go with the account; the route drops their open sockets); their audit entries keep their name
 * (audit_logs.user_name) while user_id becomes null. Nobody removes themselves, and the last
 * active super admin stays.
 */
export async function removeStaff(
  db: Db,
  actor: RequestUser,
  userId: string,
  context: AuditContext,
): Promise<StaffChange<null>> {
  if (userId === actor.id) throw conflict(STAFF_MESSAGES.cannotRemoveSelf);
  return withStaffLock(db, async (tx) => {
    const before = await lockedUser(tx, userId, true);
    await assertSuperAdminRemains(tx, before);
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      context,
      action: 'staff.removed',
      entityType: 'user',
      entityId: userId,
      before: { email: before.email, name: before.name, role: before.role, is_active: before.isActive },
    });
    const who = before.email ?? before.name;
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: 'high',
      title: `Staff member removed: ${who}`,
      description: `${actor.name} removed ${before.name} (${who}, ${roleWords(before.role)}); their sessions were ended.`,
      ipAddress: context.ip,
      userId: null,
    });
    return { result: null, alertId };
  });
}
