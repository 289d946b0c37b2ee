import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { AdminOrdersQuery } from '#shared/contracts/admin-orders.ts';
import { ORDER_ROW_COLUMNS, type OrderRowKey } from '#shared/contracts/analytics.ts';
import { filterConditions, SORT_COLUMNS } from './admin-order-queries.ts';
import { orderItems, orders } from './orders.table.ts';

/**
 * Orders one row each (ORDER_ROW_COLUMNS), read in steps of EXPORT_STEP_ROWS along an order of
 * keys (keyset: after the last row read), so a walk over 100,000 orders holds one step in memory
 * and never holds the database between steps. `GET /admin/orders/export` walks the list's filters
 * in the list's sort (docs/product.md#admin-endpoints); the `orders` report walks a period of the
 * shop's days, oldest first (docs/product.md#reports). A step's rows are in memory several times
 * over while it is turned into CSV (the JSON text in the database's WebAssembly memory and on both
 * threads, the parsed rows, the records, the cells), and the server's small young generation
 * (package.json `start`) promotes them to the old one, which V8 lets grow before collecting: the
 * step sets how far the RSS grows. A fresh server's RSS grew ~48-50 MB over a 100,000-order export
 * in steps of 2,000, ~31 MB in steps of 500 (as fast: ~4 s; each step is an index walk of ~1-3 ms),
 * ~22 MB in steps of 100 (`npm run bench -- "analytics: CSV"`; docs/engineering.md#budgets).
 */
export const EXPORT_STEP_ROWS = 500;

/** A sort key and the type its text form is cast back to for the next step's condition. */
export interface OrderSortKey {
  expr: SQL;
  type: 'timestamptz' | 'numeric' | 'text' | 'integer' | 'uuid';
}

export interface OrderWalk {
  where: SQL | undefined;
  /**
   * A condition on the step's sort keys (`s0`, `s1`…) applied after the step is taken: where the
   * walk ends. A period's end as a second bound on the same column beside its start would make
   * the planner guess a few hundred rows (it has no statistics) and sort them all instead of
   * reading the index in order; the rows past the end come last, so the step they cut short is the last.
   */
  until?: SQL;
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
    where: sql`${orders.createdAt} >= ${start}`,
    until: sql`s0 < ${end}`,
    keys: [{ expr: sql`${orders.createdAt}`, type: 'timestamptz' }, idKey],
    descending: false,
  };
}

/**
 * The rows after `after` in the walk's order: `k0 >= a0 and not (k0 = a0 and not (k1 > a1 or (k1 = a1
 * and …)))` (`<=`, `<` when descending). Written so that the planner, which never has statistics on
 * the embedded database, sees one bound on the first key and a condition that keeps nearly every
 * row: it then reads the index in order and stops after a step. Both a row comparison
 * `(k0, k1) > (a0, a1)` and the plain `k0 > a0 or (k0 = a0 and k1 > a1)` look to it as if they kept
 * a few thousand rows, so it read and sorted the whole rest of the orders at every step (a
 * 100,000-order export: 50 steps of ~70 ms instead of ~10 ms).
 */
function afterKeys(walk: OrderWalk, after: string[]): SQL {
  const value = (index: number) => {
    const key = walk.keys[index] as OrderSortKey;
    return sql`${after[index]}::${sql.raw(key.type)}`;
  };
  const beyond = sql.raw(walk.descending ? '<' : '>');
  const rest = (index: number): SQL => {
    const key = walk.keys[index] as OrderSortKey;
    if (index === walk.keys.length - 1) return sql`${key.expr} ${beyond} ${value(index)}`;
    return sql`(${key.expr} ${beyond} ${value(index)} or (${key.expr} = ${value(index)} and ${rest(index + 1)}))`;
  };
  const first = walk.keys[0] as OrderSortKey;
  if (walk.keys.length === 1) return rest(0);
  return sql`${first.expr} ${sql.raw(walk.descending ? '<=' : '>=')} ${value(0)} and not (${first.expr} = ${value(0)} and not ${rest(1)})`;
}

/**
 * The rows of `walk`, a step at a time: one statement per step, which returns the step as one
 * JSON text (`json_agg`), read with one `JSON.parse`; the database's driver reads a row of 20
 * columns field by field at several times the cost. `timeZone` is the shop's: `placed_at` is its
 * wall clock, formatted by the database (an Intl formatter per row would cost more than the row).
 * The item counts come with the step, one index lookup per order.
 */
export async function* orderRowPages(
  db: Db,
  walk: OrderWalk,
  timeZone: string,
  step = EXPORT_STEP_ROWS,
): AsyncGenerator<OrderRowRecord[]> {
  const o = orders;
  const direction = sql.raw(walk.descending ? 'desc' : 'asc');
  // Each key twice: as text for the next step's condition, and typed (s0, s1…) to order the JSON by.
  const keyColumns = walk.keys.flatMap((key, index) => [
    sql`(${key.expr})::text as ${sql.identifier(`k${index}`)}`,
    sql`${key.expr} as ${sql.identifier(`s${index}`)}`,
  ]);
  const jsonOrder = sql.join(
    walk.keys.map((_, index) => sql`p.${sql.identifier(`s${index}`)} ${direction}`),
    sql`, `,
  );
  let after: string[] | undefined;
  for (;;) {
    const page = sql`select ${o.id} as id, ${o.orderNumber} as order_number,
        to_char(${o.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as placed_at,
        ${o.status} as status, ${o.paymentStatus} as payment_status, ${o.paymentMethod} as payment_method,
        ${o.source} as source, ${o.customerName} as customer_name, ${o.customerPhone} as customer_phone,
        ${o.customerEmail} as customer_email, ${o.shippingAddress} ->> 'governorate' as governorate,
        ${o.shippingAddress} ->> 'city' as city, ${o.subtotal} as subtotal, ${o.discount} as discount,
        ${o.promoCode} as promo_code, ${o.shipping} as shipping, ${o.tax} as tax, ${o.total} as total,
        ${o.refundedAmount} as refunded, ${o.carrier} as carrier, ${o.trackingNumber} as tracking_number,
        ${sql.join(keyColumns, sql`, `)}
      from ${o}
      where ${and(walk.where, after ? afterKeys(walk, after) : undefined) ?? sql`true`}
      order by ${sql.join(
        walk.keys.map((key) => sql`${key.expr} ${direction}`),
        sql`, `,
      )}
      limit ${step}`;
    const stepped = walk.until ? sql`select * from (${page}) as stepped where ${walk.until}` : page;
    const [result] = (
      (await db.execute(
        sql`with page as (${stepped}),
            items as (
              select ${orderItems.orderId} as order_id, sum(${orderItems.quantity})::integer as n from ${orderItems}
              where ${orderItems.orderId} = any (array(select id from page)) group by ${orderItems.orderId}
            )
          select coalesce(json_agg(p order by ${jsonOrder}), '[]')::text as rows
          from (select page.*, coalesce(items.n, 0) as items from page left join items on items.order_id = page.id) as p`,
      )) as unknown as { rows: { rows: string }[] }
    ).rows;
    const rows = JSON.parse(result?.rows ?? '[]') as Record<string, string | number | null>[];
    if (rows.length > 0) {
      yield rows.map(
        (row) => Object.fromEntries(ORDER_ROW_COLUMNS.map(({ key }) => [key, row[key] ?? null])) as OrderRowRecord,
      );
    }
    const last = rows.at(-1);
    if (!last || rows.length < step) return;
    after = walk.keys.map((_, index) => String(last[`k${index}`]));
  }
}
