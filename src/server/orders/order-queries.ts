import { createHash, timingSafeEqual } from 'node:crypto';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Order } from '#shared/contracts/orders.ts';
import { type OrderRow, toOrder } from './orders.mapper.ts';
import { orderItems, orders } from './orders.table.ts';

/** Reads of whole orders (row + lines): two small indexed queries. */
async function findOrder(
  db: Db,
  where: SQL,
  /** Checked on the row before the lines are read, so a refused read costs one query. */
  allow: (row: OrderRow) => boolean = () => true,
): Promise<{ order: Order; requestHash: string | null } | null> {
  const [row] = await db.select().from(orders).where(where).limit(1);
  if (!row || !allow(row)) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position));
  return { order: toOrder(row, items), requestHash: row.requestHash };
}

export function findOrderByIdempotencyKey(db: Db, key: string) {
  return findOrder(db, eq(orders.idempotencyKey, key));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Equal-length digests, so the comparison takes the same time whatever the token's length. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The shopper's confirmation read: the order only with its access token. An unknown id, a
 * malformed id and a wrong or missing token all give null, so the answer never tells which.
 */
export async function findOrderWithToken(db: Db, id: string, token: string | undefined): Promise<Order | null> {
  if (!UUID.test(id) || !token) return null;
  const found = await findOrder(db, eq(orders.id, id), (row) => sameToken(token, row.accessToken));
  return found?.order ?? null;
}
