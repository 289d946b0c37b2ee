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
import { auditLogDaily, auditLogs } from './audit.table.ts';
import { readPlan, toAuditEntry, whereAll } from './audit-queries.ts';

/**
 * The audit log's reads (docs/product.md#audit-log; how they stay fast at a million entries:
 * docs/decisions/034-audit-log-at-scale.md). Every query here is planned the same whatever the
 * database knows of the table: the embedded database never gathers statistics (no autovacuum),
 * so a plan must not hang on an estimate.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * A read with more than one test (two filters, or a filter and the search) first walks the newest
 * entries one index gives in the list's order (this many, or ten times the rows up to its page)
 * and tests each: common matches fill the page there, in a few milliseconds. Only a rarer match
 * goes to the index path, where the database gathers the matches of every filter (the trigram
 * index for the search, bitmaps of the others), which are then few. Either alone has a slow case:
 * the walk for a rare match reads the whole log; gathering a common one reads a third of it.
 */
export const SEARCH_WALK_ROWS = 5_000;
/**
 * Room for the index path's bitmaps: at the default 4 MB, two filters of a million entries turn
 * lossy and every page of the table is read again (0.7 s instead of 0.09 s, measured).
 */
const INDEX_PATH_WORK_MEM = '8MB';

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

/**
 * Entries that match `where` counted up to AUDIT_COUNT_CAP (+1, to know there are more), read in
 * the list's own order so the count takes the page's plan (and its index), whatever the planner
 * would guess without statistics.
 */
async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from ${auditLogs} ${where ? sql`where ${where}` : sql``}
          order by ${auditLogs.createdAt} desc, ${auditLogs.id} desc limit ${AUDIT_COUNT_CAP + 1}
        ) as matched`,
  );
  return row?.n ?? 0;
}

/** Every entry the log keeps: the daily counts' sum (a few thousand rows at most). */
export async function totalEntries(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${auditLogDaily.events}), 0)` }).from(auditLogDaily);
  return Number(row?.n ?? 0);
}

/**
 * The page's numbers. An exact total gives its pages; a floor (`capped`) gives the pages it
 * covers, and one more while the page was followed by more entries, never past the window.
 */
function pagination(query: AuditLogsQuery, found: Found): AuditLogsPage['pagination'] {
  const windowPages = Math.ceil(AUDIT_LIST_WINDOW / query.limit);
  const known = Math.max(1, Math.ceil(Math.min(found.total, AUDIT_LIST_WINDOW) / query.limit));
  const totalPages = found.capped ? Math.min(windowPages, Math.max(known, query.page + (found.more ? 1 : 0))) : known;
  return {
    page: query.page,
    limit: query.limit,
    total: found.total,
    totalPages,
    hasNext: query.page < totalPages,
    hasPrev: query.page > 1,
    total_capped: found.capped,
  };
}

/** A page's ids, its total (or a floor of it) and whether more entries follow the page. */
interface Found {
  ids: string[];
  total: number;
  capped: boolean;
  more: boolean;
}

/**
 * The walk: one statement reads the newest keys `walk` matches (an index, newest first), tests
 * each for `check`, and says how many it read and kept. Undefined when it read its whole window
 * without filling the page: a rarer match, for `readByIndex`.
 */
async function readByWalk(
  db: Db,
  walk: SQL[],
  check: SQL[],
  offset: number,
  limit: number,
): Promise<Found | undefined> {
  const window = Math.max(SEARCH_WALK_ROWS, (offset + limit) * 10);
  const where = whereAll(walk);
  const [head, ...rest] = await rowsOf<{ scanned: number; matched: number; id: string | null }>(
    db,
    sql`with walked as materialized (
          select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at, (${whereAll(check)}) as ok
          from ${auditLogs} ${where ? sql`where ${where}` : sql``}
          order by ${auditLogs.createdAt} desc, ${auditLogs.id} desc limit ${window}
        ),
        matched as materialized (select id, created_at from walked where ok)
        select counts.scanned, counts.matched, page.id
        from (select (select count(*) from walked)::int as scanned, (select count(*) from matched)::int as matched) as counts
        left join lateral (
          select id from matched order by created_at desc, id desc offset ${offset} limit ${limit}
        ) as page on true`,
  );
  if (!head) return undefined;
  const ids = [head, ...rest].flatMap((row) => (row.id ? [row.id] : []));
  const more = head.matched > offset + limit;
  // The whole filtered log was read: the count is exact. Otherwise a full page with more matches
  // after it is served from the window, its total a floor.
  if (head.scanned < window) return { ids, total: head.matched, capped: false, more };
  if (more) return { ids, total: head.matched, capped: true, more };
  return undefined;
}

/** The index path: every match gathered through the indexes of all the tests, counted and sorted (they are few). */
async function readByIndex(db: Db, all: SQL[], offset: number, limit: number): Promise<Found> {
  const [head, ...rest] = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${INDEX_PATH_WORK_MEM}'`));
    return rowsOf<{ total: number; id: string | null }>(
      tx,
      sql`with matched as materialized (
            select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at from ${auditLogs} where ${whereAll(all)}
          )
          select counts.total, page.id
          from (select count(*)::int as total from matched) as counts
          left join lateral (
            select id from matched order by created_at desc, id desc offset ${offset} limit ${limit}
          ) as page on true`,
    );
  });
  const ids = [head, ...rest].flatMap((row) => (row?.id ? [row.id] : []));
  const total = head?.total ?? 0;
  return { ids, total, capped: false, more: total > offset + limit };
}

/** `GET /admin/audit/logs`: newest first, id breaking ties; filters and search as the contract says. */
export async function listAuditLogs(db: Db, query: AuditLogsQuery, timeZone: string): Promise<AuditLogsPage> {
  const plan = readPlan(query, timeZone);
  const offset = pageOffset(query);
  if (plan.check.length > 0) {
    const found =
      (await readByWalk(db, plan.walk, plan.check, offset, query.limit)) ??
      (await readByIndex(db, plan.all, offset, query.limit));
    return { data: await entriesByIds(db, found.ids), pagination: pagination(query, found) };
  }
  // One index in the list's order serves the whole read; one row past the page says whether more follow.
  const where = whereAll(plan.walk);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit + 1)
    .offset(offset);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  let found: Found;
  if (!where) {
    found = { ids, total: await totalEntries(db), capped: false, more };
  } else if (!more) {
    // The page is the last: what came before it and its rows are the whole count.
    found = { ids, total: offset + page.length, capped: false, more };
  } else if (offset + query.limit >= AUDIT_COUNT_CAP) {
    found = { ids, total: AUDIT_COUNT_CAP, capped: true, more };
  } else {
    const counted = await cappedCount(db, where);
    found = { ids, total: Math.min(counted, AUDIT_COUNT_CAP), capped: counted > AUDIT_COUNT_CAP, more };
  }
  return { data: page.map(toAuditEntry), pagination: pagination(query, found) };
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
