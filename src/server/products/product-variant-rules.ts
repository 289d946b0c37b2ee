import type { ProductVariantWrite } from '#shared/contracts/admin-products.ts';
import { PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import type { FieldError } from '#shared/contracts/common.ts';
import { defaultVariantSku, headlineVariantOf, optionsKey } from '#shared/product-variants.ts';

/**
 * The rules of a product's variant set, pure (decision 012 §1 and §5, docs/product.md#admin-product-writes):
 * what a set may look like against the product's variations as they will be after the write, which
 * SKU each row gets, and which stored rows the write updates, inserts, deletes or deactivates. The
 * shape rule holds for the ACTIVE variants; inactive rows are free, because a variant that order
 * lines refer to is deactivated, never deleted (a cancel returns its stock to it).
 * `product-writes.service.ts` reads the database and applies the plan; the shape trigger
 * `cedar_check_product_variants` (migration 0009) holds every other writer to the same shape.
 */

export interface VariationList {
  name: string;
  options: string[];
}

/** The product as it will be after the write. */
export interface VariantSetContext {
  variations: readonly VariationList[];
  images: readonly string[];
  /** The product's SKU after the write. */
  productSku: string;
}

export const DEFAULT_NOT_ALONE_MESSAGE = 'A variant without options must be the only active variant';
export const DUPLICATE_COMBINATION_MESSAGE = 'This combination is already a variant';
export const TOO_MANY_VARIANTS_MESSAGE = `At most ${PRODUCT_LIMITS.variants} variants`;
export const VARIANT_IMAGE_MESSAGE = "Choose one of this product's images";
export const DUPLICATE_VARIANT_SKU_MESSAGE = 'This SKU is already used by another variant';
export const PRODUCT_SKU_ON_VARIANT_MESSAGE = "Only a product's single default variant may use the product's SKU";
export const DEFAULT_VARIANT_SKU_MESSAGE = "The default variant uses the product's SKU: change the SKU of the product";
export const UNKNOWN_VARIANT_MESSAGE = 'This variant is not one of this product’s variants';
export const REPEATED_VARIANT_MESSAGE = 'This variant is listed twice';

/** "Memory: choose one of 2 GB, 4 GB, 8 GB". */
export function chooseOneMessage(variation: VariationList): string {
  return `${variation.name}: choose one of ${variation.options.join(', ')}`;
}

export function unknownVariationMessage(name: string): string {
  return `${name} is not one of this product's variations`;
}

export const isDefaultOptions = (options: Readonly<Record<string, string>>): boolean =>
  Object.keys(options).length === 0;

/** Whether `options` names every variation exactly once with one of its values (a non-default variant). */
export function fitsVariations(
  options: Readonly<Record<string, string>>,
  variations: readonly VariationList[],
): boolean {
  const names = Object.keys(options);
  if (names.length === 0 || names.length !== variations.length) return false;
  return variations.every((variation) => {
    const value = options[variation.name];
    return value !== undefined && variation.options.includes(value);
  });
}

/**
 * Everything wrong with a variant set against the product as it will be, at `variants.{i}.…`
 * paths. Empty when the set may be written (SKUs are checked in `resolveVariantSkus`). The active
 * rows are one default variant alone, or combinations of the variations. An inactive row is free
 * when it is the default or keeps the options of the stored row it writes (`storedOptions`, by
 * sent row: an old default or a combination of a value since removed, kept for past orders); a
 * new or changed inactive combination must still fit the variations.
 */
export function variantSetProblems(
  variants: readonly (Pick<ProductVariantWrite, 'options' | 'image'> & { is_active?: boolean })[],
  context: Pick<VariantSetContext, 'variations' | 'images'>,
  storedOptions: readonly (Readonly<Record<string, string>> | null)[] = [],
): FieldError[] {
  const problems: FieldError[] = [];
  if (variants.length === 0) return [{ path: 'variants', message: 'Add at least one variant' }];
  if (variants.length > PRODUCT_LIMITS.variants) return [{ path: 'variants', message: TOO_MANY_VARIANTS_MESSAGE }];
  const isActive = (variant: { is_active?: boolean }) => variant.is_active !== false;
  const activeCount = variants.filter(isActive).length;
  const seen = new Set<string>();
  variants.forEach((variant, index) => {
    const at = `variants.${index}`;
    const key = optionsKey(variant.options);
    if (seen.has(key)) problems.push({ path: `${at}.options`, message: DUPLICATE_COMBINATION_MESSAGE });
    seen.add(key);
    const before = storedOptions[index];
    const kept = !isActive(variant) && before != null && optionsKey(before) === key;
    if (isDefaultOptions(variant.options)) {
      if (isActive(variant) && activeCount > 1) {
        problems.push({ path: `${at}.options`, message: DEFAULT_NOT_ALONE_MESSAGE });
      }
    } else if (!kept) {
      for (const name of Object.keys(variant.options)) {
        if (!context.variations.some((variation) => variation.name === name)) {
          problems.push({ path: `${at}.options.${name}`, message: unknownVariationMessage(name) });
        }
      }
      for (const variation of context.variations) {
        const value = variant.options[variation.name];
        if (value === undefined || !variation.options.includes(value)) {
          problems.push({ path: `${at}.options.${variation.name}`, message: chooseOneMessage(variation) });
        }
      }
    }
    if (variant.image !== null && !context.images.includes(variant.image)) {
      problems.push({ path: `${at}.image`, message: VARIANT_IMAGE_MESSAGE });
    }
  });
  return problems;
}

/** A stored variant of the product being written. */
export interface StoredVariant {
  id: string;
  sku: string;
  options: Record<string, string>;
  isActive: boolean;
  /** Order lines refer to it: it is deactivated instead of deleted when it leaves the set. */
  hasOrders: boolean;
}

/**
 * Which stored row each sent row writes: its `id`, else the stored row with the same options that
 * no other sent row names (re-adding a removed combination revives its row, whose orders still
 * point at it, instead of colliding with it on the one-row-per-combination index). Problems for
 * ids that are not the product's or are sent twice.
 */
export function matchStoredRows(
  variants: readonly Pick<ProductVariantWrite, 'id' | 'options'>[],
  stored: readonly StoredVariant[],
): { ids: (string | null)[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const storedIds = new Set(stored.map((row) => row.id));
  const named = new Set<string>();
  variants.forEach((variant, index) => {
    if (variant.id === undefined) return;
    if (!storedIds.has(variant.id)) problems.push({ path: `variants.${index}.id`, message: UNKNOWN_VARIANT_MESSAGE });
    else if (named.has(variant.id)) problems.push({ path: `variants.${index}.id`, message: REPEATED_VARIANT_MESSAGE });
    named.add(variant.id);
  });
  const free = new Map(stored.filter((row) => !named.has(row.id)).map((row) => [optionsKey(row.options), row.id]));
  const ids = variants.map((variant) => {
    if (variant.id !== undefined) return variant.id;
    const key = optionsKey(variant.options);
    const id = free.get(key) ?? null;
    free.delete(key);
    return id;
  });
  return { ids, problems };
}

/** The candidates a blank SKU may take, in order: the base, then base-2, base-3… */
export function skuCandidates(base: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? base : `${base}-${index + 1}`));
}

/**
 * The SKU each row gets (decision 012 §5): a default variant always has the product's SKU; a typed
 * SKU is kept; a blank one keeps the stored row's SKU, or for a new row becomes
 * `defaultVariantSku` (`RPI4-8-GB`), then `-2`, `-3`… when taken. `isTaken` says whether a SKU
 * (lowercase) is used outside this set (another product, another product's variant, or one of this
 * product's variants that stays outside the set). Typed SKUs that collide inside the set or take
 * the product's SKU are problems here; collisions with other products are the caller's (a 409).
 */
export function resolveVariantSkus(
  variants: readonly Pick<ProductVariantWrite, 'sku' | 'options'>[],
  storedSkus: readonly (string | null)[],
  context: Pick<VariantSetContext, 'variations' | 'productSku'>,
  isTaken: (lowerSku: string) => boolean,
): { skus: string[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const productSku = context.productSku.toLowerCase();
  const skus: (string | null)[] = variants.map((variant, index) => {
    if (isDefaultOptions(variant.options)) {
      if (variant.sku !== undefined && variant.sku.toLowerCase() !== productSku) {
        problems.push({ path: `variants.${index}.sku`, message: DEFAULT_VARIANT_SKU_MESSAGE });
      }
      return context.productSku;
    }
    return variant.sku ?? storedSkus[index] ?? null;
  });
  // Typed and kept SKUs first, so a generated one steps around them.
  const used = new Set<string>();
  skus.forEach((sku, index) => {
    if (sku === null || isDefaultOptions(variants[index]?.options ?? {})) return;
    const lower = sku.toLowerCase();
    if (lower === productSku) {
      problems.push({ path: `variants.${index}.sku`, message: PRODUCT_SKU_ON_VARIANT_MESSAGE });
    } else if (used.has(lower)) {
      problems.push({ path: `variants.${index}.sku`, message: DUPLICATE_VARIANT_SKU_MESSAGE });
    }
    used.add(lower);
  });
  const resolved = skus.map((sku, index) => {
    if (sku !== null) return sku;
    const base = defaultVariantSku(context.productSku, variants[index]?.options ?? {}, context.variations).slice(
      0,
      PRODUCT_LIMITS.sku - 4,
    );
    const free = skuCandidates(base, PRODUCT_LIMITS.variants * 2 + 2).find((candidate) => {
      const lower = candidate.toLowerCase();
      return lower !== productSku && !used.has(lower) && !isTaken(lower);
    }) as string;
    used.add(free.toLowerCase());
    return free;
  });
  return { skus: resolved, problems };
}

/** One row to write, in the table's terms (money in dollars). */
export interface VariantRowValues {
  sku: string;
  options: Record<string, string>;
  price: number;
  compareAtPrice: number | null;
  costPrice: number | null;
  stockQuantity: number;
  lowStockThreshold: number;
  image: string | null;
  isActive: boolean;
  sortOrder: number;
}

export interface VariantWritePlan {
  insert: VariantRowValues[];
  update: (VariantRowValues & { id: string })[];
  /** Stored rows that leave the set and no order line refers to. */
  remove: string[];
  /**
   * Stored rows that leave the set but order lines refer to: kept, inactive, whatever their
   * options (a value since removed, the old default beside combinations): the shape rule counts
   * active rows only, and a deleted row would null its lines' variant_id, so cancelling them
   * would return no stock (decision 012 §1).
   */
  deactivate: string[];
}

/**
 * The write: sent rows matched to stored ones update them, the others are inserted; stored rows
 * left out are deleted, or deactivated when order lines refer to them.
 */
export function planVariantWrite(
  variants: readonly ProductVariantWrite[],
  matchedIds: readonly (string | null)[],
  skus: readonly string[],
  stored: readonly StoredVariant[],
): VariantWritePlan {
  const plan: VariantWritePlan = { insert: [], update: [], remove: [], deactivate: [] };
  // The set's order is the shop's order: by sort_order, then as sent; stored as 0, 1, 2…
  const rank = new Map(
    variants
      .map((variant, index) => ({ sortOrder: variant.sort_order, index }))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.index - b.index)
      .map((entry, position) => [entry.index, position]),
  );
  variants.forEach((variant, index) => {
    const values: VariantRowValues = {
      sku: skus[index] as string,
      options: variant.options,
      price: variant.price,
      compareAtPrice: variant.compare_at_price,
      costPrice: variant.cost_price,
      stockQuantity: variant.stock_quantity,
      lowStockThreshold: variant.low_stock_threshold,
      image: variant.image,
      isActive: variant.is_active,
      sortOrder: rank.get(index) ?? index,
    };
    const id = matchedIds[index];
    if (id) plan.update.push({ ...values, id });
    else plan.insert.push(values);
  });
  const kept = new Set(matchedIds.filter((id): id is string => id !== null));
  for (const row of stored) {
    if (kept.has(row.id)) continue;
    if (row.hasOrders) plan.deactivate.push(row.id);
    else plan.remove.push(row.id);
  }
  return plan;
}

export const COMBINATION_KEPT_MESSAGE =
  'This combination is a variant kept for past orders: send it with its id to use it again';

/**
 * Sent rows whose options equal those of a stored row the write keeps inactive (a row named by
 * id and given another row's options): the one-row-per-combination index would refuse the pair.
 */
export function keptCombinationProblems(
  variants: readonly Pick<ProductVariantWrite, 'options'>[],
  plan: Pick<VariantWritePlan, 'deactivate'>,
  stored: readonly StoredVariant[],
): FieldError[] {
  const deactivated = new Set(
    stored.filter((row) => plan.deactivate.includes(row.id)).map((row) => optionsKey(row.options)),
  );
  return variants.flatMap((variant, index) =>
    deactivated.has(optionsKey(variant.options))
      ? [{ path: `variants.${index}.options`, message: COMBINATION_KEPT_MESSAGE }]
      : [],
  );
}

/**
 * The values a new product row starts with, as the roll-up trigger would derive them from its
 * variants (decision 012 §1: the headline variant's price and compare-at, `headlineVariantOf`;
 * the highest active price; the active stock summed); the insert needs `price > 0` before the
 * variants exist.
 */
export function headlineOf(variants: readonly ProductVariantWrite[]): {
  price: number;
  compareAtPrice: number | null;
  priceMax: number;
  stockQuantity: number;
} {
  const active = variants.filter((variant) => variant.is_active);
  const headline = headlineVariantOf(variants);
  return {
    price: headline?.price ?? 0,
    compareAtPrice: headline?.compare_at_price ?? null,
    priceMax: Math.max(headline?.price ?? 0, ...active.map((variant) => variant.price)),
    stockQuantity: active.reduce((sum, variant) => sum + variant.stock_quantity, 0),
  };
}
