import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { orderItems } from '#server/orders/orders.table.ts';
import { type BulkProductsRequest, type BulkProductsResult, PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import { fromCents, percentOfCents, toCents } from '#shared/money.ts';
import { productVariants } from './product-variants.table.ts';
import { toNullableNumber, toNumber } from './products.mapper.ts';
import { products } from './products.table.ts';

type AdjustPrice = Extract<BulkProductsRequest, { action: 'adjust_price' }>['updateData'];
/** One variant's price; `productId` names it in errors (staff select products, not variants). */
interface PriceRow {
  id: string;
  productId: string;
  price: number;
}

/** The new price in cents: percentages and amounts are applied in integer cents, rounded to the cent. */
function adjustedCents(price: number, adjust: AdjustPrice): number {
  const cents = toCents(price);
  return adjust.type === 'percent' ? cents + percentOfCents(cents, adjust.value) : cents + toCents(adjust.value);
}

/**
 * New prices for every variant of the selected products (decision 012 §7: "applies to each
 * variant"), or a 400 naming the products a variant of which would fall to 0 or below (or above
 * the contract's maximum): the whole request is refused, nothing half-applied.
 */
function newPrices(rows: readonly PriceRow[], adjust: AdjustPrice): Map<string, number> {
  const prices = new Map(rows.map((row) => [row.id, adjustedCents(row.price, adjust)]));
  const productsWhere = (broken: (cents: number) => boolean) => [
    ...new Set(rows.filter((row) => broken(prices.get(row.id) ?? 0)).map((row) => row.productId)),
  ];
  const tooLow = productsWhere((cents) => cents <= 0);
  const tooHigh = productsWhere((cents) => cents > PRODUCT_LIMITS.price * 100);
  if (tooLow.length > 0) {
    throw badRequest(`The new price of ${tooLow.length} product(s) would not be above 0; nothing was changed`, [
      { path: 'updateData.value', message: `Price would not be above 0 for: ${tooLow.join(', ')}` },
    ]);
  }
  if (tooHigh.length > 0) {
    throw badRequest(`The new price of ${tooHigh.length} product(s) would exceed the maximum; nothing was changed`, [
      { path: 'updateData.value', message: `Price would exceed ${PRODUCT_LIMITS.price} for: ${tooHigh.join(', ')}` },
    ]);
  }
  return prices;
}

/**
 * One UPDATE … FROM (VALUES …) for all new variant prices; a compare-at price no longer above the
 * price is cleared. The roll-up trigger derives the products' prices.
 */
async function applyPrices(tx: Db, prices: Map<string, number>): Promise<void> {
  if (prices.size === 0) return;
  const values = sql.join(
    [...prices].map(([id, cents]) => sql`(${id}::uuid, ${fromCents(cents)}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${productVariants} set
      price = v.price,
      compare_at_price = case when ${productVariants.compareAtPrice} > v.price then ${productVariants.compareAtPrice} end,
      updated_at = now()
    from (values ${values}) as v(id, price)
    where ${productVariants.id} = v.id`);
}

/**
 * The selected products' variants, locked in id order BEFORE the products (decision 012 §3: every
 * writer locks variants, then products, as orders do; the other order deadlocks on PostgreSQL).
 */
async function lockVariants(tx: Db, productIds: readonly string[]): Promise<PriceRow[]> {
  const rows = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, price: productVariants.price })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(productVariants.id)
    .for('no key update');
  return rows.map((row) => ({ ...row, price: toNumber(row.price) }));
}

/** The fields each action changes, kept in the audit row's `before` for every product. */
function beforeOf(row: typeof products.$inferSelect, action: BulkProductsRequest['action']): Record<string, unknown> {
  const base = { id: row.id, name: row.name, sku: row.sku };
  switch (action) {
    case 'activate':
    case 'deactivate':
    case 'delete':
      return { ...base, is_active: row.isActive };
    case 'set_featured':
      return { ...base, featured: row.featured };
    case 'set_category':
      return { ...base, category_id: row.categoryId };
    case 'adjust_price':
      return { ...base, price: toNumber(row.price), compare_at_price: toNullableNumber(row.compareAtPrice) };
    case 'set_stock':
      return { ...base, stock_quantity: row.stockQuantity };
  }
}

/**
 * `POST /admin/products/bulk`: all or nothing in one short transaction. Their variants, then the
 * products, are locked (the lock order of every writer, decision 012) and checked first (an
 * unknown id is a 404 and nothing changes), then each action is one
 * set-based statement (two for delete, which archives what orders reference and deletes the
 * rest). One audit row records the whole request: ids, updateData, counts, and each product's
 * changed fields as they were.
 */
export async function bulkUpdateProducts(
  db: Db,
  input: BulkProductsRequest,
  context: AuditContext,
): Promise<BulkProductsResult> {
  const ids = input.productIds;
  return inTransaction(db, async (tx) => {
    const variants = await lockVariants(tx, ids);
    const rows = await tx.select().from(products).where(inArray(products.id, ids)).for('update');
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError(404, 'NOT_FOUND', `${missing.length} of the selected products were not found`, [
        { path: 'productIds', message: `Not found: ${missing.join(', ')}` },
      ]);
    }
    const byId = inArray(products.id, ids);
    const now = new Date();
    let archived = 0;
    switch (input.action) {
      case 'activate':
      case 'deactivate':
        await tx
          .update(products)
          .set({ isActive: input.action === 'activate', updatedAt: now })
          .where(byId);
        break;
      case 'set_featured':
        await tx.update(products).set({ featured: input.updateData.featured, updatedAt: now }).where(byId);
        break;
      case 'set_stock':
        // Every variant gets the stock (decision 012 §7); the roll-up sums them into the products.
        await tx
          .update(productVariants)
          .set({ stockQuantity: input.updateData.stock_quantity, updatedAt: now })
          .where(inArray(productVariants.productId, ids));
        break;
      case 'set_category': {
        const categoryId = input.updateData.category_id;
        if (categoryId) {
          const [category] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.id, categoryId));
          if (!category) {
            throw badRequest('Validation failed', [
              { path: 'updateData.category_id', message: 'This category does not exist' },
            ]);
          }
        }
        await tx.update(products).set({ categoryId, updatedAt: now }).where(byId);
        break;
      }
      case 'adjust_price':
        await applyPrices(tx, newPrices(variants, input.updateData));
        break;
      case 'delete': {
        const referenced = await tx
          .selectDistinct({ id: orderItems.productId })
          .from(orderItems)
          .where(and(isNotNull(orderItems.productId), inArray(orderItems.productId, ids)));
        const keep = referenced.map((row) => row.id).filter((id): id is string => id !== null);
        const kept = new Set(keep);
        const remove = ids.filter((id) => !kept.has(id));
        if (keep.length > 0) {
          await tx.update(products).set({ isActive: false, updatedAt: now }).where(inArray(products.id, keep));
        }
        if (remove.length > 0) await tx.delete(products).where(inArray(products.id, remove));
        archived = keep.length;
        break;
      }
    }
    const result: BulkProductsResult = { action: input.action, affected: ids.length, archived };
    await recordAudit(tx, {
      context,
      action: `product.bulk_${input.action}`,
      entityType: 'product',
      entityId: null,
      before: { products: rows.map((row) => beforeOf(row, input.action)) },
      after: {
        productIds: ids,
        updateData: 'updateData' in input ? input.updateData : null,
        affected: result.affected,
        archived,
      },
    });
    return result;
  });
}
