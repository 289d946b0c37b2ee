import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from '../constants.ts';
import { PageQuerySchema, QueryBooleanSchema, SortOrderSchema } from './common.ts';
import { ProductSchema, ProductSpecSchema, ProductVariantSchema, ProductVariationSchema } from './products.ts';
import { safeText } from './text.ts';

/**
 * The admin panel's product contracts (docs/product.md#admin-endpoints, and the product writes of
 * docs/product.md#catalogue-endpoints).
 * Server routes validate with these and the product editor's form uses the same schemas, so a
 * rule is written once.
 */

/** in: above its low-stock threshold; low: 1..threshold left; out: none left. */
export const STOCK_STATES = ['in', 'low', 'out'] as const;
export const StockStateSchema = z.enum(STOCK_STATES);
export type StockState = z.infer<typeof StockStateSchema>;

export function stockStateOf(stockQuantity: number, lowStockThreshold: number): StockState {
  if (stockQuantity <= 0) return 'out';
  return stockQuantity <= lowStockThreshold ? 'low' : 'in';
}

/** A variant as staff see it: inactive ones too (a variant orders refer to is deactivated, not deleted). */
export const AdminProductVariantSchema = ProductVariantSchema.extend({
  cost_price: z.number().nullable(),
  is_active: z.boolean(),
  stock_state: StockStateSchema,
});
export type AdminProductVariant = z.infer<typeof AdminProductVariantSchema>;

/**
 * What the panel reads: the storefront product plus the fields only staff see. `cost_price` is
 * the headline variant's; `variants` lists every variant, inactive too. `stock_state`: out when
 * every active variant is out, low when any is at or below its threshold, else in.
 */
export const AdminProductSchema = ProductSchema.extend({
  cost_price: z.number().nullable(),
  stock_state: StockStateSchema,
  variants: z.array(AdminProductVariantSchema),
  /** Unchanged demo content (docs/product.md#demo-data): "Remove demo data" would delete it. */
  is_demo: z.boolean().optional(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const ADMIN_PRODUCT_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'name',
  'sku',
  'price',
  'stock_quantity',
] as const;

/** `GET /admin/products`: every product, inactive too. Default order: newest first. */
export const AdminProductsQuerySchema = PageQuerySchema.extend({
  /** Name, SKU, slug, brand or tag (case-insensitive substring). */
  search: safeText().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  /** Category id or slug; includes its sub-categories. `none` lists uncategorised products. */
  category: safeText().trim().min(1).max(120).optional(),
  brand: safeText().trim().min(1).max(80).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  stock: StockStateSchema.optional(),
  featured: QueryBooleanSchema.optional(),
  sort_by: z.enum(ADMIN_PRODUCT_SORT_FIELDS).default('created_at'),
  sort_order: SortOrderSchema.default('desc'),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuerySchema>;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Use lowercase letters, digits and single hyphens';
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const SKU_MESSAGE = 'Use letters, digits, dots, slashes, hyphens or underscores';
/** What a product may sell to one order unless the admin says otherwise (the column's default too). */
export const DEFAULT_MAX_PER_ORDER = 10;
export const PRODUCT_LIMITS = {
  name: 200,
  slug: 120,
  sku: 64,
  description: 20_000,
  brand: 80,
  tag: 40,
  tags: 30,
  images: 12,
  specs: 50,
  variations: 10,
  price: 1_000_000,
  stock: 1_000_000,
  /** A line holds at most 100 (ORDER_LINE_MAX_QUANTITY), so a higher limit would mean nothing. */
  maxPerOrder: 100,
  weight: 100_000,
  /** Variants (combinations of the variations' values) one product may have. */
  variants: 100,
} as const;

/** "" and null both mean "no value" for optional text and numbers typed in a form. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const blankToNull = (value: unknown) =>
  value === '' || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * A number typed as text or sent as a number; at most 2 decimals (amounts are cents,
 * docs/product.md#money-and-totals).
 */
export function money(label: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .max(PRODUCT_LIMITS.price, `${label} must be at most ${PRODUCT_LIMITS.price}`)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label} has at most 2 decimals`),
  );
}

export function wholeNumber(label: string, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/** `/uploads/...` (our own files) or an https URL. */
export const ProductImageUrlSchema = safeText()
  .trim()
  .max(500)
  .refine((value) => /^\/uploads\/[A-Za-z0-9/_.-]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value), {
    message: 'Image must be an uploaded file or an https URL',
  });

const COMPARE_AT_MESSAGE = 'Compare-at price must be above the price';

const optionalCost = () =>
  z.preprocess(
    blankToNull,
    money('Cost price')
      .refine((value) => value >= 0, 'Cost price cannot be negative')
      .nullable(),
  );

/**
 * One variant in a product write (decision 012). The set sent is the whole set: rows with `id`
 * are updated, rows without are added, missing rows are deleted (or deactivated when order lines
 * refer to them). A blank SKU becomes `<product sku>-<values>`. `options` must name every
 * variation once with one of its values; `{}` is the one default variant of a product without
 * its own combinations. The server checks both against the product as it will be.
 */
export const ProductVariantWriteSchema = z
  .object({
    id: z.uuid().optional(),
    sku: z.preprocess(
      blankToUndefined,
      safeText().trim().max(PRODUCT_LIMITS.sku).regex(SKU_PATTERN, SKU_MESSAGE).optional(),
    ),
    options: z.record(safeText().trim().min(1).max(40), safeText().trim().min(1).max(60)),
    price: money('Price').refine((value) => value > 0, 'Price must be greater than 0'),
    compare_at_price: z.preprocess(blankToNull, money('Compare-at price').nullable()).default(null),
    cost_price: optionalCost().default(null),
    stock_quantity: wholeNumber('Stock', PRODUCT_LIMITS.stock).default(0),
    low_stock_threshold: wholeNumber('Low-stock threshold', PRODUCT_LIMITS.stock).default(5),
    image: z.preprocess(blankToNull, ProductImageUrlSchema.nullable()).default(null),
    is_active: z.boolean().default(true),
    sort_order: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.compare_at_price !== null && value.compare_at_price <= value.price) {
      ctx.addIssue({ code: 'custom', path: ['compare_at_price'], message: COMPARE_AT_MESSAGE });
    }
  });
export type ProductVariantWrite = z.infer<typeof ProductVariantWriteSchema>;
export type ProductVariantWriteInput = z.input<typeof ProductVariantWriteSchema>;

/** Sent with `variants`: the product-level price and stock fields would say something else. */
export const VARIANTS_AND_PRICE_MESSAGE = 'Set prices and stock on the variants';
/** The product-level fields that write the default variant when `variants` is not sent. */
export const DEFAULT_VARIANT_FIELDS = [
  'price',
  'compare_at_price',
  'cost_price',
  'stock_quantity',
  'low_stock_threshold',
] as const;

const ProductFieldsSchema = z.object({
  name: safeText().trim().min(1, 'Name is required').max(PRODUCT_LIMITS.name),
  /** Made from the name when not given; must be unique. */
  slug: z.preprocess(
    blankToUndefined,
    safeText().trim().toLowerCase().max(PRODUCT_LIMITS.slug).regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
  ),
  /** Generated when not given; must be unique (case-insensitive). */
  sku: z.preprocess(
    blankToUndefined,
    safeText().trim().max(PRODUCT_LIMITS.sku).regex(SKU_PATTERN, SKU_MESSAGE).optional(),
  ),
  description: safeText().trim().max(PRODUCT_LIMITS.description),
  brand: z.preprocess(blankToNull, safeText().trim().max(PRODUCT_LIMITS.brand).nullable()),
  category_id: z.preprocess(blankToNull, z.uuid('Pick a category').nullable()),
  tags: z
    .array(safeText().trim().min(1).max(PRODUCT_LIMITS.tag))
    .max(PRODUCT_LIMITS.tags, `At most ${PRODUCT_LIMITS.tags} tags`)
    .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]),
  price: money('Price').refine((value) => value > 0, 'Price must be greater than 0'),
  compare_at_price: z.preprocess(blankToNull, money('Compare-at price').nullable()),
  cost_price: optionalCost(),
  stock_quantity: wholeNumber('Stock', PRODUCT_LIMITS.stock),
  low_stock_threshold: wholeNumber('Low-stock threshold', PRODUCT_LIMITS.stock),
  max_per_order: wholeNumber('Max per order', PRODUCT_LIMITS.maxPerOrder).refine(
    (value) => value >= 1,
    'Max per order must be at least 1',
  ),
  featured: z.boolean(),
  is_active: z.boolean(),
  /** The first image is the cart and card image. */
  images: z.array(ProductImageUrlSchema).max(PRODUCT_LIMITS.images, `At most ${PRODUCT_LIMITS.images} images`),
  specs: z.array(ProductSpecSchema).max(PRODUCT_LIMITS.specs),
  variations: z
    .array(ProductVariationSchema)
    .max(PRODUCT_LIMITS.variations)
    .refine(
      (variations) => new Set(variations.map((v) => v.name.toLowerCase())).size === variations.length,
      'Each variation needs its own name',
    ),
  variants: z
    .array(ProductVariantWriteSchema)
    .min(1, 'Add at least one variant')
    .max(PRODUCT_LIMITS.variants, `At most ${PRODUCT_LIMITS.variants} variants`),
  weight: z.preprocess(
    blankToNull,
    z.preprocess(
      (value) => (typeof value === 'string' ? Number(value) : value),
      z.number().finite().min(0, 'Weight cannot be negative').max(PRODUCT_LIMITS.weight).nullable(),
    ),
  ),
});

const fields = ProductFieldsSchema.shape;
/**
 * The defaults a new product gets. They live only on the create schema: zod 4 applies a default
 * even inside .partial(), so defaults on the shared fields would make every partial update reset
 * the fields it did not send.
 */
const ProductCreateFieldsSchema = ProductFieldsSchema.extend({
  description: fields.description.default(''),
  brand: fields.brand.default(null),
  category_id: fields.category_id.default(null),
  tags: fields.tags.default([]),
  // The default variant's fields have no defaults here: sent together with `variants` they are
  // refused, so the server must see whether they were sent (it applies null, 0 and 5 itself).
  price: fields.price.optional(),
  compare_at_price: fields.compare_at_price.optional(),
  cost_price: fields.cost_price.optional(),
  stock_quantity: fields.stock_quantity.optional(),
  low_stock_threshold: fields.low_stock_threshold.optional(),
  variants: fields.variants.optional(),
  max_per_order: fields.max_per_order.default(DEFAULT_MAX_PER_ORDER),
  featured: fields.featured.default(false),
  is_active: fields.is_active.default(true),
  images: fields.images.default([]),
  specs: fields.specs.default([]),
  variations: fields.variations.default([]),
  weight: fields.weight.default(null),
});

/** Either `variants`, or the default variant's fields at the top level (price required), never both. */
function checkVariantFields(
  value: { variants?: unknown } & Partial<Record<(typeof DEFAULT_VARIANT_FIELDS)[number], unknown>>,
  ctx: z.RefinementCtx,
  requirePrice: boolean,
): void {
  if (value.variants !== undefined) {
    if (DEFAULT_VARIANT_FIELDS.some((field) => value[field] !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: VARIANTS_AND_PRICE_MESSAGE });
    }
    return;
  }
  if (requirePrice && value.price === undefined) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price is required' });
  }
  const { price, compare_at_price: compareAt } = value;
  if (typeof price === 'number' && typeof compareAt === 'number' && compareAt <= price) {
    ctx.addIssue({ code: 'custom', path: ['compare_at_price'], message: COMPARE_AT_MESSAGE });
  }
}

/** `POST /admin/products` and `POST /products`. */
export const ProductCreateSchema = ProductCreateFieldsSchema.superRefine((value, ctx) =>
  checkVariantFields(value, ctx, true),
);
export type ProductCreate = z.infer<typeof ProductCreateSchema>;
export type ProductCreateInput = z.input<typeof ProductCreateSchema>;

/**
 * `PUT /admin/products/{id}` and `PUT /products/{id}`: any subset of the fields. The server checks
 * compare_at_price against the stored price when only one of the two is sent.
 */
export const ProductUpdateSchema = ProductFieldsSchema.partial()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change')
  .superRefine((value, ctx) => checkVariantFields(value, ctx, false));
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;
export { COMPARE_AT_MESSAGE };

/** `DELETE /admin/products/{id}`: 204 when deleted; 200 with this when orders keep it (archived instead). */
export const ProductArchivedSchema = z.object({
  data: z.object({ id: z.uuid(), archived: z.literal(true) }),
  message: z.string(),
});
export const PRODUCT_ARCHIVED_MESSAGE =
  'This product appears in orders, so it was archived (deactivated and hidden from the store) instead of deleted.';

/** Most products one bulk request may change. */
export const BULK_MAX_PRODUCTS = 500;
export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'delete',
  'set_featured',
  'set_category',
  'adjust_price',
  'set_stock',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const ProductIdsSchema = z
  .array(z.uuid())
  .min(1, 'Select at least one product')
  .max(BULK_MAX_PRODUCTS, `At most ${BULK_MAX_PRODUCTS} products at once`)
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /admin/products/bulk {action, productIds, updateData}`: all or nothing in one transaction.
 * adjust_price: `percent` (-90..1000) or `amount` (dollars, may be negative); every new price must
 * stay above 0, and a compare-at price that would no longer be above the new price is cleared.
 * delete: products that orders reference are archived instead (counted in `archived`).
 */
export const BulkProductsRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), productIds: ProductIdsSchema }),
  z.object({ action: z.literal('deactivate'), productIds: ProductIdsSchema }),
  z.object({ action: z.literal('delete'), productIds: ProductIdsSchema }),
  z.object({
    action: z.literal('set_featured'),
    productIds: ProductIdsSchema,
    updateData: z.object({ featured: z.boolean() }),
  }),
  z.object({
    action: z.literal('set_category'),
    productIds: ProductIdsSchema,
    updateData: z.object({ category_id: z.uuid().nullable() }),
  }),
  z.object({
    action: z.literal('adjust_price'),
    productIds: ProductIdsSchema,
    updateData: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('percent'),
        value: z
          .number()
          .min(-90)
          .max(1000)
          .refine((v) => v !== 0, 'Must not be 0'),
      }),
      z.object({
        type: z.literal('amount'),
        value: z
          .number()
          .min(-PRODUCT_LIMITS.price)
          .max(PRODUCT_LIMITS.price)
          .refine((v) => v !== 0, 'Must not be 0'),
      }),
    ]),
  }),
  z.object({
    action: z.literal('set_stock'),
    productIds: ProductIdsSchema,
    updateData: z.object({ stock_quantity: z.number().int().min(0).max(PRODUCT_LIMITS.stock) }),
  }),
]);
export type BulkProductsRequest = z.infer<typeof BulkProductsRequestSchema>;

export const BulkProductsResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  /** Products changed (for delete: removed plus archived). */
  affected: z.number().int(),
  /** delete only: how many were archived because orders reference them. */
  archived: z.number().int(),
});
export type BulkProductsResult = z.infer<typeof BulkProductsResultSchema>;

/** `GET /admin/products/stats`. Inventory values count only stock on hand (cost: where a cost is known). */
export const AdminProductStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  featured: z.number().int(),
  out_of_stock: z.number().int(),
  /** Under or at each product's own threshold, but not out. */
  low_stock: z.number().int(),
  stock_units: z.number().int(),
  inventory_value_cost: z.number(),
  inventory_value_price: z.number(),
  by_category: z.array(
    z.object({
      /** null: uncategorised products. */
      category_id: z.uuid().nullable(),
      name: z.string(),
      products: z.number().int(),
      active: z.number().int(),
      stock_units: z.number().int(),
      inventory_value_price: z.number(),
    }),
  ),
});
export type AdminProductStats = z.infer<typeof AdminProductStatsSchema>;
