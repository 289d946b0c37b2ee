import { eq } from 'drizzle-orm';
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
import { products } from './products.table.ts';

type ProductInsert = typeof products.$inferInsert;
type WritableField = keyof ProductCreate;

/** Contract field → column. Money goes in as dollars; moneyColumn stores it as numeric(12,2). */
function toColumns(fields: Partial<ProductCreate>): Partial<ProductInsert> {
  const columns: Partial<ProductInsert> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.slug !== undefined) columns.slug = fields.slug;
  if (fields.sku !== undefined) columns.sku = fields.sku;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.brand !== undefined) columns.brand = fields.brand;
  if (fields.category_id !== undefined) columns.categoryId = fields.category_id;
  if (fields.tags !== undefined) columns.tags = fields.tags;
  if (fields.price !== undefined) columns.price = fields.price;
  if (fields.compare_at_price !== undefined) columns.compareAtPrice = fields.compare_at_price;
  if (fields.cost_price !== undefined) columns.costPrice = fields.cost_price;
  if (fields.stock_quantity !== undefined) columns.stockQuantity = fields.stock_quantity;
  if (fields.low_stock_threshold !== undefined) columns.lowStockThreshold = fields.low_stock_threshold;
  if (fields.max_per_order !== undefined) columns.maxPerOrder = fields.max_per_order;
  if (fields.featured !== undefined) columns.featured = fields.featured;
  if (fields.is_active !== undefined) columns.isActive = fields.is_active;
  if (fields.images !== undefined) columns.images = fields.images;
  if (fields.specs !== undefined) columns.specs = fields.specs;
  if (fields.variations !== undefined) columns.variations = fields.variations;
  if (fields.weight !== undefined) columns.weight = fields.weight;
  return columns;
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
  'weight',
] as const satisfies readonly WritableField[];

function auditSnapshot(product: AdminProduct, fields: readonly string[] = AUDITED_FIELDS): Record<string, unknown> {
  const record = product as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, record[field]]));
}

function sameValue(before: AdminProduct, after: AdminProduct, field: string): boolean {
  const read = (product: AdminProduct) => JSON.stringify((product as unknown as Record<string, unknown>)[field]);
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
export async function createProduct(db: Db, input: ProductCreate, context: AuditContext): Promise<AdminProduct> {
  return inTransaction(db, async (tx) => {
    await assertCategoryExists(tx, input.category_id);
    if (input.slug) await assertSlugFree(tx, input.slug);
    if (input.sku) await assertSkuFree(tx, input.sku);
    const slug = input.slug ?? (await uniqueSlugFor(tx, input.name));
    const sku = input.sku ?? (await generateSku(tx));
    const [row] = await tx
      .insert(products)
      // PLACEHOLDER (issue 20, step 1): the default variant's fields; `variants` writes come in step 4.
      .values({
        ...toColumns(input),
        name: input.name,
        price: input.price ?? input.variants?.[0]?.price ?? 0,
        slug,
        sku,
      })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned nothing');
    const created = await getAdminProduct(tx, row.id);
    await recordAudit(tx, {
      context,
      action: 'product.create',
      entityType: 'product',
      entityId: created.id,
      after: auditSnapshot(created),
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
    const after = await getAdminProduct(tx, id);
    // Only what actually changed: the editor sends every field on each save.
    const changed = Object.keys(input).filter((key) => !sameValue(before, after, key));
    await recordAudit(tx, {
      context,
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      before: auditSnapshot(before, changed),
      after: auditSnapshot(after, changed),
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
