import { z } from 'zod';
import { FEATURED_PRODUCTS_DEFAULT, PRODUCT_SORTS, type ProductSort } from '../constants.ts';
import { PageQuerySchema, QueryBooleanSchema, SortOrderSchema } from './common.ts';

/** A product as the storefront reads it (spec §3 "Product (storefront data)" plus the shop's extras). */
export const ProductSpecSchema = z.object({ key: z.string().min(1).max(80), value: z.string().min(1).max(200) });
export const ProductVariationSchema = z.object({
  name: z.string().min(1).max(40),
  options: z.array(z.string().min(1).max(60)).min(1).max(30),
});

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
  price: z.number(),
  compare_at_price: z.number().nullable(),
  images: z.array(z.string()),
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  low_stock_threshold: z.number().int(),
  featured: z.boolean(),
  is_active: z.boolean(),
  specs: z.array(ProductSpecSchema),
  variations: z.array(ProductVariationSchema),
  rating: z.number(),
  review_count: z.number().int(),
  weight: z.number().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type { ProductSort };

/** `GET /products` query. The foundation implements paging and the default order; issue 4 adds the filters. */
export const ProductListQuerySchema = PageQuerySchema.extend({
  category: z.string().min(1).max(120).optional(),
  featured: QueryBooleanSchema.optional(),
  sort: ProductSortSchema.default('featured'),
  sort_order: SortOrderSchema.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const FeaturedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(FEATURED_PRODUCTS_DEFAULT),
});
