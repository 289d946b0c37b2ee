import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Demo rows (docs/product.md#demo-data). The demo seed stores, in each row it writes, a fingerprint
 * of the row's content (`demo_hash`, migration 0018): an md5 of the row as JSON without the columns
 * that change by themselves (stock, ratings, vote counts, view counts, timestamps). A row is demo
 * while its fingerprint still matches; a row the merchant changed (a name, a price, a picture, a
 * variant, a moderation or reply) no longer matches and is the merchant's from then on: not
 * badged, never removed. Saving without changing anything keeps it demo. The merchant's own rows
 * have no fingerprint at all.
 */
export const DEMO_TABLES = ['products', 'categories', 'reviews', 'blog_posts', 'blog_categories', 'users'] as const;
export type DemoTable = (typeof DEMO_TABLES)[number];

/** Per table, the columns left out of the fingerprint: they move without anyone editing the row. */
const VOLATILE: Record<DemoTable, readonly string[]> = {
  products: ['stock_quantity', 'in_stock', 'rating', 'review_count', 'updated_at'],
  categories: ['updated_at'],
  // user_id: set null if the demo account goes first; the counts follow shoppers' votes.
  reviews: ['helpful_count', 'not_helpful_count', 'user_id', 'updated_at'],
  // The author follows the first admin, who may be removed; views count visits.
  blog_posts: ['view_count', 'author_id', 'updated_at'],
  blog_categories: ['updated_at'],
  users: ['last_login_at', 'updated_at'],
};

/** Of a product's variants, what the merchant edits (not the stock the shop's sales move). */
const VARIANT_VOLATILE = ['stock_quantity', 'in_stock', 'updated_at'];

const textArray = (columns: readonly string[]) => `'{${[...columns, 'demo_hash'].join(',')}}'::text[]`;

/** The fingerprint of row `alias` of `table`, as SQL (one md5 text). */
export function demoFingerprint(table: DemoTable, alias: string): SQL {
  const row = `(to_jsonb(${alias}) - ${textArray(VOLATILE[table])})::text`;
  if (table !== 'products') return sql.raw(`md5(${row})`);
  const variants = `coalesce((select jsonb_agg(to_jsonb(v) - ${textArray(VARIANT_VOLATILE)} order by v.id)::text from product_variants v where v.product_id = ${alias}.id), '')`;
  return sql.raw(`md5(${row} || ${variants})`);
}

/** True when row `alias` of `table` is an unchanged demo row. */
export function isDemoRow(table: DemoTable, alias: string): SQL {
  return sql`(${sql.raw(`${alias}.demo_hash`)} is not null and ${sql.raw(`${alias}.demo_hash`)} = ${demoFingerprint(table, alias)})`;
}

/**
 * `is_demo` for a Drizzle select over `table` (unaliased): whether the current row is unchanged demo
 * content. For the admin lists' "Demo" badge.
 */
export function isDemoColumn(table: DemoTable): SQL<boolean> {
  return sql<boolean>`${isDemoRow(table, `"${table}"`)}`;
}

/**
 * Marks rows of `table` matching `where` (SQL over alias `t`) as demo: stores their fingerprint
 * as they are now. The seed calls it last, in its transaction.
 */
export async function markDemoRows(db: Db, table: DemoTable, where: SQL = sql`true`): Promise<void> {
  await db.execute(
    sql`update ${sql.raw(`"${table}"`)} as t set demo_hash = ${demoFingerprint(table, 't')} where ${where}`,
  );
}
