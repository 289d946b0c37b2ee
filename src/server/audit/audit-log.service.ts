import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pageOffset } from '#server/db/list-queries.ts';
import { notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import {
  AUDIT_COUNT_CAP,
  AUDIT_LIST_WINDOW,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditFilters,
  type AuditLogsPage,
  type AuditLogsQuery,
} from '#shared/contracts/audit.ts';
import { STAFF_ROLES } from '#shared/contracts/auth.ts';
import { auditLogDaily, auditLogs, auditSearchText } from './audit.table.ts';
import { searchMatches, searchPattern, structuralConditions, toAuditEntry, whereAll } from './audit-queries.ts';

/**
 * The audit log's reads (docs/product.md#audit-log; how they stay fast at a million entries:
 * docs/decisions/034-audit-log-at-scale.md). Every query here is planned the same whatever the
 * database knows of the table: the embedded database never gathers statistics (no autovacuum),
 * so a plan must not hang on an estimate.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * A search first looks among the newest entries its other filters match (this many, or ten times
 * the rows up to its page): a common term fills its page there, in a few milliseconds. Only a
 * rarer term goes to the trigram index, which then finds few entries, also in milliseconds. Either
 * alone has a slow case (the walk for a rare term reads the whole log; the index for a common one
 * gathers and sorts a third of it).
 */
export const SEARCH_WALK_ROWS = 5_000;

const newestFirst = [desc(auditLogs.createdAt), desc(auditLogs.id)] as const;

/** The entries of `ids`, in that order. */
async function entriesByIds(db: Db, ids: readonly string[]): Promise<AuditEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(auditLogs)
    .where(inArray(auditLogs.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, toAuditEntry(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Entries that match `where` counted up to AUDIT_COUNT_CAP (+1 to know there are more). */
async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${auditLogs} ${where ? sql`where ${where}` : sql``} limit ${AUDIT_COUNT_CAP + 1}) as matched`,
  );
  return row?.n ?? 0;
}

/** Every entry the log keeps: the daily counts' sum (a few thousand rows at most). */
export async function totalEntries(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${auditLogDaily.events}), 0)` }).from(auditLogDaily);
  return Number(row?.n ?? 0);
}

function pagination(query: AuditLogsQuery, total: number, capped: boolean): AuditLogsPage['pagination'] {
  const reachable = Math.min(total, AUDIT_LIST_WINDOW);
  const totalPages = Math.max(1, Math.ceil(reachable / query.limit));
  return {
    page: query.page,
    limit: query.limit,
    total,
    totalPages,
    hasNext: query.page < totalPages,
    hasPrev: query.page > 1,
    total_capped: capped,
  };
}

interface SearchPage {
  ids: string[];
  total: number;
  capped: boolean;
}

/**
 * The search among the newest entries the other filters match: one statement reads the walk's
 * keys (the list's index, newest first), keeps the matches, and says how many it read and matched.
 * Undefined when the walk read its whole window without filling the page: a rarer term, for
 * `searchByIndex`.
 */
async function searchByWalk(db: Db, where: SQL | undefined, search: string, offset: number, limit: number) {
  const window = Math.max(SEARCH_WALK_ROWS, (offset + limit) * 10);
  const [head, ...rest] = await rowsOf<{ scanned: number; matched: number; id: string | null }>(
    db,
    sql`with walked as materialized (
          select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at, ${auditSearchText(auditLogs)} as text
          from ${auditLogs} ${where ? sql`where ${where}` : sql``}
          order by ${auditLogs.createdAt} desc, ${auditLogs.id} desc limit ${window}
        ),
        matched as materialized (select id, created_at from walked where text like ${searchPattern(search)})
        select counts.scanned, counts.matched, page.id
        from (select (select count(*) from walked)::int as scanned, (select count(*) from matched)::int as matched) as counts
        left join lateral (
          select id from matched order by created_at desc, id desc offset ${offset} limit ${limit}
        ) as page on true`,
  );
  if (!head) return undefined;
  const ids = [head, ...rest].flatMap((row) => (row.id ? [row.id] : []));
  const exhausted = head.scanned < window;
  // The whole filtered log was read: the count is exact. Otherwise a full page with more matches
  // after it is served from the window, its total a floor.
  if (exhausted) return { ids, total: head.matched, capped: false } satisfies SearchPage;
  if (head.matched > offset + limit) return { ids, total: head.matched, capped: true } satisfies SearchPage;
  return undefined;
}

/** A rare term through the trigram index: its few matches gathered, counted and sorted. */
async function searchByIndex(db: Db, conditions: SQL[], search: string, offset: number, limit: number) {
  const where = whereAll([searchMatches(search), ...conditions]);
  const [head, ...rest] = await rowsOf<{ total: number; id: string | null }>(
    db,
    sql`with matched as materialized (
          select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at from ${auditLogs} where ${where}
        )
        select counts.total, page.id
        from (select count(*)::int as total from matched) as counts
        left join lateral (
          select id from matched order by created_at desc, id desc offset ${offset} limit ${limit}
        ) as page on true`,
  );
  const ids = [head, ...rest].flatMap((row) => (row?.id ? [row.id] : []));
  return { ids, total: head?.total ?? 0, capped: false } satisfies SearchPage;
}

/** `GET /admin/audit/logs`: newest first, id breaking ties; filters and search as the contract says. */
export async function listAuditLogs(db: Db, query: AuditLogsQuery, timeZone: string): Promise<AuditLogsPage> {
  const conditions = structuralConditions(query, timeZone);
  const where = whereAll(conditions);
  const offset = pageOffset(query);
  if (query.search) {
    const found =
      (await searchByWalk(db, where, query.search, offset, query.limit)) ??
      (await searchByIndex(db, conditions, query.search, offset, query.limit));
    return {
      data: await entriesByIds(db, found.ids),
      pagination: pagination(query, found.total, found.capped),
    };
  }
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(offset);
  let total: number;
  let capped = false;
  if (!where) {
    total = await totalEntries(db);
  } else {
    const counted = await cappedCount(db, where);
    capped = counted > AUDIT_COUNT_CAP;
    total = Math.min(counted, AUDIT_COUNT_CAP);
  }
  return { data: rows.map(toAuditEntry), pagination: pagination(query, total, capped) };
}

/** `GET /admin/audit/logs/{id}`. */
export async function getAuditEntry(db: Db, id: string): Promise<AuditEntry> {
  const [row] = await db.select().from(auditLogs).where(eq(auditLogs.id, id));
  if (!row) throw notFound(AUDIT_MESSAGES.notFound);
  return toAuditEntry(row);
}

/**
 * The distinct values of an indexed column, one index descent each (a "loose index scan"): the
 * few dozen actions of a million entries in a few milliseconds, where `select distinct` reads all.
 */
async function distinctValues(db: Db, column: 'action' | 'entity_type'): Promise<string[]> {
  const name = sql.raw(column);
  const rows = await rowsOf<{ value: string }>(
    db,
    sql`with recursive found as (
          (select ${name} as value from ${auditLogs} order by ${name} limit 1)
          union all
          select (select ${name} from ${auditLogs} where ${name} > found.value order by ${name} limit 1)
          from found where found.value is not null
        )
        select value from found where value is not null`,
  );
  return rows.map((row) => row.value);
}

/** `GET /admin/audit/filters`: the actions and resource types in the log, and the staff. */
export async function auditFilterChoices(db: Db): Promise<AuditFilters> {
  const actions = await distinctValues(db, 'action');
  const entityTypes = await distinctValues(db, 'entity_type');
  const staff = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.name), asc(users.id));
  return { actions, entity_types: entityTypes, users: staff };
}
