import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { createProduct, createVariantProduct } from '../factories/catalogue.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Every analytics roll-up row (docs/decisions/036-analytics-rollups.md), in one stable order, as
 * plain values: what a test compares with the same read after `select cedar_analytics_rebuild()`.
 */
export async function readRollUps(db: Db) {
  const read = async (query: string) => rowsOf(await db.execute(sql.raw(query)));
  return {
    orderDays: await read(
      'select day::text, source, status, payment_status, orders, total_cents::text, refunded_cents::text, refunded_orders, discount_cents::text, tax_cents::text, shipping_cents::text, promo_orders, promo_revenue_cents::text, delivered_orders, delivery_seconds::text from analytics_order_days order by 1, 2, 3, 4',
    ),
    productDays: await read(
      'select day::text, product_id, variant_id, quantity, revenue_cents::text, lines from analytics_product_days order by 1, 2, 3',
    ),
    productMonths: await read(
      'select month::text, product_id, variant_id, quantity, revenue_cents::text, lines from analytics_product_months order by 1, 2, 3',
    ),
    customers: await read('select customer_id, first_day::text, orders from analytics_customers order by 1'),
    customerMonths: await read(
      'select month::text, customer_id, orders, revenue_cents::text, last_at::text from analytics_customer_months order by 1, 2',
    ),
  };
}

/**
 * What the roll-up tests order: the simple products named (10,000 in stock each), a board with
 * two memory variants, and a product the test may delete (its lines then count under the nil
 * UUID). Returns each orderable line and the deletable product's id.
 */
export async function createRollUpCatalogue(db: Db, simple: readonly (readonly [string, number])[]) {
  const lines: { product_id: string; variant_id?: string }[] = [];
  for (const [name, price] of simple) {
    lines.push({ product_id: (await createProduct(db, { name, price, stockQuantity: 10_000 })).id });
  }
  const board = await createVariantProduct(db, {
    name: 'Raspberry Pi 5',
    variations: [{ name: 'Memory', options: ['4 GB', '8 GB'] }],
    variants: [
      { options: { Memory: '4 GB' }, price: 60, stockQuantity: 10_000 },
      { options: { Memory: '8 GB' }, price: 80, stockQuantity: 10_000 },
    ],
  });
  for (const variant of board.variants) lines.push({ product_id: board.product.id, variant_id: variant.id });
  const deletable = (await createProduct(db, { name: 'Discontinued Sensor', price: 9.99, stockQuantity: 10_000 })).id;
  lines.push({ product_id: deletable });
  return { lines, deletable };
}
