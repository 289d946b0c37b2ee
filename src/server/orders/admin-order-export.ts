import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { AdminOrdersQuery } from '#shared/contracts/admin-orders.ts';
import type { OrderRowKey } from '#shared/contracts/analytics.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { filterConditions, SORT_COLUMNS } from './admin-order-queries.ts';
import { orderItems, orders } from './orders.table.ts';

/**
 * Orders one row each (ORDER_ROW_COLUMNS), read in steps of EXPORT_STEP_ROWS along an order of
 * keys (keyset: after the last row read), so a walk over 100,000 orders holds one step in memory
 * and never holds the database between steps. `GET /admin/orders/export` walks the list's filters
 * in the list's sort (docs/product.md#admin-endpoints); the `orders` report walks a period of the
 * shop's days, oldest first (docs/product.md#reports).
 */
export const EXPORT_STEP_ROWS = 2_000;

/** A sort key and the type its text form is cast back to for the next step's condition. */
export interface OrderSortKey {
  expr: SQL;
  type: 'timestamptz' | 'numeric' | 'text' | 'integer' | 'uuid';
}

export interface OrderWalk {
  where: SQL | undefined;
  /** All in one direction, the last one unique (the id). */
  keys: OrderSortKey[];
  descending: boolean;
}

export type OrderRowRecord = Record<OrderRowKey, string | number | null>;

const idKey: OrderSortKey = { expr: sql`${orders.id}`, type: 'uuid' };

/** The orders list's filters and sort (admin-order-queries.ts `listAdminOrders`), every page. */
export function listWalk(query: AdminOrdersQuery): OrderWalk {
  const conditions = filterConditions(query, true);
  const sortKey: Record<AdminOrdersQuery['sort_by'], OrderSortKey[]> = {
    created_at: [{ expr: sql`${orders.createdAt}`, type: 'timestamptz' }],
    total: [{ expr: sql`${orders.total}`, type: 'numeric' }],
    // CS-100001 … CS-999999 share a length; a longer number sorts after them (as in the list).
    order_number: [
      { expr: sql`length(${orders.orderNumber})`, type: 'integer' },
      { expr: sql`${orders.orderNumber}`, type: 'text' },
    ],
    customer_name: [{ expr: sql`${SORT_COLUMNS.customer_name}`, type: 'text' }],
    status: [{ expr: sql`${orders.status}`, type: 'text' }],
  };
  return {
    where: conditions.length ? and(...conditions) : undefined,
    keys: [...sortKey[query.sort_by], idKey],
    descending: query.sort_order === 'desc',
  };
}

/** Orders placed from `start` (included) to `end` (excluded), oldest first. */
export function periodWalk(start: SQL, end: SQL): OrderWalk {
  return {
    where: sql`${orders.createdAt} >= ${start} and ${orders.createdAt} < ${end}`,
    keys: [{ expr: sql`${orders.createdAt}`, type: 'timestamptz' }, idKey],
    descending: false,
  };
}

const money = (value: number) => fromCents(toCents(value));

/**
 * The rows after `after` in the walk's order: `k0 > a0 or (k0 = a0 and k1 > a1) or …` (`<` when
 * descending), with `k0 >= a0` beside it for the index. Written out rather than as a row
 * comparison `(k0, k1) > (a0, a1)`: the planner underestimates how many rows that keeps and then
 * sorts the whole rest of the range at every step instead of reading the index in order.
 */
function afterKeys(walk: OrderWalk, after: string[]): SQL {
  const value = (index: number) => {
    const key = walk.keys[index] as OrderSortKey;
    return sql`${after[index]}::${sql.raw(key.type)}`;
  };
  const beyond = sql.raw(walk.descending ? '<' : '>');
  const alternatives = walk.keys.map((key, index) => {
    const equal = walk.keys.slice(0, index).map((earlier, at) => sql`${earlier.expr} = ${value(at)}`);
    return sql`(${sql.join([...equal, sql`${key.expr} ${beyond} ${value(index)}`], sql` and `)})`;
  });
  const [first] = walk.keys;
  const bound = first ? sql` and ${first.expr} ${sql.raw(walk.descending ? '<=' : '>=')} ${value(0)}` : sql``;
  return sql`(${sql.join(alternatives, sql` or `)})${bound}`;
}

/**
 * The rows of `walk`, a step at a time. `timeZone` is the shop's: `placed_at` is its wall clock,
 * formatted by the database (an Intl formatter per row would cost more than the row).
 */
export async function* orderRowPages(
  db: Db,
  walk: OrderWalk,
  timeZone: string,
  step = EXPORT_STEP_ROWS,
): AsyncGenerator<OrderRowRecord[]> {
  const keyFields = Object.fromEntries(walk.keys.map((key, index) => [`k${index}`, sql<string>`(${key.expr})::text`]));
  let after: string[] | undefined;
  for (;;) {
    const rows = await db
      .select({
        order: {
          orderNumber: orders.orderNumber,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentMethod: orders.paymentMethod,
          source: orders.source,
          customerName: orders.customerName,
          customerPhone: orders.customerPhone,
          customerEmail: orders.customerEmail,
          shippingAddress: orders.shippingAddress,
          subtotal: orders.subtotal,
          discount: orders.discount,
          promoCode: orders.promoCode,
          shipping: orders.shipping,
          tax: orders.tax,
          total: orders.total,
          refunded: orders.refundedAmount,
          carrier: orders.carrier,
          trackingNumber: orders.trackingNumber,
        },
        id: orders.id,
        placedAt: sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
        ...keyFields,
      })
      .from(orders)
      .where(and(walk.where, after ? afterKeys(walk, after) : undefined))
      .orderBy(...walk.keys.map((key) => (walk.descending ? sql`${key.expr} desc` : sql`${key.expr} asc`)))
      .limit(step);
    if (rows.length > 0) {
      // The step's item counts in one statement (one index lookup per order, not a subquery each).
      const counts = await db
        .select({ orderId: orderItems.orderId, items: sql<number>`sum(${orderItems.quantity})`.mapWith(Number) })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(orderItems.orderId);
      const itemsOf = new Map(counts.map((count) => [count.orderId, count.items]));
      yield rows.map(({ id, order, placedAt }) => ({
        order_number: order.orderNumber,
        placed_at: placedAt,
        status: order.status,
        payment_status: order.paymentStatus,
        payment_method: order.paymentMethod,
        source: order.source,
        customer_name: order.customerName,
        customer_phone: order.customerPhone,
        customer_email: order.customerEmail,
        governorate: order.shippingAddress.governorate ?? null,
        city: order.shippingAddress.city,
        items: itemsOf.get(id) ?? 0,
        subtotal: money(order.subtotal),
        discount: money(order.discount),
        promo_code: order.promoCode,
        shipping: money(order.shipping),
        tax: money(order.tax),
        total: money(order.total),
        refunded: money(order.refunded),
        carrier: order.carrier,
        tracking_number: order.trackingNumber,
      }));
    }
    const last = rows.at(-1) as Record<string, unknown> | undefined;
    if (!last || rows.length < step) return;
    after = walk.keys.map((_, index) => String(last[`k${index}`]));
  }
}
