import { eq, like, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { firstFreeSlug, slugify } from '#shared/slug.ts';
import type { Db } from './client.ts';
import { errorChain } from './errors.ts';
import { escapeLike } from './list-queries.ts';

/**
 * Unique values written by staff (slugs, SKUs, phones): the one way every service checks them,
 * makes them, and answers the race the check cannot see.
 */

/**
 * A `.catch` handler for writes guarded by unique indexes: two requests racing for one value both
 * pass the service's check, and the index refuses the second. Each key of `conflicts` is (part
 * of) an index name, its value the error to answer then (the same 409 the check gives); any other
 * error, or another index, is rethrown unchanged. PGlite names the index only in the message, pg
 * in `constraint` too (errors.ts `isUniqueViolation`, for callers that do not throw).
 */
export function uniqueViolationAs(conflicts: Readonly<Record<string, () => Error>>): (error: unknown) => never {
  return (error) => {
    for (const { code, constraint, message } of errorChain(error)) {
      if (code !== '23505') continue;
      for (const [index, answer] of Object.entries(conflicts)) {
        if (constraint?.includes(index) || message?.includes(index)) throw answer();
      }
    }
    throw error;
  };
}

/** A table's slug column and its id column, as the slug helpers below read them. */
export interface SlugColumns {
  table: PgTable;
  slug: PgColumn;
  id: PgColumn;
}

/**
 * The slug made from `text` (#shared/slug.ts `slugify`, `fallback` when it has no letters), or the
 * first of `-2`, `-3`… not taken in `columns`, within `maxLength`. One query: the base and every
 * slug that starts like a suffixed one (the base shortened by the longest suffix it may need).
 * `baseMaxLength` keeps room for a suffix so it never shortens the base (products).
 */
export async function uniqueSlug(
  db: Db,
  columns: SlugColumns,
  text: string,
  options: { maxLength: number; fallback: string; baseMaxLength?: number },
): Promise<string> {
  const base = slugify(text, options.baseMaxLength ?? options.maxLength) || options.fallback;
  // A suffix up to "-1234567" fits after a base this short; a longer base is shortened for it.
  const pattern =
    base.length + 8 <= options.maxLength
      ? `${escapeLike(base)}-%`
      : `${escapeLike(base.slice(0, options.maxLength - 8).replace(/-+$/, ''))}%`;
  const rows = (await db
    .select({ slug: columns.slug })
    .from(columns.table)
    .where(or(eq(columns.slug, base), like(columns.slug, pattern)))) as { slug: string }[];
  return firstFreeSlug(base, new Set(rows.map((row) => row.slug)), options.maxLength);
}

/** Throws `taken()` when another row than `exceptId` has `slug` (the service's check; the index races it). */
export async function assertSlugFree(
  db: Db,
  columns: SlugColumns,
  slug: string,
  exceptId: string | undefined,
  taken: () => Error,
): Promise<void> {
  const [row] = (await db.select({ id: columns.id }).from(columns.table).where(eq(columns.slug, slug)).limit(1)) as {
    id: string;
  }[];
  if (row && row.id !== exceptId) throw taken();
}
