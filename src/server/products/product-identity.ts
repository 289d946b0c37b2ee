import { randomInt } from 'node:crypto';
import { type AnyColumn, and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { escapeLike } from '#server/db/list-queries.ts';
import { uniqueSlug, uniqueViolationAs } from '#server/db/unique.ts';
import { conflict } from '#server/errors.ts';
import { PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import { productVariants } from './product-variants.table.ts';
import { products } from './products.table.ts';

/**
 * Slugs and SKUs: both unique. Explicit values that are taken are refused (409) so staff notice;
 * generated ones step around what exists.
 */

export const SLUG_TAKEN_MESSAGE = 'This slug is already used by another product';
export const SKU_TAKEN_MESSAGE = 'This SKU is already used by another product';

const slugTaken = () => conflict(SLUG_TAKEN_MESSAGE, [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }]);
const skuTaken = () => conflict(SKU_TAKEN_MESSAGE, [{ path: 'sku', message: SKU_TAKEN_MESSAGE }]);

const notSelf = (match: SQL, exceptId?: string) => (exceptId ? and(match, ne(products.id, exceptId)) : match);

export async function assertSlugFree(db: Db, slug: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(notSelf(eq(products.slug, slug), exceptId))
    .limit(1);
  if (row) throw slugTaken();
}

/**
 * SKUs are compared case-insensitively: "ab-1" and "AB-1" are one label on a shelf. A product's
 * SKU may equal its own variants' (its default variant's always does) but no other product's or
 * variant's (decision 012 §1): the database can only index each table, so both are checked here.
 */
export async function assertSkuFree(db: Db, sku: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(notSelf(sql`lower(${products.sku}) = ${sku.toLowerCase()}`, exceptId))
    .limit(1);
  if (row) throw skuTaken();
  const ownVariant = exceptId ? sql` and ${productVariants.productId} <> ${exceptId}` : sql``;
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(sql`lower(${productVariants.sku}) = ${sku.toLowerCase()}${ownVariant}`)
    .limit(1);
  if (variant) throw skuTaken();
}

/**
 * SKUs (lowercase) of other products and their variants that equal `exact` or start with one of
 * `prefixes` followed by "-": what a typed variant SKU must not be and a generated one steps around
 * (product-variant-writes.ts). A variant SKU may equal its own product's SKU only for the default
 * variant: that rule is the set's (product-variant-rules.ts `resolveVariantSkus`).
 */
export async function skusUsedElsewhere(
  tx: Db,
  productId: string | null,
  exact: readonly string[],
  prefixes: readonly string[],
): Promise<Set<string>> {
  if (exact.length === 0 && prefixes.length === 0) return new Set();
  const matching = (column: AnyColumn) => {
    const lower = sql`lower(${column})`;
    const parts = [
      ...(exact.length
        ? [
            sql`${lower} in (${sql.join(
              exact.map((sku) => sql`${sku}`),
              sql`, `,
            )})`,
          ]
        : []),
      ...prefixes.map((prefix) => sql`${lower} like ${`${escapeLike(prefix)}-%`}`),
    ];
    return sql`(${sql.join(parts, sql` or `)})`;
  };
  const [productRows, variantRows] = await Promise.all([
    tx
      .select({ sku: products.sku })
      .from(products)
      .where(productId ? and(matching(products.sku), ne(products.id, productId)) : matching(products.sku)),
    tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(
        productId
          ? and(matching(productVariants.sku), ne(productVariants.productId, productId))
          : matching(productVariants.sku),
      ),
  ]);
  return new Set([...productRows, ...variantRows].map((row) => row.sku.toLowerCase()));
}

/** The slug made from `name`, with -2, -3… appended when it is taken. One query. */
export function uniqueSlugFor(db: Db, name: string): Promise<string> {
  // Room for a suffix such as "-12345" within the limit.
  return uniqueSlug(db, { table: products, slug: products.slug, id: products.id }, name, {
    maxLength: PRODUCT_LIMITS.slug,
    baseMaxLength: PRODUCT_LIMITS.slug - 6,
    fallback: 'product',
  });
}

const SKU_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "CS-" and 6 characters that cannot be mistaken for each other (no O/0, I/1). */
export async function generateSku(db: Db): Promise<string> {
  for (;;) {
    const sku = `CS-${Array.from({ length: 6 }, () => SKU_ALPHABET[randomInt(SKU_ALPHABET.length)]).join('')}`;
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`lower(${products.sku}) = ${sku.toLowerCase()}`)
      .limit(1);
    if (!row) return sku;
  }
}

/**
 * Two requests racing for one slug or SKU both pass the check; the unique constraint stops the
 * second, and this turns its error into the same 409 the check gives. Anything else is rethrown.
 */
export const rethrowUniqueViolation = uniqueViolationAs({
  products_slug: slugTaken,
  products_sku: skuTaken,
  product_variants_sku: skuTaken,
});
