import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { conflict, notFound } from '#server/errors.ts';
import {
  type AdminOrder,
  ALREADY_OUT_FOR_DELIVERY_MESSAGE,
  type OutForDeliveryRequest,
  outForDeliveryRefusedMessage,
} from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { addHistory, getAdminOrder } from './admin-order-queries.ts';
import {
  mailOrderOf,
  outForDeliveryMail,
  queueShopperMessages,
  type StatusMailSettings,
  shopperText,
  statusMailOrderOf,
} from './order-status-mail.ts';
import { orderTextKey, textWanted } from './order-texts.ts';
import { orders } from './orders.table.ts';

/**
 * `POST /admin/orders/{id}/out-for-delivery` (docs/product.md#out-for-delivery): the parcel of a
 * shipped order is with the driver today. A step of the shipped order, not a status: the order
 * stays `shipped` (status filters, analytics and ORDER_TRANSITIONS do not know it), and
 * `orders.out_for_delivery_at` says when. One transaction: the step, its timeline entry, the audit
 * row and the shopper's mail and text in the message outbox commit together.
 */

export interface OutForDeliveryResult {
  order: AdminOrder;
  /** True when a message to the shopper was queued: the caller wakes the sender after commit. */
  messageQueued: boolean;
}

/** The outbox keys of the step's messages: one mail and one text per order, ever. */
export const outForDeliveryMailKey = (orderId: string) => `order:${orderId}:step:out_for_delivery`;
export const outForDeliveryTextKey = (orderId: string) => orderTextKey(orderId, 'step:out_for_delivery');

const EVENT = 'order.out_for_delivery';

export async function markOutForDelivery(
  db: Db,
  id: string,
  input: OutForDeliveryRequest,
  context: AuditContext,
  /** The shop's mail settings now; without them (scripts) no message is queued. */
  mail?: StatusMailSettings,
): Promise<OutForDeliveryResult> {
  const note = input?.note || null;
  let messageQueued = false;
  await inTransaction(db, async (tx) => {
    messageQueued = false;
    // One conditional UPDATE records the step: of concurrent requests exactly one finds the order
    // shipped and without it (PostgreSQL checks the condition again on the row the first one
    // committed; PGlite runs them one after the other), so the timeline, the audit and the
    // messages below happen once. A "Mark delivered" racing it wins or loses the same way.
    const [row] = await tx
      .update(orders)
      .set({ outForDeliveryAt: sql`now()`, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, 'shipped'), isNull(orders.outForDeliveryAt)))
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      if (!current) throw notFound('Order');
      if (current.status === 'shipped') {
        throw conflict(ALREADY_OUT_FOR_DELIVERY_MESSAGE, [
          { path: 'out_for_delivery_at', message: ALREADY_OUT_FOR_DELIVERY_MESSAGE },
        ]);
      }
      // The stored status is text, only ever written from the enum.
      const message = outForDeliveryRefusedMessage(current.status as OrderStatus);
      throw conflict(message, [{ path: 'status', message }]);
    }
    const at = row.outForDeliveryAt as Date;
    await addHistory(tx, {
      orderId: id,
      kind: 'out_for_delivery',
      from: 'shipped',
      to: 'shipped',
      note,
      by: context.actor?.id ?? null,
    });
    await recordAudit(tx, {
      context,
      action: 'order.out_for_delivery',
      entityType: 'order',
      entityId: id,
      before: { out_for_delivery_at: null },
      after: { out_for_delivery_at: at.toISOString(), ...(note ? { note } : {}) },
    });
    // Queued here, in the step's transaction: a refused or rolled-back step queues nothing.
    if (mail) {
      const email = row.customerEmail;
      messageQueued = await queueShopperMessages(tx, id, {
        ...(email &&
          mail.switches.out_for_delivery === true && {
            mail: {
              event: EVENT,
              to: email,
              content: outForDeliveryMail(await mailOrderOf(tx, row), mail),
              dedupeKey: outForDeliveryMailKey(id),
            },
          }),
        ...(textWanted('out_for_delivery', mail.texts) && {
          text: {
            event: EVENT,
            to: row.customerPhone,
            body: shopperText('out_for_delivery', mail, statusMailOrderOf(row)),
            dedupeKey: outForDeliveryTextKey(id),
          },
        }),
      });
    }
  });
  return { order: await getAdminOrder(db, id), messageQueued };
}
