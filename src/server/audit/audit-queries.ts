import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '#server/db/list-queries.ts';
import type { AuditEntry, AuditFiltersQuery } from '#shared/contracts/audit.ts';
import { zonedInputToIso } from '#shared/time-zone.ts';
import { auditLogs, auditSearchText } from './audit.table.ts';

/**
 * What the list, its export and the stats share: the filters as SQL, the search's match, and an
 * entry as the API answers it (docs/product.md#audit-log).
 */

/** The first instant of calendar day `day` (YYYY-MM-DD) in `timeZone`. */
export function startOfShopDay(day: string, timeZone: string): Date {
  const iso = zonedInputToIso(`${day}T00:00`, timeZone);
  if (!iso) throw new Error(`not a calendar day: ${day}`);
  return new Date(iso);
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(2000, month - 1, date + 1));
  next.setUTCFullYear(year, month - 1, date + 1);
  return next.toISOString().slice(0, 10);
}

/** The filters that have an index in the list's order (every filter but the search). */
export function structuralConditions(query: AuditFiltersQuery, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLogs.action, query.action));
  if (query.entity_type) conditions.push(eq(auditLogs.entityType, query.entity_type));
  if (query.user_id) conditions.push(eq(auditLogs.userId, query.user_id));
  if (query.status) conditions.push(eq(auditLogs.status, query.status));
  // Calendar days in the shop's time zone, both ends included.
  if (query.date_from) conditions.push(gte(auditLogs.createdAt, startOfShopDay(query.date_from, timeZone)));
  if (query.date_to) conditions.push(lt(auditLogs.createdAt, startOfShopDay(nextDay(query.date_to), timeZone)));
  return conditions;
}

export const whereAll = (conditions: SQL[]) => (conditions.length > 0 ? and(...conditions) : undefined);

/** The search's LIKE pattern: the typed text anywhere, in lower case, taken literally. */
export const searchPattern = (search: string) => containsPattern(search.toLowerCase());

/** The search's match on audit_logs' own columns: the trigram index's expression, exactly. */
export const searchMatches = (search: string) => sql`${auditSearchText(auditLogs)} like ${searchPattern(search)}`;

type AuditRow = typeof auditLogs.$inferSelect;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    user_id: row.userId,
    user_email: row.userEmail,
    user_name: row.userName,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    user_agent: row.userAgent,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
