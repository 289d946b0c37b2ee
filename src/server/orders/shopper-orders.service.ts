import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { linkAccountToCustomer } from '#server/customers/customer-account-link.ts';
import type { Db } from '#server/db/client.ts';
import { toNumber } from '#server/products/products.mapper.ts';
import { users } from '#server/users/users.table.ts';
import type { ShopperOrder, ShopperOrderSummary, ShopperOrdersQuery } from '#shared/contracts/accounts.ts';
import type { OrderEventKind } from '#shared/contracts/admin-orders.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import type { OrderStatus, PaymentStatus } from '#shared/contracts/orders.ts';
import { toOrder } from './orders.mapper.ts';
import { orderItems, orderStatusHistory, orders } from './orders.table.ts';

/**
 * The signed-in shopper's orders (docs/product.md#account-area). An order is theirs when it was
 * placed signed in to the account (`orders.user_id`), when it belongs to the account's customer
 * record (`users.customer_id`), or when its phone or email is one the account has VERIFIED: so
 * earlier guest orders appear once the contact is proven, and typing someone's number into a
 * sign-up shows nothing of theirs.
 */

interface Owner {
  id: string;
  customerId: string | null;
  verifiedPhone: string | null;
  verifiedEmail: string | null;
}

async function ownerOf(db: Db, userId: string): Promise<Owner | null> {
  const [row] = await db
    .select({
      customerId: users.customerId,
      phone: users.phone,
      email: users.email,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    id: userId,
    customerId: row.customerId,
    verifiedPhone: row.phoneVerifiedAt ? row.phone : null,
    verifiedEmail: row.emailVerifiedAt && row.email ? row.email.toLowerCase() : null,
  };
}

function ownedBy(owner: Owner): SQL {
  return or(
    eq(orders.userId, owner.id),
    owner.customerId ? eq(orders.customerId, owner.customerId) : undefined,
    owner.verifiedPhone ? eq(orders.customerPhone, owner.verifiedPhone) : undefined,
    // Checkout stores the email lowercased; lower() keeps an admin-typed one matching too.
    owner.verifiedEmail ? sql`lower(${orders.customerEmail}) = ${owner.verifiedEmail}` : undefined,
  ) as SQL;
}

export async function listShopperOrders(
  db: Db,
  userId: string,
  query: ShopperOrdersQuery,
): Promise<{ data: ShopperOrderSummary[]; pagination: Pagination }> {
  const owner = await ownerOf(db, userId);
  if (!owner) return { data: [], pagination: buildPagination(query.page, query.limit, 0) };
  const where = ownedBy(owner);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        total: orders.total,
        createdAt: orders.createdAt,
        itemCount: sql<number>`(select coalesce(sum(i.quantity), 0)::integer from ${orderItems} i where i.order_id = ${orders}.id)`,
        image: sql<
          string | null
        >`(select i.image from ${orderItems} i where i.order_id = ${orders}.id order by i.position limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      order_number: row.orderNumber,
      status: row.status as OrderStatus,
      payment_status: row.paymentStatus as PaymentStatus,
      total: toNumber(row.total),
      item_count: Number(row.itemCount),
      image: row.image,
      created_at: row.createdAt.toISOString(),
    })),
    pagination: buildPagination(query.page, query.limit, totalRow?.n ?? 0),
  };
}

/** One of the shopper's orders with its lines and status timeline, or null (not theirs, or unknown). */
export async function findShopperOrder(db: Db, userId: string, id: string): Promise<ShopperOrder | null> {
  const owner = await ownerOf(db, userId);
  if (!owner) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) return null;
  const [items, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position)),
    db
      .select({
        kind: orderStatusHistory.kind,
        status: orderStatusHistory.toStatus,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      // The status changes and the delivery step (docs/product.md#out-for-delivery), not the edits.
      .where(
        and(
          eq(orderStatusHistory.orderId, id),
          inArray(orderStatusHistory.kind, ['status', 'out_for_delivery'] satisfies OrderEventKind[]),
        ),
      )
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  const { access_token: _token, ...order } = toOrder(row, items);
  return {
    ...order,
    history: history.map((entry) => ({
      kind: entry.kind === 'out_for_delivery' ? 'out_for_delivery' : 'status',
      status: entry.status as OrderStatus,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * After a signed-in checkout (docs/product.md#signed-in-checkout): the order joins the account, and
 * an account without a customer record takes the order's, but only when the order was placed with
 * one of the account's verified contacts (otherwise typing a stranger's phone at checkout would
 * open their order history) and no other account holds that record. Two statements, after the
 * placement has committed; guests never get here.
 */
export async function linkOrderToShopper(db: Db, userId: string, orderId: string): Promise<void> {
  const [placed] = await db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.id, orderId), isNull(orders.userId)))
    .returning({ customerId: orders.customerId });
  // The one linking rule of customers/ (a verified contact must match the order's customer).
  if (placed?.customerId) await linkAccountToCustomer(db, userId, placed.customerId);
}
