import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { badRequest, conflict } from '#server/errors.ts';
import type { ProductVariantWrite } from '#shared/contracts/admin-products.ts';
import type { FieldError } from '#shared/contracts/common.ts';
import { defaultVariantSku } from '#shared/product-variants.ts';
import { SKU_TAKEN_MESSAGE, skusUsedElsewhere } from './product-identity.ts';
import {
  fitsVariations,
  isDefaultOptions,
  keptCombinationProblems,
  matchStoredRows,
  planVariantWrite,
  resolveVariantSkus,
  type StoredVariant,
  type VariantSetContext,
  type VariantWritePlan,
  type VariationList,
  variantSetProblems,
} from './product-variant-rules.ts';
import { productVariants } from './product-variants.table.ts';

/**
 * Writing a product's variant set (decision 012 §5, docs/product.md#admin-product-writes): the
 * database half of `product-variant-rules.ts`. Callers run inside the product write's transaction
 * and call `lockStoredVariants` BEFORE they lock or update the product row (the lock order of
 * every writer, decision 012 §3: variants, then products).
 */

const invalid = (errors: FieldError[]) => badRequest('Validation failed', errors);

/**
 * The product's variants, locked in id order, each with whether order lines refer to it. The lock
 * comes first: an order holds a variant and waits for the product in the roll-up trigger, so an
 * editor that held the product first and then waited for that variant would deadlock.
 */
export async function lockStoredVariants(tx: Db, productId: string): Promise<StoredVariant[]> {
  const rows = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      options: productVariants.options,
      isActive: productVariants.isActive,
      // Spelled out: drizzle writes a lone column unqualified, which inside the subquery would be order_items.id.
      hasOrders: sql<boolean>`exists (select 1 from order_items i where i.variant_id = product_variants.id)`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.id)
    .for('no key update');
  return rows.map((row) => ({ ...row, hasOrders: Boolean(row.hasOrders) }));
}

export interface VariantSetChanges {
  added: string[];
  updated: string[];
  removed: string[];
  deactivated: string[];
}

/**
 * Validates `variants` against the product as it will be and writes it: rows matched to stored
 * ones are updated (an inactive one sent again is revived), the others inserted, stored rows left
 * out deleted, or deactivated when order lines refer to them, never deleted then: a deleted row
 * nulls its lines' variant_id and a cancel could not return their stock (decision 012 §1, see
 * `planVariantWrite`). Refuses with 400 at `variants.{i}.…`, or 409 when a typed SKU belongs to
 * another product or its variants. Returns the SKUs touched, for the audit log.
 */
export async function writeVariantSet(
  tx: Db,
  productId: string,
  product: VariantSetContext,
  variants: readonly ProductVariantWrite[],
  stored: readonly StoredVariant[],
): Promise<VariantSetChanges> {
  const matched = matchStoredRows(variants, stored);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const storedOptions = matched.ids.map((id) => (id ? (storedById.get(id)?.options ?? null) : null));
  const problems = [...variantSetProblems(variants, product, storedOptions), ...matched.problems];
  if (problems.length > 0) throw invalid(problems);

  const storedSkus = matched.ids.map((id) => (id ? (storedById.get(id)?.sku ?? null) : null));
  // Rows with orders that leave the set keep their SKU (they are deactivated), so it stays taken.
  const keptOutside = new Set(
    stored.filter((row) => row.hasOrders && !matched.ids.includes(row.id)).map((row) => row.sku.toLowerCase()),
  );
  const typed = variants
    .filter((variant) => !isDefaultOptions(variant.options) && variant.sku !== undefined)
    .map((variant) => (variant.sku as string).toLowerCase());
  const bases = variants
    .filter((variant, index) => !isDefaultOptions(variant.options) && variant.sku === undefined && !storedSkus[index])
    .map((variant) => defaultVariantSku(product.productSku, variant.options, product.variations).toLowerCase());
  const elsewhere = await skusUsedElsewhere(tx, productId, [...typed, ...bases], bases);
  const resolved = resolveVariantSkus(
    variants,
    storedSkus,
    product,
    (sku) => elsewhere.has(sku) || keptOutside.has(sku),
  );
  if (resolved.problems.length > 0) throw invalid(resolved.problems);
  const conflicts = variants.flatMap((variant, index) => {
    const sku = variant.sku?.toLowerCase();
    if (isDefaultOptions(variant.options) || sku === undefined) return [];
    if (elsewhere.has(sku)) return [{ path: `variants.${index}.sku`, message: SKU_TAKEN_MESSAGE }];
    if (keptOutside.has(sku)) {
      return [{ path: `variants.${index}.sku`, message: 'This SKU belongs to a variant kept for past orders' }];
    }
    return [];
  });
  const takenElsewhere = conflicts.filter((item) => item.message === SKU_TAKEN_MESSAGE);
  if (takenElsewhere.length > 0) throw conflict(SKU_TAKEN_MESSAGE, takenElsewhere);
  if (conflicts.length > 0) throw invalid(conflicts);

  const plan = planVariantWrite(variants, matched.ids, resolved.skus, stored);
  const collisions = keptCombinationProblems(variants, plan, stored);
  if (collisions.length > 0) throw invalid(collisions);
  await applyPlan(tx, productId, plan, storedById, product.productSku);
  const skuOf = (id: string) => storedById.get(id)?.sku ?? id;
  return {
    added: plan.insert.map((row) => row.sku),
    updated: plan.update.map((row) => row.sku),
    removed: plan.remove.map(skuOf),
    deactivated: plan.deactivate.map(skuOf),
  };
}

/**
 * Deletes first (freeing their SKUs and combinations), then deactivates, updates and inserts.
 * The SKU and one-row-per-combination indexes are checked per statement, so rows whose SKU or
 * options change are first moved aside to values no one uses (the shape trigger waits for commit).
 */
async function applyPlan(
  tx: Db,
  productId: string,
  plan: VariantWritePlan,
  storedById: ReadonlyMap<string, StoredVariant>,
  productSku: string,
): Promise<void> {
  const now = new Date();
  if (plan.remove.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, plan.remove));
  if (plan.deactivate.length > 0) {
    await tx
      .update(productVariants)
      .set({ isActive: false, updatedAt: now })
      .where(inArray(productVariants.id, plan.deactivate));
    // A default kept for past orders still carries the product's SKU (decision 012 §1), new or not.
    const oldDefault = plan.deactivate.find((id) => isDefaultOptions(storedById.get(id)?.options ?? { x: '' }));
    if (oldDefault && storedById.get(oldDefault)?.sku !== productSku) {
      await tx.update(productVariants).set({ sku: productSku }).where(eq(productVariants.id, oldDefault));
    }
  }
  const moving = plan.update.filter((row) => {
    const before = storedById.get(row.id);
    return before && (before.sku !== row.sku || JSON.stringify(before.options) !== JSON.stringify(row.options));
  });
  for (const row of moving) {
    await tx
      .update(productVariants)
      .set({ sku: `~moving~${row.id}`, options: { '~moving~': row.id } })
      .where(eq(productVariants.id, row.id));
  }
  for (const { id, ...values } of plan.update) {
    await tx
      .update(productVariants)
      .set({ ...values, updatedAt: now })
      .where(and(eq(productVariants.id, id), eq(productVariants.productId, productId)));
  }
  if (plan.insert.length > 0) {
    await tx.insert(productVariants).values(plan.insert.map((values) => ({ ...values, productId })));
  }
}

/**
 * A write that changes the product's variations or SKU but not its variants must leave them
 * valid: variations may change only while every active combination still names one value of each
 * (else send `variants` with them; inactive rows are free), and the product's SKU may not be one
 * of its own combinations' (decision 012 §1).
 */
export function keepVariantsValid(
  stored: readonly StoredVariant[],
  change: { variations?: VariationList[]; sku?: string },
): void {
  const own = stored.filter((row) => !isDefaultOptions(row.options));
  const variations = change.variations;
  const active = own.filter((row) => row.isActive);
  if (variations !== undefined && active.some((row) => !fitsVariations(row.options, variations))) {
    throw invalid([{ path: 'variations', message: VARIATIONS_WITHOUT_VARIANTS_MESSAGE }]);
  }
  const sku = change.sku?.toLowerCase();
  if (sku !== undefined && own.some((row) => row.sku.toLowerCase() === sku)) {
    throw invalid([{ path: 'sku', message: SKU_OF_OWN_VARIANT_MESSAGE }]);
  }
}

/** Images removed from the product are unset on its variants, in the same write (decision 012 §1). */
export async function unsetRemovedImages(tx: Db, productId: string, images: readonly string[]): Promise<void> {
  await tx
    .update(productVariants)
    .set({ image: null, updatedAt: new Date() })
    .where(
      and(
        eq(productVariants.productId, productId),
        isNotNull(productVariants.image),
        images.length > 0 ? notInArray(productVariants.image, [...images]) : undefined,
      ),
    );
}

export const VARIATIONS_WITHOUT_VARIANTS_MESSAGE =
  'Some variants no longer match these variations: send the variants with them';
export const SKU_OF_OWN_VARIANT_MESSAGE = 'One of this product’s variants uses this SKU';
