import { z } from 'zod';
import { SLUG_MESSAGE, SLUG_PATTERN } from './admin-products.ts';
import { QueryBooleanSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * The admin panel's category contracts (docs/product.md#admin-endpoints, and the category writes of
 * docs/product.md#catalogue-endpoints).
 */

/** A category as staff see it: inactive ones too, with counts over every product (any status). */
export const AdminCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  parent_id: z.uuid().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  /** Products directly in this category, any status. */
  product_count: z.number().int(),
  /** Active products in it and all its sub-categories (what the storefront counts). */
  active_product_count: z.number().int(),
  child_count: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /** Unchanged demo content (docs/product.md#demo-data): "Remove demo data" would delete it. */
  is_demo: z.boolean().optional(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** `GET /admin/categories?include_inactive`: a flat list by parent then sort_order (default: active only). */
export const AdminCategoriesQuerySchema = z.object({
  include_inactive: QueryBooleanSchema.default(false),
});

export const CATEGORY_LIMITS = { name: 80, slug: 120, description: 2000, depth: 4 } as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const nameField = safeText().trim().min(1, 'Name is required').max(CATEGORY_LIMITS.name);
/** Made from the name when not given; must be unique. */
const slugField = z.preprocess(
  blankToUndefined,
  safeText().trim().toLowerCase().max(CATEGORY_LIMITS.slug).regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
);
const descriptionField = safeText().trim().max(CATEGORY_LIMITS.description);
const imageField = z.preprocess(
  blankToNull,
  safeText()
    .trim()
    .max(500)
    .refine((v) => /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(v) || /^https:\/\/[^\s"'<>]+$/.test(v), {
      message: 'Image must be an uploaded file or an https URL',
    })
    .nullable(),
);
/** null: a top-level category. A parent may not be the category itself or one of its descendants. */
const parentField = z.preprocess(blankToNull, z.uuid().nullable());
/** Default: after its last sibling. */
const sortOrderField = z.number().int().min(0).max(100_000);

/** `POST /admin/categories`, `POST /categories` (and `POST /categories/{id}`: a sub-category of {id}). */
export const CategoryCreateSchema = z.object({
  name: nameField,
  slug: slugField,
  description: descriptionField.default(''),
  image: imageField.default(null),
  parent_id: parentField.default(null),
  is_active: z.boolean().default(true),
  sort_order: sortOrderField.optional(),
});
export type CategoryCreate = z.infer<typeof CategoryCreateSchema>;
export type CategoryCreateInput = z.input<typeof CategoryCreateSchema>;

/**
 * `PUT /admin/categories/{id}`, `PUT /categories/{id}`: any subset of the fields. Built without the
 * create defaults: zod 4 applies `.default()` even inside `.partial()`, which would silently reset
 * fields the request did not send (parent_id to null, is_active to true).
 */
export const CategoryUpdateSchema = z
  .object({
    name: nameField.optional(),
    slug: slugField,
    description: descriptionField.optional(),
    image: imageField.optional(),
    parent_id: parentField.optional(),
    is_active: z.boolean().optional(),
    sort_order: sortOrderField.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Send at least one field to change');
export type CategoryUpdate = z.infer<typeof CategoryUpdateSchema>;

/**
 * `DELETE /admin/categories/{id}?move_to=`: a category that has products or sub-categories is
 * deleted only when the request says where they go: another category's id (products move into it,
 * sub-categories under it) or `none` (products become uncategorised, sub-categories top-level).
 * Without it such a delete is a 409 CONFLICT that counts what is in the way.
 */
export const CategoryDeleteQuerySchema = z.object({
  move_to: z.union([z.literal('none'), z.uuid()]).optional(),
});

/** `POST /admin/categories/reorder {categoryOrders}`: sort_order and parent for many at once, in one transaction. */
export const CategoryReorderSchema = z.object({
  categoryOrders: z
    .array(
      z.object({
        id: z.uuid(),
        sort_order: z.number().int().min(0).max(100_000),
        /** Omitted: the parent stays; null: top level. */
        parent_id: z.uuid().nullable().optional(),
      }),
    )
    .min(1, 'Send at least one category')
    .max(1000)
    .refine((orders) => new Set(orders.map((o) => o.id)).size === orders.length, 'Each category may appear once'),
});
export type CategoryReorder = z.infer<typeof CategoryReorderSchema>;

/** `GET /admin/categories/stats`. */
export const AdminCategoryStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  top_level: z.number().int(),
  /** Categories with no product directly in them and no sub-categories. */
  empty: z.number().int(),
  uncategorised_products: z.number().int(),
  by_category: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      parent_id: z.uuid().nullable(),
      is_active: z.boolean(),
      product_count: z.number().int(),
      active_product_count: z.number().int(),
      stock_units: z.number().int(),
      inventory_value_price: z.number(),
    }),
  ),
});
export type AdminCategoryStats = z.infer<typeof AdminCategoryStatsSchema>;
