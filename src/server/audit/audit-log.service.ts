import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
import { type AuditJsonRow, readPlan, toAuditEntry, toAuditEntryFromJson, whereAll } from './audit-queries.ts';

/**
 * The audit log's reads (docs/product.md#audit-log; how they stay fast at a million entries:
 * docs/decisions/034-audit-log-at-scale.md). Every query here is planned the same whatever the
 * database knows of the table (the embedded database never gathers statistics: no autovacuum),
 * and a page is one statement: on the embedded database each statement costs ~1.3 ms of CPU
 * before it does anything, more than reading the page itself.
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

const whereClause = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);
const newestFirst = sql`${auditLogs.createdAt} desc, ${auditLogs.id} desc`;

/** The page's entries as one JSON array, newest first: `ids` (a set of `(id, created_at)` rows) joined to the log. */
const pageJson = (ids: SQL, offset: number, limit: number) => sql`(
  select coalesce(json_agg(row_to_json(entry) order by entry.created_at desc, entry.id desc), '[]')
  from (
    select a.* from (select id, created_at from ${ids} order by created_at desc, id desc offset ${offset} limit ${limit}) as picked
    join ${auditLogs} a on a.id = picked.id
  ) as entry
)`;

/** Every entry the log keeps: the daily counts' sum (a few thousand rows at most). */
const totalSql = sql`(select coalesce(sum(${auditLogDaily.events}), 0) from ${auditLogDaily})`;

/**
 * Entries that match `where` counted up to AUDIT_COUNT_CAP (+1, to know there are more), read in
 * the list's own order so the count takes the page's plan (and its index), whatever the planner
 * would guess without statistics.
 */
const cappedCountSql = (where: SQL | undefined) => sql`(select count(*) from (
  select 1 from ${auditLogs} ${whereClause(where)} order by ${newestFirst} limit ${AUDIT_COUNT_CAP + 1}
) as matched)`;

/** A page's entries, its total (or a floor of it) and whether more entries follow the page. */
interface Found {
  entries: AuditEntry[];
  total: number;
  capped: boolean;
  more: boolean;
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

/**
 * One index in the list's order serves the whole read (no filter, or one keyed filter with the
 * dates): the page and one row past it (whether more follow), and in the same statement the
 * total (unfiltered: the daily counts) or the count up to the cap (filtered, when it can matter).
 */
async function readDirect(db: Db, where: SQL | undefined, offset: number, limit: number): Promise<Found> {
  const counting = !where ? totalSql : offset + limit < AUDIT_COUNT_CAP ? cappedCountSql(where) : sql`null`;
  const [row] = await rowsOf<{ entries: AuditJsonRow[]; counted: string | null }>(
    db,
    sql`select ${pageJson(sql`(select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at from ${auditLogs} ${whereClause(where)} order by ${newestFirst} offset ${offset} limit ${limit + 1}) as keys`, 0, limit + 1)} as entries,
          ${counting}::text as counted`,
  );
  const rows = row?.entries ?? [];
  const more = rows.length > limit;
  const entries = rows.slice(0, limit).map(toAuditEntryFromJson);
  if (!where) return { entries, total: Number(row?.counted ?? 0), capped: false, more };
  // The page is the last: what came before it and its rows are the whole count.
  if (!more) return { entries, total: offset + entries.length, capped: false, more };
  const counted = row?.counted === null || row?.counted === undefined ? AUDIT_COUNT_CAP + 1 : Number(row.counted);
  return { entries, total: Math.min(counted, AUDIT_COUNT_CAP), capped: counted > AUDIT_COUNT_CAP, more };
}

/**
 * The walk: the newest keys `walk` matches (an index, newest first) are tested for `check` one by
 * one, and the database stops reading as soon as the page and one more match are found: a
 * common match costs a few dozen rows. A page with more after it is answered at once, its total a
 * floor (what is known: the entries up to it and one more). A short page means a rare match (or
 * a filtered log that ran out): undefined, for `readByIndex`, which counts it exactly.
 */
async function readByWalk(
  db: Db,
  walk: SQL[],
  check: SQL[],
  offset: number,
  limit: number,
): Promise<Found | undefined> {
  const window = Math.max(SEARCH_WALK_ROWS, (offset + limit) * 10);
  const [page] = await rowsOf<{ entries: AuditJsonRow[] }>(
    db,
    sql`select ${pageJson(
      sql`(
        select id, created_at from (
          select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at, (${whereAll(check)}) as ok
          from ${auditLogs} ${whereClause(whereAll(walk))} order by ${newestFirst} limit ${window}
        ) as walked
        where ok order by created_at desc, id desc offset ${offset} limit ${limit + 1}
      ) as keys`,
      0,
      limit + 1,
    )} as entries`,
  );
  const rows = page?.entries ?? [];
  if (rows.length <= limit) return undefined;
  return {
    entries: rows.slice(0, limit).map(toAuditEntryFromJson),
    total: offset + limit + 1,
    capped: true,
    more: true,
  };
}

/** The index path: every match gathered through the indexes of all the tests, counted and sorted (they are few). */
async function readByIndex(db: Db, all: SQL[], offset: number, limit: number): Promise<Found> {
  const [head] = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${INDEX_PATH_WORK_MEM}'`));
    return rowsOf<{ total: number; entries: AuditJsonRow[] }>(
      tx,
      sql`with matched as materialized (
            select ${auditLogs.id} as id, ${auditLogs.createdAt} as created_at from ${auditLogs} where ${whereAll(all)}
          )
          select (select count(*) from matched)::int as total, ${pageJson(sql`matched`, offset, limit)} as entries`,
    );
  });
  const total = head?.total ?? 0;
  return {
    entries: (head?.entries ?? []).map(toAuditEntryFromJson),
    total,
    capped: false,
    more: total > offset + limit,
  };
}

/** `GET /admin/audit/logs`: newest first, id breaking ties; filters and search as the contract says. */
export async function listAuditLogs(db: Db, query: AuditLogsQuery, timeZone: string): Promise<AuditLogsPage> {
  const plan = readPlan(query, timeZone);
  const offset = pageOffset(query);
  const found =
    plan.check.length === 0
      ? await readDirect(db, whereAll(plan.walk), offset, query.limit)
      : ((await readByWalk(db, plan.walk, plan.check, offset, query.limit)) ??
        (await readByIndex(db, plan.all, offset, query.limit)));
  return { data: found.entries, pagination: pagination(query, found) };
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
const distinctValues = (column: 'action' | 'entity_type') => {
  const name = sql.raw(column);
  return sql`(select coalesce(json_agg(value order by value), '[]') from (
    with recursive found as (
      (select ${name} as value from ${auditLogs} order by ${name} limit 1)
      union all
      select (select ${name} from ${auditLogs} where ${name} > found.value order by ${name} limit 1)
      from found where found.value is not null
    )
    select value from found where value is not null
  ) as distinct_values)`;
};

/** `GET /admin/audit/filters`: the actions and resource types in the log, and the staff. */
export async function auditFilterChoices(db: Db): Promise<AuditFilters> {
  const [row] = await rowsOf<{ actions: string[]; entity_types: string[] }>(
    db,
    sql`select ${distinctValues('action')} as actions, ${distinctValues('entity_type')} as entity_types`,
  );
  const staff = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.name), asc(users.id));
  return { actions: row?.actions ?? [], entity_types: row?.entity_types ?? [], users: staff };
}
