import { and, asc, count, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { containsPattern, pageOffset, phoneCondition, sortDirection } from '#server/db/list-queries.ts';
import { notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import {
  type AdminOrder,
  type AdminOrderListItem,
  type AdminOrdersList,
  type AdminOrdersQuery,
  allowedTransitions,
  type OrderEventKind,
} from '#shared/contracts/admin-orders.ts';
import { buildPagination } from '#shared/contracts/common.ts';
import { ORDER_STATUSES, type OrderStatus, type PaymentStatus } from '#shared/contracts/orders.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { type OrderRow, toOrder } from './orders.mapper.ts';
import { orderItems, orderRefunds, orderStatusHistory, orders } from './orders.table.ts';

/** Staff reads of orders (docs/product.md#admin-endpoints): the filtered list, its tab counts, one order in full. */

/** The list's filters as conditions (the export walks the same ones); `withStatus` false for the tab counts. */
export function filterConditions(query: AdminOrdersQuery, withStatus: boolean): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(
      ilike(orders.orderNumber, pattern),
      ilike(orders.customerName, pattern),
      ilike(orders.customerEmail, pattern),
      phoneCondition(orders.customerPhone, query.search),
    );
    if (match) conditions.push(match);
  }
  if (withStatus && query.status) conditions.push(eq(orders.status, query.status));
  if (query.payment_status) conditions.push(eq(orders.paymentStatus, query.payment_status));
  if (query.customer_id) conditions.push(eq(orders.customerId, query.customer_id));
  if (query.carrier) conditions.push(sql`lower(${orders.carrier}) = lower(${query.carrier})`);
  // Inclusive calendar days in UTC: from the start of date_from to the start of the day after date_to.
  if (query.date_from) conditions.push(gte(orders.createdAt, new Date(`${query.date_from}T00:00:00Z`)));
  if (query.date_to) {
    const end = new Date(`${query.date_to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.createdAt, end));
  }
  return conditions;
}

export const SORT_COLUMNS = {
  created_at: orders.createdAt,
  total: orders.total,
  order_number: orders.orderNumber,
  customer_name: sql`lower(${orders.customerName})`,
  status: orders.status,
} as const;

// Qualified by hand: inside a one-table select Drizzle writes columns without their table, and a
// bare "id" here would mean the line's own id.
const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0) from ${orderItems} oi where oi.order_id = "orders"."id")`;

export function toAdminOrderListItem(row: OrderRow, items: number): AdminOrderListItem {
  return {
    id: row.id,
    order_number: row.orderNumber,
    status: row.status as OrderStatus,
    payment_status: row.paymentStatus as PaymentStatus,
    customer: { id: row.customerId, name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    item_count: Number(items),
    total: row.total,
    refunded_amount: row.refundedAmount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.isDemo && { is_demo: true }),
  };
}

export function emptyStatusCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
}

/** `GET /admin/orders` (and a customer's orders): one page, the total, and the status tabs' counts. */
export async function listAdminOrders(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersList> {
  const conditions = filterConditions(query, true);
  const where = conditions.length ? and(...conditions) : undefined;
  const tabConditions = filterConditions(query, false);
  const direction = sortDirection(query.sort_order);
  // CS-100001 … CS-999999 share a length; a longer number (CS-1000000) sorts after them.
  const order = [
    ...(query.sort_by === 'order_number' ? [direction(sql`length(${orders.orderNumber})`)] : []),
    direction(SORT_COLUMNS[query.sort_by]),
    direction(orders.id),
  ];
  const [rows, byStatus] = await Promise.all([
    db
      .select({ order: orders, items: itemCount.mapWith(Number) })
      .from(orders)
      .where(where)
      // id breaks ties, so pages never repeat or skip an order that shares a sort value.
      .orderBy(...order)
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(tabConditions.length ? and(...tabConditions) : undefined)
      .groupBy(orders.status),
  ]);
  const statusCounts = emptyStatusCounts();
  for (const { status, n } of byStatus) statusCounts[status as OrderStatus] = n;
  const total = query.status ? statusCounts[query.status] : Object.values(statusCounts).reduce((sum, n) => sum + n, 0);
  return {
    data: rows.map((row) => toAdminOrderListItem(row.order, row.items)),
    pagination: buildPagination(query.page, query.limit, total),
    meta: { status_counts: statusCounts },
  };
}

/** What may still be refunded: nothing before the order is paid. */
export function refundableCents(row: Pick<OrderRow, 'paymentStatus' | 'total' | 'refundedAmount'>): number {
  if (row.paymentStatus !== 'paid' && row.paymentStatus !== 'partially_refunded') return 0;
  return Math.max(0, toCents(row.total) - toCents(row.refundedAmount));
}

const refundAuthor = alias(users, 'refund_author');

/** `GET /admin/orders/{id}`: the order with its lines, customer, timeline (with names) and refunds. */
export async function getAdminOrder(db: Db, id: string): Promise<AdminOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw notFound('Order');
  const [items, history, refunds] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position)),
    db
      .select({ entry: orderStatusHistory, by: { id: users.id, name: users.name } })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({ refund: orderRefunds, by: { id: refundAuthor.id, name: refundAuthor.name } })
      .from(orderRefunds)
      .leftJoin(refundAuthor, eq(refundAuthor.id, orderRefunds.createdBy))
      .where(eq(orderRefunds.orderId, id))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
  ]);
  const { access_token: _token, customer: _customer, ...order } = toOrder(row, items);
  return {
    ...order,
    customer: { id: row.customerId, name: row.customerName, phone: row.customerPhone, email: row.customerEmail },
    internal_notes: row.internalNotes,
    refunded_amount: row.refundedAmount,
    refundable_amount: fromCents(refundableCents(row)),
    allowed_transitions: [...allowedTransitions(row.status as OrderStatus)],
    history: history.map(({ entry, by }) => ({
      id: entry.id,
      kind: entry.kind as OrderEventKind,
      from_status: entry.fromStatus as OrderStatus | null,
      to_status: entry.toStatus as OrderStatus,
      note: entry.note,
      changed_by: by?.id ? { id: by.id, name: by.name } : null,
      created_at: entry.createdAt.toISOString(),
    })),
    refunds: refunds.map(({ refund, by }) => ({
      id: refund.id,
      amount: refund.amount,
      reason: refund.reason,
      created_by: by?.id ? { id: by.id, name: by.name } : null,
      created_at: refund.createdAt.toISOString(),
    })),
    source: row.source === 'admin' ? 'admin' : 'checkout',
    whatsapp_sent_at: row.whatsappSentAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One history entry (a status change, refund, WhatsApp message or edit) inside the caller's transaction. */
export async function addHistory(
  tx: Db,
  entry: {
    orderId: string;
    kind: OrderEventKind;
    from: OrderStatus | null;
    to: OrderStatus;
    note?: string | null;
    by: string | null;
  },
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: entry.orderId,
    kind: entry.kind,
    fromStatus: entry.from,
    toStatus: entry.to,
    note: entry.note ?? null,
    changedBy: entry.by,
    // The statement's clock, not the transaction's: entries of one request keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}
