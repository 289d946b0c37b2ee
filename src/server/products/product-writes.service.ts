import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { orderItems } from '#server/orders/orders.table.ts';
import {
  type AdminProduct,
  COMPARE_AT_MESSAGE,
  PRODUCT_ARCHIVED_MESSAGE,
  type ProductCreate,
  type ProductUpdate,
} from '#shared/contracts/admin-products.ts';
import { getAdminProduct } from './admin-products.service.ts';
import {
  assertSkuFree,
  assertSlugFree,
  generateSku,
  rethrowUniqueViolation,
  uniqueSlugFor,
} from './product-identity.ts';
import { headlineOf } from './product-variant-rules.ts';
import {
  keepVariantsValid,
  lockStoredVariants,
  unsetRemovedImages,
  type VariantSetChanges,
  writeVariantSet,
} from './product-variant-writes.ts';
import { productVariants } from './product-variants.table.ts';
import { products } from './products.table.ts';

type ProductInsert = typeof products.$inferInsert;
type VariantInsert = typeof productVariants.$inferInsert;
type WritableField = keyof ProductCreate;

/**
 * Contract field → product column. Money goes in as dollars; moneyColumn stores it as
 * numeric(12,2). Price, compare-at, cost, stock and threshold are the variants' (decision 012):
 * see defaultVariantColumns.
 */
function toColumns(fields: Partial<ProductCreate>): Partial<ProductInsert> {
  const columns: Partial<ProductInsert> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.slug !== undefined) columns.slug = fields.slug;
  if (fields.sku !== undefined) columns.sku = fields.sku;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.brand !== undefined) columns.brand = fields.brand;
  if (fields.category_id !== undefined) columns.categoryId = fields.category_id;
  if (fields.tags !== undefined) columns.tags = fields.tags;
  if (fields.max_per_order !== undefined) columns.maxPerOrder = fields.max_per_order;
  if (fields.featured !== undefined) columns.featured = fields.featured;
  if (fields.is_active !== undefined) columns.isActive = fields.is_active;
  if (fields.images !== undefined) columns.images = fields.images;
  if (fields.specs !== undefined) columns.specs = fields.specs;
  if (fields.variations !== undefined) columns.variations = fields.variations;
  if (fields.weight !== undefined) columns.weight = fields.weight;
  return columns;
}

/** The top-level fields that write the product's default variant (docs/product.md#product). */
function defaultVariantColumns(fields: Partial<ProductCreate>): Partial<VariantInsert> {
  const columns: Partial<VariantInsert> = {};
  if (fields.price !== undefined) columns.price = fields.price;
  if (fields.compare_at_price !== undefined) columns.compareAtPrice = fields.compare_at_price;
  if (fields.cost_price !== undefined) columns.costPrice = fields.cost_price;
  if (fields.stock_quantity !== undefined) columns.stockQuantity = fields.stock_quantity;
  if (fields.low_stock_threshold !== undefined) columns.lowStockThreshold = fields.low_stock_threshold;
  return columns;
}

/**
 * Locks the product's variants in id order BEFORE its row (decision 012 §3, the lock order of
 * every writer: variants, then products). An order holds a variant and waits for the product in
 * the roll-up; an editor holding the product first would wait for that variant: a deadlock.
 */
async function lockVariants(tx: Db, productId: string): Promise<void> {
  await tx.execute(sql`
    select ${productVariants.id} from ${productVariants} where ${productVariants.productId} = ${productId}
    order by ${productVariants.id} for no key update`);
}

/** A new product's one default variant (`options` `{}`, the product's SKU), holding its price and stock. */
async function insertDefaultVariant(
  tx: Db,
  product: { id: string; sku: string; images: string[] },
  input: ProductCreate,
  lowStockThreshold: number,
): Promise<void> {
  await tx.insert(productVariants).values({
    productId: product.id,
    sku: product.sku,
    options: {},
    price: input.price ?? 0,
    // The shop's default (settings: system) unless the request set one.
    lowStockThreshold,
    ...defaultVariantColumns(input),
    image: product.images[0] ?? null,
  });
}

export const NO_DEFAULT_VARIANT_MESSAGE = 'This product has several variants: set the price and stock on each';

/**
 * The top-level price, compare-at, cost, stock and threshold (and a new SKU) of an update, written
 * to the default variant; the roll-up trigger then derives the product's columns from it. A
 * default kept inactive for past orders beside combinations (decision 012 §1) takes the new SKU
 * (a default variant's SKU is the product's) but not prices or stock: those are the combinations'.
 */
async function updateDefaultVariant(tx: Db, productId: string, input: ProductUpdate): Promise<void> {
  const priced = defaultVariantColumns(input);
  const columns: Partial<VariantInsert> = { ...priced };
  if (input.sku !== undefined) columns.sku = input.sku;
  if (Object.keys(columns).length === 0) return;
  const isDefault = and(eq(productVariants.productId, productId), sql`${productVariants.options} = '{}'::jsonb`);
  if (input.sku !== undefined) {
    await tx.update(productVariants).set({ sku: input.sku, updatedAt: new Date() }).where(isDefault);
  }
  const pricedFields = Object.keys(priced);
  if (pricedFields.length === 0) return;
  const updated = await tx
    .update(productVariants)
    .set({ ...priced, updatedAt: new Date() })
    .where(
      and(
        isDefault,
        sql`not exists (select 1 from product_variants as c where c.product_id = ${productId}
          and c.options <> '{}'::jsonb and c.is_active)`,
      ),
    )
    .returning({ id: productVariants.id });
  if (updated.length === 0) {
    throw badRequest('Validation failed', [{ path: pricedFields[0] ?? 'price', message: NO_DEFAULT_VARIANT_MESSAGE }]);
  }
}

/** What the audit log keeps of a whole product (create, delete): the fields staff edit, minus the long description. */
const AUDITED_FIELDS = [
  'name',
  'slug',
  'sku',
  'brand',
  'category_id',
  'tags',
  'price',
  'compare_at_price',
  'cost_price',
  'stock_quantity',
  'low_stock_threshold',
  'max_per_order',
  'featured',
  'is_active',
  'images',
  'specs',
  'variations',
  'variants',
  'weight',
] as const satisfies readonly WritableField[];

/** A variant as the audit log keeps it: what staff write, not what is derived (stock state, in stock). */
function auditVariants(product: AdminProduct) {
  return product.variants.map((variant) => ({
    id: variant.id,
    sku: variant.sku,
    options: variant.options,
    price: variant.price,
    compare_at_price: variant.compare_at_price,
    cost_price: variant.cost_price,
    stock_quantity: variant.stock_quantity,
    low_stock_threshold: variant.low_stock_threshold,
    image: variant.image,
    is_active: variant.is_active,
    sort_order: variant.sort_order,
  }));
}

function auditSnapshot(product: AdminProduct, fields: readonly string[] = AUDITED_FIELDS): Record<string, unknown> {
  const record = product as unknown as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => [field, field === 'variants' ? auditVariants(product) : record[field]]),
  );
}

function sameValue(before: AdminProduct, after: AdminProduct, field: string): boolean {
  const read = (product: AdminProduct) =>
    JSON.stringify(
      field === 'variants' ? auditVariants(product) : (product as unknown as Record<string, unknown>)[field],
    );
  return read(before) === read(after);
}

async function assertCategoryExists(db: Db, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!row) {
    throw badRequest('Validation failed', [{ path: 'category_id', message: 'This category does not exist' }]);
  }
}

/** `POST /admin/products`, `POST /products`. */
/** What a new product starts with when the request does not say (the shop's settings). */
export interface NewProductDefaults {
  lowStockThreshold: number;
}

export async function createProduct(
  db: Db,
  input: ProductCreate,
  context: AuditContext,
  defaults: NewProductDefaults = { lowStockThreshold: 5 },
): Promise<AdminProduct> {
  return inTransaction(db, async (tx) => {
    await assertCategoryExists(tx, input.category_id);
    if (input.slug) await assertSlugFree(tx, input.slug);
    if (input.sku) await assertSkuFree(tx, input.sku);
    const slug = input.slug ?? (await uniqueSlugFor(tx, input.name));
    const sku = input.sku ?? (await generateSku(tx));
    // Inserted with its default variant's values (price > 0 holds); the roll-up owns them after.
    const headline = input.variants ? headlineOf(input.variants) : undefined;
    const [row] = await tx
      .insert(products)
      .values({
        ...toColumns(input),
        name: input.name,
        price: headline?.price ?? input.price ?? 0,
        compareAtPrice: headline ? headline.compareAtPrice : (input.compare_at_price ?? null),
        priceMax: headline?.priceMax ?? input.price ?? 0,
        stockQuantity: headline?.stockQuantity ?? input.stock_quantity ?? 0,
        slug,
        sku,
      })
      .returning({ id: products.id, sku: products.sku, images: products.images });
    if (!row) throw new Error('product insert returned nothing');
    let changes: VariantSetChanges | undefined;
    if (input.variants) {
      const product = { variations: input.variations, images: input.images, productSku: sku };
      changes = await writeVariantSet(tx, row.id, product, input.variants, []);
    } else {
      await insertDefaultVariant(tx, row, input, defaults.lowStockThreshold);
    }
    const created = await getAdminProduct(tx, row.id);
    await recordAudit(tx, {
      context,
      action: 'product.create',
      entityType: 'product',
      entityId: created.id,
      after: { ...auditSnapshot(created), ...(changes && { variant_changes: changes }) },
    });
    return created;
  }).catch(rethrowUniqueViolation);
}

/**
 * `PUT /admin/products/{id}`, `PUT /products/{id}`: only the fields sent change. Rules that span
 * two fields (compare-at above price) are checked against the product as it will be.
 */
export async function updateProduct(
  db: Db,
  id: string,
  input: ProductUpdate,
  context: AuditContext,
): Promise<AdminProduct> {
  return inTransaction(db, async (tx) => {
    // Variants first, then the product row: the lock order of every writer (decision 012 §3).
    const stored = await lockStoredVariants(tx, id);
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound('Product');
    const before = await getAdminProduct(tx, id);
    const price = input.price ?? before.price;
    const compareAt = input.compare_at_price !== undefined ? input.compare_at_price : before.compare_at_price;
    if (compareAt !== null && compareAt <= price) {
      throw badRequest('Validation failed', [{ path: 'compare_at_price', message: COMPARE_AT_MESSAGE }]);
    }
    if (input.category_id !== undefined) await assertCategoryExists(tx, input.category_id);
    if (input.slug !== undefined) await assertSlugFree(tx, input.slug, id);
    if (input.sku !== undefined) await assertSkuFree(tx, input.sku, id);
    // updated_at is bumped explicitly: $onUpdate would too, but a reader should not need to know.
    await tx
      .update(products)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(products.id, id));
    let changes: VariantSetChanges | undefined;
    if (input.variants) {
      const product = {
        variations: input.variations ?? current.variations,
        images: input.images ?? current.images,
        productSku: input.sku ?? current.sku,
      };
      changes = await writeVariantSet(tx, id, product, input.variants, stored);
    } else {
      keepVariantsValid(stored, { variations: input.variations, sku: input.sku });
      await updateDefaultVariant(tx, id, input);
    }
    if (input.images !== undefined) await unsetRemovedImages(tx, id, input.images);
    const after = await getAdminProduct(tx, id);
    // Only what actually changed: the editor sends every field on each save.
    const changed = Object.keys(input).filter((key) => !sameValue(before, after, key));
    await recordAudit(tx, {
      context,
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      before: auditSnapshot(before, changed),
      after: { ...auditSnapshot(after, changed), ...(changes && { variant_changes: changes }) },
    });
    return after;
  }).catch(rethrowUniqueViolation);
}

export type DeleteOutcome = { deleted: true } | { archived: true; id: string; message: string };

/**
 * `DELETE /admin/products/{id}`, `DELETE /products/{id}`. A product that orders reference is
 * archived (deactivated) instead: orders keep their snapshot either way, but staff reports and
 * reorder links still point at it, and deleting it would silently sever them.
 */
export async function deleteProduct(db: Db, id: string, context: AuditContext): Promise<DeleteOutcome> {
  return inTransaction(db, async (tx) => {
    // The delete cascades to the variants: lock them first, as every writer does.
    await lockVariants(tx, id);
    const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound('Product');
    const before = await getAdminProduct(tx, id);
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1);
    if (ordered) {
      await tx.update(products).set({ isActive: false, updatedAt: new Date() }).where(eq(products.id, id));
      await recordAudit(tx, {
        context,
        action: 'product.archive',
        entityType: 'product',
        entityId: id,
        before: { is_active: before.is_active },
        after: { is_active: false },
      });
      return { archived: true, id, message: PRODUCT_ARCHIVED_MESSAGE };
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, {
      context,
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
      before: auditSnapshot(before),
    });
    return { deleted: true };
  });
}
