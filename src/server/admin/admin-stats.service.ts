import { and, count, desc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { countRows } from '#server/db/list-queries.ts';
import { orderItems, orders } from '#server/orders/orders.table.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { type AdminStats, DASHBOARD_RECENT_ORDERS } from '#shared/contracts/auth.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { round2 } from '#shared/money.ts';

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The dashboard home (GET /admin/stats): a handful of aggregate queries, run side by side. */
export async function adminStats(db: Db, now = new Date()): Promise<AdminStats> {
  const activeProduct = eq(products.isActive, true);
  const activeVariantOfActiveProduct = and(
    eq(productVariants.isActive, true),
    sql`exists (select 1 from ${products} where ${products.id} = ${productVariants.productId} and ${products.isActive})`,
  );
  const [today, pending, lowStock, outOfStock, active, recent] = await Promise.all([
    db
      .select({ orders: count(), revenue: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(and(gte(orders.createdAt, startOfUtcDay(now)), ne(orders.status, 'cancelled'))),
    countRows(db, orders, eq(orders.status, 'pending')),
    // Active variants of active products (decision 012 §7): a product's sold-out 8 GB counts.
    countRows(
      db,
      productVariants,
      and(
        activeVariantOfActiveProduct,
        gt(productVariants.stockQuantity, 0),
        lte(productVariants.stockQuantity, productVariants.lowStockThreshold),
      ),
    ),
    countRows(db, productVariants, and(activeVariantOfActiveProduct, eq(productVariants.stockQuantity, 0))),
    countRows(db, products, activeProduct),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        total: orders.total,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(DASHBOARD_RECENT_ORDERS),
  ]);
  const itemCounts = new Map<string, number>();
  if (recent.length > 0) {
    const rows = await db
      .select({ orderId: orderItems.orderId, items: sql<string>`sum(${orderItems.quantity})` })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          recent.map((order) => order.id),
        ),
      )
      .groupBy(orderItems.orderId);
    for (const row of rows) itemCounts.set(row.orderId, Number(row.items));
  }
  return {
    today: { orders: today[0]?.orders ?? 0, revenue: round2(Number(today[0]?.revenue ?? 0)) },
    pending_orders: pending,
    low_stock_count: lowStock,
    out_of_stock_count: outOfStock,
    active_products: active,
    recent_orders: recent.map((order) => ({
      id: order.id,
      order_number: order.orderNumber,
      customer_name: order.customerName,
      total: order.total,
      status: order.status as OrderStatus,
      item_count: itemCounts.get(order.id) ?? 0,
      created_at: order.createdAt.toISOString(),
    })),
  };
}
