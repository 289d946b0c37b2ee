import { asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { normalizePhone } from '#shared/phone.ts';
import type { Db } from './client.ts';

/**
 * The SQL every staff list (orders, customers, products, users) builds the same way: text search,
 * phone search, sort direction, the page window, and counts (a list's total, a dashboard figure).
 */

/** `%`, `_` and `\` typed by the user are matched literally in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE / ILIKE pattern matching `text` anywhere, taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * A phone search in any typed form: a whole number normalises to E.164 and matches exactly;
 * a fragment of at least 3 digits matches anywhere in the stored number (leading 0 dropped, as
 * the normaliser drops it: "03 12" finds +9613123456). Undefined when `search` is no phone.
 */
export function phoneCondition(column: SQL | PgColumn, search: string): SQL | undefined {
  const e164 = normalizePhone(search);
  if (e164) return sql`${column} = ${e164}`;
  if (!/^[+\d][\d\s().-]*$/.test(search)) return undefined;
  const digits = search.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 3) return undefined;
  return sql`${column} like ${containsPattern(digits)}`;
}

/** Drizzle's `asc` or `desc` for a list's `sort_order` parameter. */
export const sortDirection = (sortOrder: 'asc' | 'desc') => (sortOrder === 'asc' ? asc : desc);

/** Rows to skip for page `page` (from 1) of `limit` rows. */
export const pageOffset = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit;

/** How many rows of `table` match `where` (all of them when `where` is undefined). */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
