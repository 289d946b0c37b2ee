import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { auditLogs } from './audit.table.ts';

export interface AuditActor {
  id?: string | null;
  email?: string | null;
}

export interface AuditEntry {
  request?: FastifyRequest;
  actor?: AuditActor | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Stores one audit row: who (user id and email), what, before/after, from where (IP, user agent).
 * Callers pass only plain facts: never a password, hash or token.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? entry.request?.user ?? null;
  await db.insert(auditLogs).values({
    userId: actor?.id ?? null,
    userEmail: actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.request?.ip ?? null,
    userAgent: entry.request?.headers['user-agent']?.slice(0, 500) ?? null,
  });
}
