import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { containsPattern, countRows, pageOffset, sortDirection } from '#server/db/list-queries.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { orders } from '#server/orders/orders.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import {
  PROMO_MESSAGES,
  type PromoCode,
  type PromoCodeStats,
  type PromoCodesBulkDeleted,
  type PromoCodesQuery,
  type PromoCodeUsage,
  type PromoCodeWrite,
  type PromoStatus,
  shopToday,
} from '#shared/contracts/promo-codes.ts';
import { toPromoCode } from './promo-codes.mapper.ts';
import { promoCodes } from './promo-codes.table.ts';

/**
 * Promo codes for staff (docs/product.md#managing-codes-admin): list, figures, usage, writes.
 * The shop date (`shopToday()` in the shop's time zone, settings: site; the routes pass it) is read
 * once per call, so a list's filter and its rows' statuses agree even across midnight.
 */

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The SQL of `promoStatusOf` (#shared/promo-codes.ts), rule for rule and in the same order (first
 * match wins): each status excludes the ones before it. tests/api/admin-promo-codes.test.ts holds
 * the two together on codes of every status.
 */
export function promoStatusCondition(status: PromoStatus, today: string): SQL {
  const day = sql`${today}::date`;
  const t = promoCodes;
  const expired = sql`(${t.endDate} is not null and ${t.endDate} < ${day})`;
  const scheduled = sql`(${t.startDate} is not null and ${t.startDate} > ${day})`;
  const usedUp = sql`(${t.maxUses} > 0 and ${t.currentUses} >= ${t.maxUses})`;
  switch (status) {
    case 'inactive':
      return sql`not ${t.isActive}`;
    case 'expired':
      return sql`${t.isActive} and ${expired}`;
    case 'scheduled':
      return sql`${t.isActive} and not ${expired} and ${scheduled}`;
    case 'used_up':
      return sql`${t.isActive} and not ${expired} and not ${scheduled} and ${usedUp}`;
    case 'active':
      return sql`${t.isActive} and not ${expired} and not ${scheduled} and not ${usedUp}`;
  }
}

/** The filters the list and the export share (search, status, type). */
function listWhere(query: Pick<PromoCodesQuery, 'search' | 'status' | 'discount_type'>, today: string) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(ilike(promoCodes.code, pattern), ilike(promoCodes.description, pattern));
    if (match) conditions.push(match);
  }
  if (query.status) conditions.push(promoStatusCondition(query.status, today));
  if (query.discount_type) conditions.push(eq(promoCodes.discountType, query.discount_type));
  return and(...conditions);
}

const SORTS = {
  code: promoCodes.code,
  created_at: promoCodes.createdAt,
  current_uses: promoCodes.currentUses,
  discount_value: promoCodes.discountValue,
  end_date: promoCodes.endDate,
} as const;

function listOrder(query: Pick<PromoCodesQuery, 'sort_by' | 'sort_order'>) {
  const sort = SORTS[query.sort_by];
  // Codes without an end date come last whichever way end dates are sorted.
  const order = query.sort_order === 'asc' ? sql`${sort} asc nulls last` : sql`${sort} desc nulls last`;
  return [order, sortDirection(query.sort_order)(promoCodes.id)];
}

/** `GET /admin/promo-codes`: search (code or description), status, type, sort, pages. */
export async function listPromoCodes(
  db: Db,
  query: PromoCodesQuery,
  timeZone?: string,
): Promise<{ data: PromoCode[]; pagination: Pagination }> {
  const today = shopToday(new Date(), timeZone);
  const where = listWhere(query, today);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(...listOrder(query))
      .limit(query.limit)
      .offset(pageOffset(query)),
    countRows(db, promoCodes, where),
  ]);
  return {
    data: rows.map((row) => toPromoCode(row, today)),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

/** `GET /admin/promo-codes/export`: every code the list's filters match, in the list's order, no pages. */
export async function allPromoCodes(
  db: Db,
  query: Omit<PromoCodesQuery, 'page' | 'limit'>,
  timeZone?: string,
): Promise<PromoCode[]> {
  const today = shopToday(new Date(), timeZone);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(listWhere(query, today))
    .orderBy(...listOrder(query));
  return rows.map((row) => toPromoCode(row, today));
}

export async function getPromoCode(db: Db, id: string, timeZone?: string): Promise<PromoCode> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  if (!row) throw notFound('Promo code');
  return toPromoCode(row, shopToday(new Date(), timeZone));
}

/** Orders placed with a code and not cancelled: what the codes cost the shop. */
const countedOrder = and(sql`${orders.promoCodeId} is not null`, ne(orders.status, 'cancelled'));

/** `GET /admin/promo-codes/stats`. */
export async function promoCodeStats(db: Db, timeZone?: string): Promise<PromoCodeStats> {
  const today = shopToday(new Date(), timeZone);
  const [[figures], [discount], [mostUsed], recent] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${promoStatusCondition('active', today)})`.mapWith(Number),
        expired: sql<number>`count(*) filter (where ${promoStatusCondition('expired', today)})`.mapWith(Number),
        uses: sql<number>`coalesce(sum(${promoCodes.currentUses}), 0)`.mapWith(Number),
      })
      .from(promoCodes),
    db
      .select({ amount: sql<number>`coalesce(sum(${orders.discount}), 0)`.mapWith(Number) })
      .from(orders)
      .where(countedOrder),
    db
      .select({ id: promoCodes.id, code: promoCodes.code, uses: promoCodes.currentUses })
      .from(promoCodes)
      .where(sql`${promoCodes.currentUses} > 0`)
      .orderBy(desc(promoCodes.currentUses), asc(promoCodes.code))
      .limit(1),
    db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id)).limit(5),
  ]);
  return {
    total_codes: figures?.total ?? 0,
    active_codes: figures?.active ?? 0,
    expired_codes: figures?.expired ?? 0,
    total_uses: figures?.uses ?? 0,
    total_discount_given: cents(discount?.amount ?? 0),
    most_used_code: mostUsed ?? null,
    recent_codes: recent.map((row) => toPromoCode(row, today)),
  };
}

/** `GET /admin/promo-codes/{id}/usage`: every order with the code (newest first, paged); totals skip cancelled ones. */
export async function promoCodeUsage(
  db: Db,
  id: string,
  page: { page: number; limit: number },
  timeZone?: string,
): Promise<{ data: PromoCodeUsage; pagination: Pagination }> {
  const code = await getPromoCode(db, id, timeZone);
  const withCode = eq(orders.promoCodeId, id);
  const [rows, total, [totals]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(withCode)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    countRows(db, orders, withCode),
    db
      .select({
        orders: count(),
        discount: sql<number>`coalesce(sum(${orders.discount}), 0)`.mapWith(Number),
        sales: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(withCode, ne(orders.status, 'cancelled'))),
  ]);
  return {
    data: {
      code,
      orders: rows.map((order) => ({
        order_id: order.id,
        order_number: order.orderNumber,
        customer_name: order.customerName,
        customer_phone: order.customerPhone,
        status: order.status,
        subtotal: order.subtotal,
        discount: order.discount,
        total: order.total,
        created_at: order.createdAt.toISOString(),
      })),
      total_orders: totals?.orders ?? 0,
      total_discount: cents(totals?.discount ?? 0),
      total_sales: cents(totals?.sales ?? 0),
    },
    pagination: buildPagination(page.page, page.limit, total),
  };
}

/** Of `skus` (upper-case), the ones that are neither a product's nor a variant's SKU, ignoring case. */
export async function unknownSkus(db: Db, skus: readonly string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const lower = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  // lower(sku) is what both tables' unique indexes are built on. One after the other: `db` may be
  // a transaction's one client, which must not be sent a query while it runs another (pg).
  const fromProducts = await db
    .select({ sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(inArray(sql`lower(${products.sku})`, lower));
  const fromVariants = await db
    .select({ sku: sql<string>`lower(${productVariants.sku})` })
    .from(productVariants)
    .where(inArray(sql`lower(${productVariants.sku})`, lower));
  const known = new Set([...fromProducts, ...fromVariants].map((row) => row.sku));
  return skus.filter((sku) => !known.has(sku.toLowerCase()));
}

/** Of `ids`, the ones no category has. */
export async function unknownCategories(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** 400 naming what does not exist: the SKUs on `product_skus`, the categories on `category_ids`. */
async function assertReferencesExist(db: Db, input: PromoCodeWrite): Promise<void> {
  // In turn, not at once: `db` may be a transaction's one client.
  const skus = await unknownSkus(db, input.product_skus);
  const categoryIds = await unknownCategories(db, input.category_ids);
  const errors = [
    ...(skus.length > 0 ? [{ path: 'product_skus', message: PROMO_MESSAGES.unknownSkus(skus) }] : []),
    ...(categoryIds.length > 0 ? [{ path: 'category_ids', message: PROMO_MESSAGES.unknownCategories }] : []),
  ];
  const [first] = errors;
  if (first) throw badRequest(first.message, errors);
}

/** The columns a write sets; `current_uses` is never among them (orders count it). */
export function promoColumns(input: PromoCodeWrite) {
  return {
    code: input.code,
    description: input.description ?? null,
    discountType: input.discount_type,
    discountValue: input.discount_value,
    appliesTo: input.applies_to,
    productSkus: input.product_skus,
    categoryIds: input.category_ids,
    minimumOrderAmount: input.minimum_order_amount ?? null,
    maximumDiscountAmount: input.maximum_discount_amount ?? null,
    maxUses: input.max_uses,
    maxUsesPerCustomer: input.max_uses_per_customer,
    startDate: input.start_date ?? null,
    endDate: input.end_date ?? null,
    isActive: input.is_active,
  };
}

const codeTaken = () => conflict(PROMO_MESSAGES.codeTaken, [{ path: 'code', message: PROMO_MESSAGES.codeTaken }]);

async function assertCodeFree(tx: Db, code: string, exceptId?: string): Promise<void> {
  const [taken] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  if (taken && taken.id !== exceptId) throw codeTaken();
}

/** Whether `error` (or a cause of it) is the unique index on the code refusing a duplicate. */
export function isCodeTakenError(error: unknown): boolean {
  return isUniqueViolation(error, 'promo_codes_code_unique');
}

/** The unique index is the last word when two requests race past the check. */
function rethrowCodeTaken(error: unknown): never {
  if (isCodeTakenError(error)) throw codeTaken();
  throw error;
}

/** What the audit keeps of a code: its fields, not the derived status. */
function auditView(code: PromoCode) {
  const { status: _status, created_at: _created, updated_at: _updated, ...fields } = code;
  return fields;
}

export async function createPromoCode(
  db: Db,
  input: PromoCodeWrite,
  context: AuditContext,
  timeZone?: string,
): Promise<PromoCode> {
  return inTransaction(db, async (tx) => {
    await assertReferencesExist(tx, input);
    await assertCodeFree(tx, input.code);
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...promoColumns(input), createdBy: context.actor?.id ?? null })
      .returning();
    if (!row) throw new Error('promo code insert returned nothing');
    const created = toPromoCode(row, shopToday(new Date(), timeZone));
    await recordAudit(tx, {
      context,
      action: 'promo_code.create',
      entityType: 'promo_code',
      entityId: created.id,
      after: auditView(created),
    });
    return created;
  }).catch(rethrowCodeTaken);
}

/** Locks a code's row for a write (an order counting a use, or another edit, waits), or 404. */
async function lockPromoCode(tx: Db, id: string) {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  if (!row) throw notFound('Promo code');
  return row;
}

/** `PUT /admin/promo-codes/{id}`: the whole code; its uses so far stay as counted. */
export async function updatePromoCode(
  db: Db,
  id: string,
  input: PromoCodeWrite,
  context: AuditContext,
  timeZone?: string,
): Promise<PromoCode> {
  return inTransaction(db, async (tx) => {
    const today = shopToday(new Date(), timeZone);
    const before = toPromoCode(await lockPromoCode(tx, id), today);
    await assertReferencesExist(tx, input);
    await assertCodeFree(tx, input.code, id);
    const [row] = await tx
      .update(promoCodes)
      .set({ ...promoColumns(input), updatedAt: new Date() })
      .where(eq(promoCodes.id, id))
      .returning();
    if (!row) throw notFound('Promo code');
    const after = toPromoCode(row, today);
    await recordAudit(tx, {
      context,
      action: 'promo_code.update',
      entityType: 'promo_code',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  }).catch(rethrowCodeTaken);
}

/** Ids among `ids` that some order refers to (cancelled ones too: their snapshot points at the code). */
async function usedIds(tx: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.selectDistinct({ id: orders.promoCodeId }).from(orders).where(inArray(orders.promoCodeId, ids));
  return new Set(rows.map((row) => row.id as string));
}

/** `DELETE /admin/promo-codes/{id}`: only a code no order used (409 otherwise: deactivate it). */
export async function deletePromoCode(db: Db, id: string, context: AuditContext, timeZone?: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    // The lock comes first: an order counting a use updates this row, so it cannot slip in between.
    const row = await lockPromoCode(tx, id);
    if ((await usedIds(tx, [id])).has(id)) throw conflict(PROMO_MESSAGES.usedCannotDelete);
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
    await recordAudit(tx, {
      context,
      action: 'promo_code.delete',
      entityType: 'promo_code',
      entityId: id,
      before: auditView(toPromoCode(row, shopToday(new Date(), timeZone))),
    });
  });
}

/** `POST /admin/promo-codes/bulk-delete`: deletes the unused codes, names the used ones it kept; unknown ids are ignored. */
export async function bulkDeletePromoCodes(
  db: Db,
  ids: string[],
  context: AuditContext,
): Promise<PromoCodesBulkDeleted> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select({ id: promoCodes.id, code: promoCodes.code })
      .from(promoCodes)
      .where(inArray(promoCodes.id, [...new Set(ids)]))
      .orderBy(asc(promoCodes.code))
      .for('update');
    const used = await usedIds(
      tx,
      rows.map((row) => row.id),
    );
    const deletable = rows.filter((row) => !used.has(row.id));
    const kept = rows
      .filter((row) => used.has(row.id))
      .map((row) => ({ ...row, reason: PROMO_MESSAGES.usedCannotDelete }));
    if (deletable.length > 0) {
      await tx.delete(promoCodes).where(
        inArray(
          promoCodes.id,
          deletable.map((row) => row.id),
        ),
      );
    }
    await recordAudit(tx, {
      context,
      action: 'promo_code.bulk_delete',
      entityType: 'promo_code',
      before: { deleted: deletable },
      after: { deleted_count: deletable.length, kept: kept.map(({ id, code }) => ({ id, code })) },
    });
    return { deleted_count: deletable.length, kept };
  });
}
