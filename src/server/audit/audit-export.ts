import { and, inArray, sql } from 'drizzle-orm';
import { CSV_BOM, type CsvCell, csvLines } from '#server/csv.ts';
import type { Db } from '#server/db/client.ts';
import { AUDIT_CSV_HEADERS, type AuditEntry, type AuditFiltersQuery } from '#shared/contracts/audit.ts';
import { auditLogs } from './audit.table.ts';
import { readPlan, toAuditEntry, whereAll } from './audit-queries.ts';

/**
 * `GET /admin/audit/export` (docs/product.md#audit-log): every entry the list's filters match,
 * newest first, as CSV written piece by piece. Each piece is one short statement over the next
 * EXPORT_STEP_ROWS entries of the filtered log in the list's order (keyset: after the last one
 * read, at the database's full time precision), so the export never holds the database, nor the
 * whole file in memory, however large the log: the response streams while other requests run
 * between its statements.
 */
export const EXPORT_STEP_ROWS = 2_000;

type Rows<T> = { rows: T[] };

const cellsOf = (entry: AuditEntry): CsvCell[] => {
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const cells: Record<(typeof AUDIT_CSV_HEADERS)[number], CsvCell> = {
    created_at: entry.created_at,
    user_name: entry.user_name,
    user_email: entry.user_email,
    user_id: entry.user_id,
    action: entry.action,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id,
    status: entry.status,
    ip: entry.ip,
    user_agent: entry.user_agent,
    before: json(entry.before),
    after: json(entry.after),
    id: entry.id,
  };
  return AUDIT_CSV_HEADERS.map((header) => cells[header] ?? '');
};

/** The CSV text of the export, in pieces (header first), for a streamed response. */
export async function* auditCsvPieces(db: Db, query: AuditFiltersQuery, timeZone: string): AsyncGenerator<string> {
  yield CSV_BOM + csvLines([AUDIT_CSV_HEADERS]);
  // Each step walks one index in the list's order and tests the rest (as the list's walk does),
  // so a step costs its EXPORT_STEP_ROWS entries whatever the filters and search match.
  const { walk, check } = readPlan(query, timeZone);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const where = and(
      ...walk,
      after
        ? sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : undefined,
    );
    // The step's keys in the list's order, and whether each passes the tests (all do without any).
    const step = (
      (await db.execute(
        sql`select ${auditLogs.id} as id, ${auditLogs.createdAt}::text as at,
              ${check.length > 0 ? sql`(${whereAll(check)})` : sql`true`} as matches
            from ${auditLogs} ${where ? sql`where ${where}` : sql``}
            order by ${auditLogs.createdAt} desc, ${auditLogs.id} desc limit ${EXPORT_STEP_ROWS}`,
      )) as unknown as Rows<{ id: string; at: string; matches: boolean }>
    ).rows;
    const ids = step.filter((row) => row.matches).map((row) => row.id);
    if (ids.length > 0) {
      const rows = await db.select().from(auditLogs).where(inArray(auditLogs.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const entries = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toAuditEntry(row)] : [];
      });
      yield csvLines(entries.map(cellsOf));
    }
    const last = step.at(-1);
    if (!last || step.length < EXPORT_STEP_ROWS) return;
    after = { at: last.at, id: last.id };
  }
}
