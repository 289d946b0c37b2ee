import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { AppError, badRequest, outOfStock } from '#server/errors.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { products } from '#server/products/products.table.ts';
import type { FieldError } from '#shared/contracts/common.ts';
import type { CreateOrderRequest, Order, OrderStatus, PaymentStatus } from '#shared/contracts/orders.ts';
import { toCents } from '#shared/money.ts';
import { nextOrderNumberSql } from './order-number.ts';
import { findOrderByIdempotencyKey } from './order-queries.ts';
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
  // all products in one statement (one round trip). A row that lacks the stock, or is inactive
  // or unknown, is simply not updated.
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

  // Price from the locked rows (stock as it was before this order took its share).
  const byId = new Map<string, OrderProduct>(
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
  if (taken.rows.length < wanted.size) {
    // Unknown, retired or short products: read them as they are now to say why. Throwing rolls
    // back the stock already taken for the other lines.
    const missing = [...wanted.keys()].filter((id) => !byId.has(id));
    for (const [id, product] of await loadOrderProducts(tx, missing)) byId.set(id, product);
  }
  const lines = priceLines(request.items, byId);
  const invalid = invalidLineErrors(lines);
  if (invalid.length > 0) throw badRequest(INVALID_LINES_MESSAGE, invalid);
  const short = stockErrors(lines);
  if (short.length > 0) throw outOfStock(short);
  if (taken.rows.length < wanted.size) {
    // Only on PostgreSQL's read committed: the row changed again between the UPDATE and the read.
    throw outOfStock([{ path: 'items', message: 'Some items are out of stock' }]);
  }
  return insertOrderRows(tx, request, lines, requestHash, idempotencyKey);
}

/**
 * The order, its lines, its first status and the admins' notification in ONE statement (data-
 * modifying CTEs): on PGlite's single connection every round trip counts (DESIGN.md budget:
 * order placement p95 ≤ 50 ms).
 */
async function insertOrderRows(
  tx: Db,
  request: CreateOrderRequest,
  lines: readonly PricedLine[],
  requestHash: string,
  idempotencyKey: string | undefined,
): Promise<Order> {
  const totals = totalsOf(lines);
  const accessToken = randomBytes(32).toString('base64url');
  const customerEmail = request.customer.email ?? null;
  const notes = request.notes ?? null;
  const promoCode = request.promo_code ?? null;
  const itemRows = lines.map((line, position) => ({
    product_id: line.product_id,
    product_name: line.name,
    sku: line.sku,
    image: line.image,
    unit_price: line.unit_price,
    quantity: line.quantity,
    selected_variations: line.selectedVariations,
    line_total: line.line_total,
    position,
  }));
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const notification = `${request.customer.name} ordered ${itemCount} item${itemCount === 1 ? '' : 's'} for $${totals.total.toFixed(2)}`;

  const result = (await tx.execute(sql`
    with o as (
      insert into ${orders} (order_number, customer_name, customer_phone, customer_email, shipping_address,
        payment_method, notes, promo_code, subtotal, tax, shipping, discount, total, access_token,
        idempotency_key, request_hash)
      values (${nextOrderNumberSql()}, ${request.customer.name}, ${request.customer.phone}, ${customerEmail},
        ${JSON.stringify(request.shipping_address)}::jsonb, ${request.payment_method}, ${notes}, ${promoCode},
        ${totals.subtotal}, ${totals.tax}, ${totals.shipping}, ${totals.discount}, ${totals.total}, ${accessToken},
        ${idempotencyKey ?? null}, ${requestHash})
      returning id, order_number, status, payment_status, total, created_at
    ), i as (
      insert into ${orderItems} (order_id, product_id, product_name, sku, image, unit_price, quantity,
        selected_variations, line_total, position)
      select o.id, l.product_id, l.product_name, l.sku, l.image, l.unit_price, l.quantity, l.selected_variations,
        l.line_total, l.position
      from o, jsonb_to_recordset(${JSON.stringify(itemRows)}::jsonb) as l(product_id uuid, product_name text,
        sku text, image text, unit_price numeric, quantity integer, selected_variations jsonb, line_total numeric,
        position integer)
    ), h as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status) select o.id, null, o.status from o
    ), n as (
      insert into ${notifications} (type, order_id, order_number, total_amount, status, title, message)
      select 'new_order', o.id, o.order_number, o.total, o.status, 'New order ' || o.order_number, ${notification}
      from o
    )
    select id, order_number, status, payment_status,
      floor(extract(epoch from created_at) * 1000)::float8 as created_ms
    from o`)) as unknown as {
    rows: { id: string; order_number: string; status: string; payment_status: string; created_ms: number }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('order insert returned nothing');

  // Built from what was just written; GET /orders/{id} maps the stored rows to the same shape.
  const address = request.shipping_address;
  return {
    id: row.id,
    order_number: row.order_number,
    access_token: accessToken,
    status: row.status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    payment_method: request.payment_method,
    customer: { name: request.customer.name, phone: request.customer.phone, email: customerEmail },
    shipping_address: {
      city: address.city,
      street: address.street,
      ...(address.building && { building: address.building }),
      ...(address.floor && { floor: address.floor }),
      ...(address.notes && { notes: address.notes }),
    },
    notes,
    promo_code: promoCode,
    ...totals,
    items: lines.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      sku: line.sku,
      image: line.image,
      unit_price: line.unit_price,
      quantity: line.quantity,
      selectedVariations: line.selectedVariations,
      line_total: line.line_total,
    })),
    created_at: new Date(Number(row.created_ms)).toISOString(),
  };
}
