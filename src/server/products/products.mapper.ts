import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import type { products } from './products.table.ts';

export type ProductRow = typeof products.$inferSelect;
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

/** PLACEHOLDER (issue 20, step 1 replaces it with product_variants rows): the row as its one default variant. */
function placeholderDefaultVariant(row: ProductRow): ProductVariant {
  return {
    id: row.id,
    sku: row.sku,
    options: {},
    price: toNumber(row.price),
    compare_at_price: toNullableNumber(row.compareAtPrice),
    in_stock: row.stockQuantity > 0,
    stock_quantity: row.stockQuantity,
    low_stock_threshold: row.lowStockThreshold,
    image: null,
    sort_order: 0,
  };
}

/** A database row (plus its category) in the storefront's shape (docs/product.md#product). */
export function toProduct(row: ProductRow, category: CategoryRef | null): Product {
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
    price: toNumber(row.price),
    price_max: toNumber(row.price),
    compare_at_price: toNullableNumber(row.compareAtPrice),
    images: row.images,
    in_stock: row.stockQuantity > 0,
    stock_quantity: row.stockQuantity,
    low_stock_threshold: row.lowStockThreshold,
    max_per_order: row.maxPerOrder,
    featured: row.featured,
    is_active: row.isActive,
    specs: row.specs,
    variations: row.variations,
    variants: [placeholderDefaultVariant(row)],
    rating: toNumber(row.rating),
    review_count: row.reviewCount,
    weight: toNullableNumber(row.weight),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
