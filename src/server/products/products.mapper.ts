import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import { headlineVariantOf } from '#shared/product-variants.ts';
import type { productVariants } from './product-variants.table.ts';
import type { products } from './products.table.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export interface CategoryRef {
  id: string;
  name: string;
  slug: string;
}

/**
 * docs/product.md#product: numeric fields are numbers on read; numeric text is coerced and an unrecognised
 * object-like value becomes 0 (a guard for rows written by other tools).
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

export function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

/** A variant in the storefront's shape (docs/product.md#product). */
export function toProductVariant(row: ProductVariantRow): ProductVariant {
  return {
    id: row.id,
    sku: row.sku,
    options: row.options,
    price: toNumber(row.price),
    compare_at_price: toNullableNumber(row.compareAtPrice),
    in_stock: row.stockQuantity > 0,
    stock_quantity: row.stockQuantity,
    low_stock_threshold: row.lowStockThreshold,
    image: row.image,
    sort_order: row.sortOrder,
  };
}

const DEFAULT_THRESHOLD = 5;

/** Storefront order: sort_order, then id (the order product-variants.ts loads them in). */
const bySortOrder = (a: ProductVariantRow, b: ProductVariantRow) =>
  a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The variant that speaks for the product (decision 012): the rule of `headlineVariantOf`
 * (#shared/product-variants.ts), which the `cedar_roll_up_variants` trigger applies in SQL to
 * derive products.price.
 */
export function headlineVariant(variants: readonly ProductVariantRow[]): ProductVariantRow | undefined {
  return headlineVariantOf(
    variants.map((row) => ({
      row,
      options: row.options,
      is_active: row.isActive,
      price: toNumber(row.price),
      sort_order: row.sortOrder,
      id: row.id,
    })),
  )?.row;
}

/**
 * A database row (plus its category and its variants, all of them as loaded) in the storefront's
 * shape (docs/product.md#product): `variants` lists the active ones by sort_order; price,
 * price_max, compare_at_price and stock are the rolled-up product columns.
 */
export function toProduct(
  row: ProductRow,
  category: CategoryRef | null,
  variants: readonly ProductVariantRow[],
): Product {
  const headline = headlineVariant(variants);
  const price = toNumber(row.price);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    tags: row.tags,
    category_id: row.categoryId,
    category,
    brand: row.brand,
    price,
    price_max: row.priceMax === null ? price : toNumber(row.priceMax),
    compare_at_price: toNullableNumber(row.compareAtPrice),
    images: row.images,
    in_stock: row.stockQuantity > 0,
    stock_quantity: row.stockQuantity,
    low_stock_threshold: headline?.lowStockThreshold ?? DEFAULT_THRESHOLD,
    max_per_order: row.maxPerOrder,
    featured: row.featured,
    is_active: row.isActive,
    specs: row.specs,
    variations: row.variations,
    variants: variants
      .filter((variant) => variant.isActive)
      .sort(bySortOrder)
      .map(toProductVariant),
    rating: toNumber(row.rating),
    review_count: row.reviewCount,
    weight: toNullableNumber(row.weight),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
