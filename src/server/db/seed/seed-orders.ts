import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { customers } from '#server/customers/customers.table.ts';
import type { Db } from '#server/db/client.ts';
import { orderItems, orderRefunds, orderStatusHistory, orders } from '#server/orders/orders.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { lineTotalCents } from '#shared/money.ts';
import { DEMO_PROMO, type DemoOrderProduct, demoOrderHistory } from './demo-orders.ts';

/** Rows per insert statement: well under the 65,535 bind parameters a statement may carry. */
const BATCH = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/**
 * Writes the demo's order history (demo-orders.ts) over the just-seeded catalogue, inside the
 * seed's transaction: its shoppers, then the orders oldest first (so their numbers follow their
 * dates), their lines, status steps and refunds, all marked `is_demo`. The analytics roll-ups'
 * triggers count them as they go in. First the launch offer some of them used (demo-orders.ts). No notification, mail or audit entry: nothing happened.
 * Priced with the first-start settings (a new shop's: no delivery charge, VAT 11 % on top).
 */
export async function seedDemoOrders(db: Db, products: readonly DemoOrderProduct[], now: Date): Promise<number> {
  const settings = BUILT_IN_SETTINGS;
  const history = demoOrderHistory(products, settings, now, settings.site.time_zone);
  if (history.orders.length === 0) return 0;

  // The launch offer, counting the uses its orders hold (a cancelled order gave its use back).
  const [offer] = await db
    .insert(promoCodes)
    .values({
      code: DEMO_PROMO.code,
      description: DEMO_PROMO.description,
      discountType: 'percentage',
      discountValue: DEMO_PROMO.percent,
      currentUses: history.orders.filter((order) => order.promo && order.status !== 'cancelled').length,
      startDate: history.promo.startDate,
      endDate: history.promo.endDate,
      isDemo: true,
      createdAt: history.orders[0]?.placedAt ?? now,
      updatedAt: history.orders[0]?.placedAt ?? now,
    })
    .returning({ id: promoCodes.id });

  // Each shopper joins on their first order, with the address of their last.
  const firstOrder = new Map<number, Date>();
  const lastAddress = new Map<number, (typeof history.orders)[number]['address']>();
  for (const order of history.orders) {
    if (!firstOrder.has(order.customer)) firstOrder.set(order.customer, order.placedAt);
    lastAddress.set(order.customer, order.address);
  }
  const customerIds: string[] = [];
  for (const batch of chunks(
    history.customers.map((customer, index) => ({ customer, index })),
    BATCH,
  )) {
    const rows = await db
      .insert(customers)
      .values(
        batch.map(({ customer, index }) => {
          const joined = firstOrder.get(index) ?? now;
          const address = lastAddress.get(index);
          return {
            name: customer.name,
            phone: customer.phone,
            email: customer.email,
            address: address ?? null,
            isDemo: true,
            createdAt: joined,
            updatedAt: joined,
          };
        }),
      )
      .returning({ id: customers.id });
    customerIds.push(...rows.map((row) => row.id));
  }

  for (const batch of chunks(history.orders, BATCH)) {
    const placed = await db
      .insert(orders)
      .values(
        batch.map((order) => {
          const customer = history.customers[order.customer];
          const payment = settings.payment[order.paymentMethod];
          return {
            orderNumber: sql`'CS-' || nextval('order_number_seq')::text`,
            status: order.status,
            paymentStatus: order.paymentStatus,
            paymentMethod: order.paymentMethod,
            customerName: customer?.name ?? 'Demo shopper',
            customerPhone: customer?.phone ?? '',
            customerEmail: customer?.email ?? null,
            shippingAddress: order.address,
            notes: order.notes,
            promoCode: order.promo ? DEMO_PROMO.code : null,
            promoCodeId: order.promo ? (offer?.id ?? null) : null,
            promoUseCounted: order.promo && order.status !== 'cancelled',
            promoDiscountType: order.promo ? 'percentage' : null,
            promoDiscountValue: order.promo ? DEMO_PROMO.percent : null,
            subtotal: order.subtotal,
            tax: order.tax,
            shipping: order.shipping,
            discount: order.discount,
            total: order.total,
            refundedAmount: order.refund?.amount ?? 0,
            taxLabel: settings.tax.label,
            taxRate: settings.tax.rate,
            pricesIncludeTax: settings.tax.prices_include_tax,
            taxNumber: settings.tax.vat_number,
            paymentLabel: payment.label,
            paymentInstructions: payment.instructions,
            carrier: order.carrier,
            deliveredAt: order.deliveredAt,
            accessToken: randomBytes(24).toString('base64url'),
            customerId: customerIds[order.customer] ?? null,
            source: order.source,
            isDemo: true,
            createdAt: order.placedAt,
            updatedAt: order.updatedAt,
          };
        }),
      )
      .returning({ id: orders.id });
    const lines = batch.flatMap((order, index) =>
      order.lines.map((line, position) => ({
        orderId: placed[index]?.id as string,
        productId: line.productId,
        variantId: line.variantId,
        productName: line.productName,
        sku: line.sku,
        image: line.image,
        unitPrice: line.unitPriceCents / 100,
        quantity: line.quantity,
        selectedVariations: line.selectedVariations,
        lineTotal: lineTotalCents(line.unitPriceCents, line.quantity) / 100,
        position,
        createdAt: order.placedAt,
      })),
    );
    for (const lineBatch of chunks(lines, BATCH)) await db.insert(orderItems).values(lineBatch);
    const steps = batch.flatMap((order, index) => [
      ...order.events.map((event) => ({
        orderId: placed[index]?.id as string,
        kind: 'status',
        fromStatus: event.from,
        toStatus: event.to,
        createdAt: event.at,
      })),
      ...(order.refund
        ? [
            {
              orderId: placed[index]?.id as string,
              kind: 'refund',
              fromStatus: order.status,
              toStatus: order.status,
              note: `Refunded $${order.refund.amount.toFixed(2)}: ${order.refund.reason}`,
              createdAt: order.refund.at,
            },
          ]
        : []),
    ]);
    for (const stepBatch of chunks(steps, BATCH)) await db.insert(orderStatusHistory).values(stepBatch);
    const refunds = batch.flatMap((order, index) =>
      order.refund
        ? [
            {
              orderId: placed[index]?.id as string,
              amount: order.refund.amount,
              reason: order.refund.reason,
              createdAt: order.refund.at,
            },
          ]
        : [],
    );
    if (refunds.length > 0) await db.insert(orderRefunds).values(refunds);
  }
  return history.orders.length;
}
