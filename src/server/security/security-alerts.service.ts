import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SecurityAlertSeverity, SecurityAlertType } from '#shared/contracts/security.ts';
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
 * Raises an alert (docs/product.md#security-alerts): stored, in every admin's bell and sent live
 * to the admins signed in. Never throws: an alert that cannot be stored must not turn the
 * sign-in or change that raised it into a 500; the failure is logged (without the alert's text,
 * which may name a person).
 */
export async function raiseSecurityAlert(app: FastifyInstance, input: SecurityAlertInput): Promise<void> {
  try {
    const id = await inTransaction(app.db, (tx) => insertSecurityAlert(tx, input));
    app.realtime?.announceSecurityAlert(id);
  } catch (error) {
    app.log.error({ err: error, type: input.type, severity: input.severity }, 'security alert not stored');
  }
}
