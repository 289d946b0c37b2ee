import { createHash, randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { AppError, badRequest, outOfStock } from '#server/errors.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { toNumber } from '#server/products/products.mapper.ts';
import { products } from '#server/products/products.table.ts';
import type { FieldError } from '#shared/contracts/common.ts';
import type { CreateOrderRequest, Order } from '#shared/contracts/orders.ts';
import { toCents } from '#shared/money.ts';
import { nextOrderNumberSql } from './order-number.ts';
import { findOrderByIdempotencyKey } from './order-queries.ts';
import { toOrder } from './orders.mapper.ts';
import { loadOrderProducts, type OrderProduct, type PricedLine, priceLines, totalsOf } from './orders.service.ts';
import { orderItems, orderStatusHistory, orders } from './orders.table.ts';

/**
 * `POST /orders` (DESIGN.md "Data rules"): stock is taken by one conditional UPDATE inside one
 * short transaction, so no order can oversell on PGlite or PostgreSQL; prices are those of the
 * rows that UPDATE locked. Mail is the caller's job, after commit.
 */

export interface PlaceOrderResult {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key made this order. */
  replayed: boolean;
}

export const INVALID_LINES_MESSAGE = 'Some items in your cart cannot be ordered';
export const IDEMPOTENCY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different order';

/** Keys sorted at every level, so the hash depends on the content and not on key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The parsed body (phone normalised, defaults applied) so equivalent retries hash the same. */
export function hashOrderRequest(request: CreateOrderRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function replay(found: { order: Order; requestHash: string | null }, requestHash: string): PlaceOrderResult {
  if (found.requestHash !== requestHash) throw new AppError(422, 'CONFLICT', IDEMPOTENCY_MISMATCH_MESSAGE);
  return { order: found.order, replayed: true };
}

/** Lines that no stock can fix (unknown, inactive, wrong variation) are a 400: nothing is written. */
function invalidLineErrors(lines: readonly PricedLine[]): FieldError[] {
  return lines.flatMap((line, index) =>
    line.reason === 'not_found' || line.reason === 'unavailable' || line.reason === 'invalid_variation'
      ? [{ path: `items.${index}`, message: line.message ?? 'Invalid item' }]
      : [],
  );
}

function stockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

function stockErrors(lines: readonly PricedLine[]): FieldError[] {
  return lines.flatMap((line, index) =>
    line.reason === 'out_of_stock' || line.reason === 'insufficient_stock'
      ? [{ path: `items.${index}`, message: stockMessage(line.name, line.stock_quantity) }]
      : [],
  );
}

/** Walks the cause chain (Drizzle wraps driver errors) for a unique violation of `constraint`. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = current as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}

export async function placeOrder(
  db: Db,
  request: CreateOrderRequest,
  idempotencyKey?: string,
): Promise<PlaceOrderResult> {
  const requestHash = hashOrderRequest(request);
  if (idempotencyKey) {
    const existing = await findOrderByIdempotencyKey(db, idempotencyKey);
    if (existing) return replay(existing, requestHash);
  }

  try {
    // A first look outside the transaction answers the common failures (bad line, sold out)
    // without taking any lock; the transaction checks again on the rows it locks.
    const preview = priceLines(
      request.items,
      await loadOrderProducts(
        db,
        request.items.map((line) => line.product_id),
      ),
    );
    const invalid = invalidLineErrors(preview);
    if (invalid.length > 0) throw badRequest(INVALID_LINES_MESSAGE, invalid);
    const short = stockErrors(preview);
    if (short.length > 0) throw outOfStock(short);

    const order = await db.transaction((tx) => insertOrder(tx as unknown as Db, request, requestHash, idempotencyKey));
    return { order, replayed: false };
  } catch (error) {
    // A concurrent request with the same key won the race (unique constraint): answer with its
    // order. It may also have taken the last units first, hence the check on OUT_OF_STOCK too.
    const raced =
      isUniqueViolation(error, 'orders_idempotency_key_unique') ||
      (error instanceof AppError && error.code === 'OUT_OF_STOCK');
    if (idempotencyKey && raced) {
      const existing = await findOrderByIdempotencyKey(db, idempotencyKey);
      if (existing) return replay(existing, requestHash);
    }
    throw error;
  }
}

interface LockedProductRow {
  id: string;
  name: string;
  slug: string;
  sku: string;
  images: string[];
  price: string | number;
  stock_quantity: number;
  variations: OrderProduct['variations'];
}

async function insertOrder(
  tx: Db,
  request: CreateOrderRequest,
  requestHash: string,
  idempotencyKey: string | undefined,
): Promise<Order> {
  // Lines of one product share its stock: take the sum in one conditional UPDATE per product,
  // all products in one statement (one round trip). A row that lacks the stock is not updated.
  const wanted = new Map<string, number>();
  for (const line of request.items) wanted.set(line.product_id, (wanted.get(line.product_id) ?? 0) + line.quantity);
  const values = sql.join(
    [...wanted].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::integer)`),
    sql`, `,
  );
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const taken = (await tx.execute(sql`
    update ${products} as p set stock_quantity = p.stock_quantity - w.quantity
    from (values ${values}) as w(id, quantity)
    where p.id = w.id and p.is_active and p.stock_quantity >= w.quantity
    returning p.id, p.name, p.slug, p.sku, p.images, p.price, p.stock_quantity, p.variations`)) as unknown as {
    rows: LockedProductRow[];
  };

  if (taken.rows.length < wanted.size) {
    // Someone bought the last units (or retired the product) since the first look. Throwing
    // rolls back the stock already taken for the other lines.
    const gotIds = new Set(taken.rows.map((row) => row.id));
    const missing = [...wanted.keys()].filter((id) => !gotIds.has(id));
    const now = await tx
      .select({ id: products.id, name: products.name, stock: products.stockQuantity, isActive: products.isActive })
      .from(products)
      .where(inArray(products.id, missing));
    const byId = new Map(now.map((row) => [row.id, row]));
    throw outOfStock(
      request.items.flatMap((line, index) => {
        const row = byId.get(line.product_id);
        if (!missing.includes(line.product_id)) return [];
        const name = row?.name ?? 'This product';
        return [{ path: `items.${index}`, message: stockMessage(name, row?.isActive ? row.stock : 0) }];
      }),
    );
  }

  // Price from the locked rows (stock as it was before this order took its share).
  const locked = new Map<string, OrderProduct>(
    taken.rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        slug: row.slug,
        sku: row.sku,
        image: row.images[0] ?? null,
        priceCents: toCents(row.price),
        stockQuantity: row.stock_quantity + (wanted.get(row.id) ?? 0),
        isActive: true,
        variations: row.variations,
      },
    ]),
  );
  const lines = priceLines(request.items, locked);
  const invalid = invalidLineErrors(lines);
  if (invalid.length > 0) throw badRequest(INVALID_LINES_MESSAGE, invalid);
  const totals = totalsOf(lines);

  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber: nextOrderNumberSql(),
      customerName: request.customer.name,
      customerPhone: request.customer.phone,
      customerEmail: request.customer.email ?? null,
      shippingAddress: request.shipping_address,
      paymentMethod: request.payment_method,
      notes: request.notes ?? null,
      promoCode: request.promo_code ?? null,
      ...totals,
      accessToken: randomBytes(32).toString('base64url'),
      idempotencyKey: idempotencyKey ?? null,
      requestHash,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');

  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((line, position) => ({
        orderId: order.id,
        productId: line.product_id,
        productName: line.name,
        sku: line.sku,
        image: line.image,
        unitPrice: line.unit_price,
        quantity: line.quantity,
        selectedVariations: line.selectedVariations,
        lineTotal: line.line_total,
        position,
      })),
    )
    .returning();
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: null, toStatus: 'pending' });
  await tx.insert(notifications).values({
    type: 'new_order',
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalAmount: toNumber(order.total),
    status: order.status,
    title: `New order ${order.orderNumber}`,
    message: `${order.customerName} ordered ${itemCount} item${itemCount === 1 ? '' : 's'} for $${toNumber(order.total).toFixed(2)}`,
  });
  return toOrder(order, items);
}
