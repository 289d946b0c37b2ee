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
