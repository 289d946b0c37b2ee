import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, conflict } from '#server/errors.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { users } from '#server/users/users.table.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import {
  BULK_DELETE_ALERT_OVER,
  SECURITY_MESSAGES,
  type SecurityAlert,
  type SecurityAlertListQuery,
  type SecurityAlertSeverity,
  type SecurityAlertType,
} from '#shared/contracts/security.ts';
import { securityAlerts } from './security-alerts.table.ts';

export interface SecurityAlertInput {
  type: SecurityAlertType;
  severity: SecurityAlertSeverity;
  /** Short, for the bell and the list: "3 failed sign-ins for owner@shop.com". */
  title: string;
  /** What happened and what to do; never a password, code, token or secret. */
  description?: string;
  ipAddress?: string | null;
  /** The staff member it is about, if any. */
  userId?: string | null;
}

/**
 * Stores an alert and gives every active admin a `security_alert` notification for it (their bell),
 * in the caller's transaction. After the commit, `app.realtime.announceSecurityAlert(id)` sends it
 * live; `raiseSecurityAlert` does both.
 */
export async function insertSecurityAlert(db: Db, input: SecurityAlertInput): Promise<string> {
  const [row] = await db
    .insert(securityAlerts)
    .values({
      type: input.type,
      severity: input.severity,
      title: input.title.slice(0, 200),
      description: (input.description ?? '').slice(0, 2000),
      ipAddress: input.ipAddress ?? null,
      userId: input.userId ?? null,
    })
    .returning({ id: securityAlerts.id });
  if (!row) throw new Error('security alert not stored');
  await db.execute(sql`
    insert into notifications (user_id, type, security_alert_id, title, message)
    select u.id, 'security_alert', ${row.id}::uuid, ${input.title.slice(0, 200)}, ${(input.description ?? '').slice(0, 500)}
    from cedar_active_admin_ids() as u(id)`);
  return row.id;
}

/**
 * What raising an alert needs of the app (the Fastify instance is one): the database, the live
 * announcement and the log. Named here so this service does not depend on Fastify.
 */
export interface AlertRaiser {
  db: Db;
  realtime?: { announceSecurityAlert(alertId: string): void };
  log: { error(details: object, message: string): void };
}

/**
 * Raises an alert (docs/product.md#security-alerts): stored, in every admin's bell and sent live
 * to the admins signed in. Never throws: an alert that cannot be stored must not turn the
 * sign-in or change that raised it into a 500; the failure is logged (without the alert's text,
 * which may name a person).
 */
export async function raiseSecurityAlert(app: AlertRaiser, input: SecurityAlertInput): Promise<void> {
  try {
    const id = await inTransaction(app.db, (tx) => insertSecurityAlert(tx, input));
    app.realtime?.announceSecurityAlert(id);
  } catch (error) {
    app.log.error({ err: error, type: input.type, severity: input.severity }, 'security alert not stored');
  }
}

/**
 * A bulk delete of more than BULK_DELETE_ALERT_OVER items (products, promo codes) raises a
 * `security`/`medium` alert naming who and how many: a compromised account emptying the shop shows.
 */
export async function alertOnBulkDelete(
  app: AlertRaiser,
  deleted: { count: number; what: string; context: AuditContext },
): Promise<void> {
  if (deleted.count <= BULK_DELETE_ALERT_OVER) return;
  const who = deleted.context.actor?.email ?? 'A staff member';
  await raiseSecurityAlert(app, {
    type: 'security',
    severity: 'medium',
    title: `${deleted.count} ${deleted.what} deleted at once`,
    description: `${who} deleted ${deleted.count} ${deleted.what} in one bulk action. If that was not intended, restore a backup from Settings → System.`,
    ipAddress: deleted.context.ip ?? null,
    userId: deleted.context.actor?.id ?? null,
  });
}

type AlertRow = typeof securityAlerts.$inferSelect;

function toSecurityAlert(row: AlertRow, resolvedByName: string | null): SecurityAlert {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    title: row.title,
    description: row.description,
    ip_address: row.ipAddress,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    resolved: row.resolved,
    resolved_by: row.resolvedBy,
    resolved_by_name: resolvedByName,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** GET /admin/security/alerts: filtered, newest first, a page at a time. */
export async function listSecurityAlerts(
  db: Db,
  query: SecurityAlertListQuery,
): Promise<{ data: SecurityAlert[]; pagination: Pagination }> {
  const filters: SQL[] = [];
  if (query.resolved !== undefined) filters.push(eq(securityAlerts.resolved, query.resolved));
  if (query.severity) filters.push(eq(securityAlerts.severity, query.severity));
  if (query.type) filters.push(eq(securityAlerts.type, query.type));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ alert: securityAlerts, resolvedByName: users.name })
      .from(securityAlerts)
      .leftJoin(users, eq(users.id, securityAlerts.resolvedBy))
      .where(where)
      .orderBy(desc(securityAlerts.createdAt), desc(securityAlerts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(securityAlerts).where(where),
  ]);
  return {
    data: rows.map((row) => toSecurityAlert(row.alert, row.resolvedByName)),
    pagination: buildPagination(query.page, query.limit, total?.total ?? 0),
  };
}

/**
 * POST /admin/security/alerts/{id}/resolve: records who and when, audited. The UPDATE names the
 * open state in its condition, so two staff resolving at once: one succeeds, the other gets 409.
 */
export async function resolveSecurityAlert(
  db: Db,
  id: string,
  options: { resolvedAt: Date; context: AuditContext },
): Promise<SecurityAlert> {
  const staffId = options.context.actor?.id ?? null;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(securityAlerts)
      .set({ resolved: true, resolvedBy: staffId, resolvedAt: options.resolvedAt })
      .where(and(eq(securityAlerts.id, id), eq(securityAlerts.resolved, false)))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: securityAlerts.id })
        .from(securityAlerts)
        .where(eq(securityAlerts.id, id));
      if (!existing) throw new AppError(404, 'NOT_FOUND', SECURITY_MESSAGES.alertNotFound);
      throw conflict(SECURITY_MESSAGES.alertAlreadyResolved);
    }
    // The bell's copies of a resolved alert need no more attention.
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.securityAlertId, id), eq(notifications.isRead, false)));
    await recordAudit(tx, {
      context: options.context,
      action: 'security.alert_resolve',
      entityType: 'security_alert',
      entityId: id,
      before: { resolved: false },
      after: { resolved: true, title: row.title, severity: row.severity },
    });
    return toSecurityAlert(row, options.context.actor?.name ?? null);
  });
}
