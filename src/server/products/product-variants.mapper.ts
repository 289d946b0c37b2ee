import { asc, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { productVariants } from './product-variants.table.ts';
import type { ProductVariantRow } from './products.mapper.ts';

/**
 * Part of the data layer (like the row mappers) because every reader of products needs it: the
 * storefront catalogue, the admin lists and order pricing (docs/architecture.md "Where a domain
 * lives"). The variants of many products in ONE query (decision 012: a list or a catalogue batch costs one
 * extra query, never one per product), all of them, by product, sort_order, id. Callers filter
 * the inactive ones where the storefront must not see them (products.mapper.ts `toProduct`).
 */
export async function loadVariantsByProduct(
  db: Db,
  productIds: readonly string[],
): Promise<Map<string, ProductVariantRow[]>> {
  const byProduct = new Map<string, ProductVariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...new Set(productIds)]))
    .orderBy(asc(productVariants.productId), asc(productVariants.sortOrder), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}
