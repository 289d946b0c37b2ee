import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLogs } from './audit.table.ts';
import type { AuditActor, AuditContext } from './audit-context.ts';

export interface AuditEntry {
  /** Who and from where (the route's `auditContextOf(request)`); absent for writes no one asked for. */
  context?: AuditContext;
  /** Overrides `context.actor`: a sign-in names the user before the request carries one. */
  actor?: AuditActor | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** `failure`: a refused attempt (wrong password or code, an address not on the allowlist). */
  status?: 'success' | 'failure';
}

/**
 * Stores one audit row: who (user id and email), what, before/after, from where (IP, user agent).
 * Callers pass only plain facts: never a password, hash or token.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? entry.context?.actor ?? null;
  await db.insert(auditLogs).values({
    userId: actor?.id ?? null,
    userEmail: actor?.email ?? null,
    userName: actor?.name ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.context?.ip ?? null,
    userAgent: entry.context?.userAgent?.slice(0, 500) ?? null,
    status: entry.status ?? 'success',
  });
}

/**
 * Lets the rest of the caller's transaction change the personal fields of earlier entries (email,
 * name, IP, before, after) and nothing else: the erasure of a deleted customer's or shopper's
 * details. The log is otherwise append-only, and its database guard refuses any other change
 * (src/server/db/sql/audit-log.sql). Call it with a transaction: the mark ends with it.
 */
export async function permitAuditRedaction(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('cedar.audit_redaction', 'on', true)`);
}
