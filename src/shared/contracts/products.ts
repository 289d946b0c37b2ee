import { z } from 'zod';
import { FEATURED_PRODUCTS_DEFAULT, PRODUCT_SORTS, type ProductSort, SEARCH_QUERY_MAX_LENGTH } from '../constants.ts';
import { checkPriceRange, PageQuerySchema, QueryBooleanSchema } from './common.ts';
import { safeText } from './text.ts';

/** A product as the storefront reads it (docs/product.md#product plus the shop's extras). */
export const ProductSpecSchema = z.object({ key: safeText().min(1).max(80), value: safeText().min(1).max(200) });
export const ProductVariationSchema = z.object({
  name: safeText().min(1).max(40),
  options: z.array(safeText().min(1).max(60)).min(1).max(30),
});

/**
 * One sellable combination of a product's variations (decision 012): its own SKU, price, stock
 * and photo. `options` names every variation once (`{Memory: "8 GB"}`); `{}` is the default
 * variant, which every product without its own combinations has exactly one of. The storefront
 * sees active variants only, by `sort_order`.
 */
export const ProductVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  compare_at_price: z.number().nullable(),
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  /** One of the product's images; null: the product's first image. */
  image: z.string().nullable(),
  sort_order: z.number().int(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const ProductCategoryRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

export const ProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  category_id: z.uuid().nullable(),
  category: ProductCategoryRefSchema.nullable(),
  brand: z.string().nullable(),
  /**
   * The headline variant's price (docs/product.md#product): the lowest-priced active variant
   * (the default when it is active). `price_max` is the highest active variant's (= price with one).
   */
  price: z.number(),
  price_max: z.number(),
  compare_at_price: z.number().nullable(),
  images: z.array(z.string()),
  /** Stock over all active variants (a product is in stock while any variant is). */
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  /** The headline variant's threshold. */
  low_stock_threshold: z.number().int(),
  /** The most of this product one order may hold; the cart stops there (issue 18). */
  max_per_order: z.number().int(),
  featured: z.boolean(),
  is_active: z.boolean(),
  specs: z.array(ProductSpecSchema),
  variations: z.array(ProductVariationSchema),
  /** Active variants by sort_order; at least one for a product the store sells. */
  variants: z.array(ProductVariantSchema),
  rating: z.number(),
  review_count: z.number().int(),
  weight: z.number().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type { ProductSort };

/** A price bound in a query string: a non-negative number of dollars. */
const QueryPriceSchema = z.coerce.number().min(0).max(1_000_000);

/**
 * `GET /products` query: paging, the filters of POST /search as query parameters, and `sort`.
 * `brand` may repeat (`brand=A&brand=B`) or list several with commas. Without `sort` the order is
 * featured then newest, or relevance when `q` is given.
 */
export const ProductListQuerySchema = PageQuerySchema.extend({
  q: safeText().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  /** Same as q (docs/product.md#api-conventions: list endpoints take `search`). */
  search: safeText().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  category: safeText().trim().min(1).max(120).optional(),
  brand: z
    .union([safeText(), z.array(safeText()).max(50)])
    .optional()
    .transform((value) => {
      if (value === undefined) return undefined;
      const brands = (Array.isArray(value) ? value : [value])
        .flatMap((entry) => entry.split(','))
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      return brands.length > 0 ? brands : undefined;
    }),
  featured: QueryBooleanSchema.optional(),
  in_stock: QueryBooleanSchema.optional(),
  minPrice: QueryPriceSchema.optional(),
  maxPrice: QueryPriceSchema.optional(),
  sort: ProductSortSchema.optional(),
}).superRefine((value, ctx) => checkPriceRange(value, ctx));
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const FeaturedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(FEATURED_PRODUCTS_DEFAULT),
});
