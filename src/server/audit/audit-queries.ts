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

/**
 * The filters that have an index in the list's order, as SQL: `keyed` (one equality each, most
 * selective first as a shop's log usually goes: a person, an action, a resource type, an outcome)
 * and `dates` (a range on the time, which every one of those indexes also serves).
 */
export function filterConditions(query: AuditFiltersQuery, timeZone: string): { keyed: SQL[]; dates: SQL[] } {
  const keyed: SQL[] = [];
  if (query.user_id) keyed.push(eq(auditLogs.userId, query.user_id));
  if (query.action) keyed.push(eq(auditLogs.action, query.action));
  if (query.entity_type) keyed.push(eq(auditLogs.entityType, query.entity_type));
  if (query.status) keyed.push(eq(auditLogs.status, query.status));
  const dates: SQL[] = [];
  // Calendar days in the shop's time zone, both ends included.
  if (query.date_from) dates.push(gte(auditLogs.createdAt, startOfShopDay(query.date_from, timeZone)));
  if (query.date_to) dates.push(lt(auditLogs.createdAt, startOfShopDay(nextDay(query.date_to), timeZone)));
  return { keyed, dates };
}

/**
 * How a filtered read goes through the log: `walk` is what an index serves in the list's order
 * (one keyed filter and the dates), `check` what each walked entry is then tested for (the other
 * keyed filters and the search). Without a check, the walk is the whole answer.
 */
export function readPlan(query: AuditFiltersQuery, timeZone: string): { walk: SQL[]; check: SQL[]; all: SQL[] } {
  const { keyed, dates } = filterConditions(query, timeZone);
  const walk = [...keyed.slice(0, 1), ...dates];
  const check = [...keyed.slice(1), ...(query.search ? [searchMatches(query.search)] : [])];
  return { walk, check, all: [...walk, ...check] };
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

/** An entry as `row_to_json` writes it: the table's own column names, times as ISO text. */
export interface AuditJsonRow {
  id: string;
  user_id: string | null;
  user_email: string | null;
  user_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  status: AuditEntry['status'];
  created_at: string;
}

export function toAuditEntryFromJson(row: AuditJsonRow): AuditEntry {
  return {
    id: row.id,
    user_id: row.user_id,
    user_email: row.user_email,
    user_name: row.user_name,
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    user_agent: row.user_agent,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
  };
}
