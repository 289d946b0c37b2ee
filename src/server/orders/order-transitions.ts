import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { toShippingAddress } from '#server/db/address-column.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { conflict, notFound } from '#server/errors.ts';
import { insertOrderNotifications } from '#server/notifications/notify-admins.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { promoCodes } from '#server/promo-codes/promo-codes.table.ts';
import {
  ADDRESS_EDITABLE_STATUSES,
  ADDRESS_LOCKED_MESSAGE,
  type AdminOrder,
  type AdminOrderUpdate,
  canTransition,
  ORDER_STATUS_LABELS,
  transitionRefusedMessage,
} from '#shared/contracts/admin-orders.ts';
import type { OrderStatus, PaymentStatus } from '#shared/contracts/orders.ts';
import { addHistory, getAdminOrder } from './admin-order-queries.ts';
import {
  mailOrderOf,
  orderStatusMail,
  queueShopperMessages,
  type StatusMailSettings,
  shopperText,
  statusMailEvent,
  statusMailKey,
  statusMailOrderOf,
  statusMailWanted,
} from './order-status-mail.ts';
import { orderTextKey, textWanted } from './order-texts.ts';
import { orderItems, orders } from './orders.table.ts';

/**
 * `PUT /admin/orders/{id}`: a status change along ORDER_TRANSITIONS, internal notes, an address
 * correction before shipping, a cash payment received. One transaction: the order, the stock a
 * cancel gives back, the timeline, the admins' notifications, the audit row and the shopper's
 * status mail in the message outbox (issue 34: queued, never sent here) commit together.
 */

export const PAYMENT_ALREADY_REFUNDED_MESSAGE = 'This order was refunded; its payment cannot be marked as paid';

export interface AdminOrderUpdateResult {
  order: AdminOrder;
  /** True when the status moved: the caller announces it to the admins after commit. */
  statusChanged: boolean;
  /** True when a mail to the shopper was queued: the caller wakes the sender after commit. */
  messageQueued: boolean;
}

/** Refused transitions name both states; the stored status is text, only ever written from the enum. */
function refuse(from: string, to: OrderStatus) {
  return conflict(transitionRefusedMessage(from as OrderStatus, to), [
    { path: 'status', message: transitionRefusedMessage(from as OrderStatus, to) },
  ]);
}

/**
 * Moves the order from `from` to `to` only if it is still at `from` (conditional UPDATE): of two
 * concurrent cancels exactly one changes the row, so only that one gives the stock back; the
 * other gets the 409. Delivering a cash-on-delivery order means the cash was received.
 */
async function changeStatus(tx: Db, id: string, from: OrderStatus, to: OrderStatus): Promise<void> {
  if (to === 'cancelled') await lockWhatACancelGivesBack(tx, id);
  const moved = await tx
    .update(orders)
    .set({
      status: to,
      paymentStatus:
        to === 'delivered'
          ? sql`case when ${orders.paymentMethod} = 'cash_on_delivery' and ${orders.paymentStatus} = 'pending' then 'paid' else ${orders.paymentStatus} end`
          : sql`${orders.paymentStatus}`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) {
    const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    throw refuse(now?.status ?? from, to);
  }
  if (to === 'cancelled') {
    await returnStock(tx, id);
    await returnPromoUse(tx, id);
  }
}

/**
 * A cancel locks the rows it will give back to (the lines' variants by id, their products by id,
 * the promo code) before it changes the order: the order's row change moves the analytics
 * roll-ups (analytics-rollups.sql), whose rows an order placement locks after exactly these. Taken
 * the other way round, a cancel holding a roll-up row and waiting for a variant and a checkout
 * holding that variant and waiting for the row would deadlock on PostgreSQL.
 */
async function lockWhatACancelGivesBack(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`
    with v as materialized (
      select k.id, k.product_id from ${productVariants} as k
      where k.id = any (array(select ${orderItems.variantId} from ${orderItems} where ${orderItems.orderId} = ${orderId}))
      order by k.id for no key update
    )
    select 1 from ${products} as p where p.id = any (array(select v.product_id from v)) order by p.id for no key update`);
  await tx.execute(sql`
    select 1 from ${promoCodes} as c
    where c.id = (select ${orders.promoCodeId} from ${orders} where ${orders.id} = ${orderId} and ${orders.promoUseCounted})
    for no key update`);
}

/**
 * A cancelled order gives its promo code's use back, once (docs/product.md#counting-uses): the
 * conditional UPDATE clears `promo_use_counted` only if it was set, so a second cancel (or any
 * other path) finds nothing to give back. Taken after the stock, like placing an order locks
 * variants, products, then the code's row (place-order.sql). A code deleted since (promo_code_id
 * set null) has nothing to give back to.
 */
async function returnPromoUse(tx: Db, orderId: string): Promise<void> {
  const [given] = await tx
    .update(orders)
    .set({ promoUseCounted: false })
    .where(and(eq(orders.id, orderId), eq(orders.promoUseCounted, true)))
    .returning({ promoCodeId: orders.promoCodeId });
  if (!given?.promoCodeId) return;
  await tx
    .update(promoCodes)
    // updated_at says when the code was last edited, not used (placing an order leaves it too).
    .set({ currentUses: sql`greatest(${promoCodes.currentUses} - 1, 0)`, updatedAt: sql`${promoCodes.updatedAt}` })
    .where(eq(promoCodes.id, given.promoCodeId));
}

/**
 * Every line's quantity back to its variant (decision 012 §3; lines of one variant summed; lines
 * whose variant was deleted, only possible with its product, return nothing). The variants are
 * locked in id order first and the roll-up trigger then locks their products in id order: the
 * one order every order placement uses too (docs/engineering.md#data-rules), so cancels and
 * checkouts cannot deadlock on PostgreSQL. The variants' NOTIFY trigger (migration 0009) tells
 * the storefront catalogue; the roll-up derives the products' stock.
 */
async function returnStock(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`
    with l as materialized (
      select ${orderItems.variantId} as variant_id, sum(${orderItems.quantity})::integer as quantity
      from ${orderItems}
      where ${orderItems.orderId} = ${orderId} and ${orderItems.variantId} is not null
      group by ${orderItems.variantId}
    ), locked as materialized (
      -- An array (not a semi-join), so the primary-key index finds the rows.
      select k.id from ${productVariants} as k where k.id = any (array(select variant_id from l))
      order by k.id for no key update
    )
    update ${productVariants} as v set stock_quantity = v.stock_quantity + l.quantity, updated_at = now()
    from l, locked
    where v.id = l.variant_id and locked.id = v.id`);
}

export async function updateAdminOrder(
  db: Db,
  id: string,
  input: AdminOrderUpdate,
  context: AuditContext,
  /** The shop's mail settings now; without them (scripts, old tests) no mail is queued. */
  mail?: StatusMailSettings,
): Promise<AdminOrderUpdateResult> {
  const { statusChanged, messageQueued } = await applyAdminOrderUpdate(db, id, input, context, mail);
  return { order: await getAdminOrder(db, id), statusChanged, messageQueued };
}

export interface AppliedOrderUpdate {
  orderNumber: string;
  /** The status before the change. */
  from: OrderStatus;
  statusChanged: boolean;
  messageQueued: boolean;
}

/**
 * The change itself, in its transaction, without reading the order back: `updateAdminOrder` for
 * one order, and the bulk status change (bulk-order-status.ts) once per order, so both follow
 * the same rules and leave the same trail. Throws the same 404 and 409s.
 */
export async function applyAdminOrderUpdate(
  db: Db,
  id: string,
  input: AdminOrderUpdate,
  context: AuditContext,
  mail?: StatusMailSettings,
): Promise<AppliedOrderUpdate> {
  const actor = context.actor?.id ?? null;
  let messageQueued = false;
  let orderNumber = '';
  let from: OrderStatus = 'pending';
  const statusChanged = await inTransaction(db, async (tx) => {
    messageQueued = false;
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!current) throw notFound('Order');
    orderNumber = current.orderNumber;
    from = current.status as OrderStatus;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const edits: string[] = [];

    // Checked first so a refused request changes nothing.
    if (input.status !== undefined && !canTransition(from, input.status)) throw refuse(from, input.status);
    if (input.shipping_address !== undefined && !ADDRESS_EDITABLE_STATUSES.includes(from)) {
      throw conflict(ADDRESS_LOCKED_MESSAGE, [{ path: 'shipping_address', message: ADDRESS_LOCKED_MESSAGE }]);
    }
    const payment = current.paymentStatus as PaymentStatus;
    if (input.payment_status === 'paid' && (payment === 'refunded' || payment === 'partially_refunded')) {
      throw conflict(PAYMENT_ALREADY_REFUNDED_MESSAGE, [
        { path: 'payment_status', message: PAYMENT_ALREADY_REFUNDED_MESSAGE },
      ]);
    }

    const columns: Partial<typeof orders.$inferInsert> = {};
    if (input.internal_notes !== undefined && (input.internal_notes || null) !== current.internalNotes) {
      columns.internalNotes = input.internal_notes || null;
      before.internal_notes = current.internalNotes;
      after.internal_notes = columns.internalNotes;
      edits.push('Internal notes changed');
    }
    const address = input.shipping_address && toShippingAddress(input.shipping_address);
    // An address sent back unchanged (the whole form is sent) is not an edit worth a history line.
    if (address && JSON.stringify(address) !== JSON.stringify(toShippingAddress(current.shippingAddress))) {
      columns.shippingAddress = address;
      before.shipping_address = current.shippingAddress;
      after.shipping_address = columns.shippingAddress;
      edits.push('Address corrected');
    }
    if (input.payment_status === 'paid' && payment === 'pending') {
      columns.paymentStatus = 'paid';
      before.payment_status = payment;
      after.payment_status = 'paid';
      edits.push('Payment received');
    }
    if (Object.keys(columns).length > 0) {
      await tx
        .update(orders)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(orders.id, id));
    }

    const to = input.status;
    if (to !== undefined) {
      await changeStatus(tx, id, from, to);
      before.status = from;
      after.status = to;
      // How the parcel left (docs/product.md#tracking), written beside the status.
      const shipment =
        to === 'shipped' && input.shipment
          ? {
              carrier: input.shipment.carrier,
              tracking_number: input.shipment.tracking_number || null,
              tracking_url: input.shipment.tracking_url || null,
            }
          : null;
      if (shipment) {
        await tx
          .update(orders)
          .set({
            carrier: shipment.carrier,
            trackingNumber: shipment.tracking_number,
            trackingUrl: shipment.tracking_url,
          })
          .where(eq(orders.id, id));
        after.shipment = shipment;
      }
      // The timeline says how it left: "With Aramex, tracking 123456" before the admin's own note.
      const shippedWith = shipment
        ? `With ${shipment.carrier}${shipment.tracking_number ? `, tracking ${shipment.tracking_number}` : ''}`
        : '';
      const note = [shippedWith, input.note].filter(Boolean).join('. ') || null;
      await addHistory(tx, { orderId: id, kind: 'status', from, to, note, by: actor });
      const label = ORDER_STATUS_LABELS[to];
      await insertOrderNotifications(tx, {
        type: 'order_status',
        orderId: id,
        orderNumber: current.orderNumber,
        totalAmount: current.total,
        status: to,
        title: `Order ${current.orderNumber} ${label.toLowerCase()}`,
        message: `${current.orderNumber} changed from ${ORDER_STATUS_LABELS[from]} to ${label}`,
      });
      // Queued here, in the change's transaction: a rolled-back change queues nothing.
      if (mail) {
        const email = current.customerEmail;
        messageQueued = await queueShopperMessages(tx, id, {
          ...(email &&
            statusMailWanted(to, mail.switches) && {
              mail: {
                event: statusMailEvent(to),
                to: email,
                content: orderStatusMail(await mailOrderOf(tx, current, shipment), to, mail, input.note),
                dedupeKey: statusMailKey(id, to),
              },
            }),
          ...(textWanted(to, mail.texts) && {
            text: {
              event: `order.${to}`,
              to: current.customerPhone,
              body: shopperText(to, mail, statusMailOrderOf(current, shipment), {
                reason: to === 'cancelled' ? input.note : null,
              }),
              dedupeKey: orderTextKey(id, `status:${to}`),
            },
          }),
        });
      }
    }
    if (edits.length > 0) {
      const status = to ?? from;
      // A note sent without a status change belongs with the edit.
      const note = to === undefined && input.note ? `${edits.join('; ')}: ${input.note}` : edits.join('; ');
      await addHistory(tx, { orderId: id, kind: 'update', from: status, to: status, note, by: actor });
    }
    if (Object.keys(after).length > 0) {
      await recordAudit(tx, {
        context,
        action: to !== undefined ? 'order.status' : 'order.update',
        entityType: 'order',
        entityId: id,
        before,
        after,
      });
    }
    return to !== undefined;
  });
  return { orderNumber, from, statusChanged, messageQueued };
}
