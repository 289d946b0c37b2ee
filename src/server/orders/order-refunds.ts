import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { conflict, notFound } from '#server/errors.ts';
import {
  type AdminOrder,
  REFUND_NOT_PAID_MESSAGE,
  type RefundRequest,
  refundTooLargeMessage,
} from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { formatMoney, fromCents, toCents } from '#shared/money.ts';
import { addHistory, getAdminOrder, refundableCents } from './admin-order-queries.ts';
import {
  mailOrderOf,
  orderRefundMail,
  queueShopperMessages,
  refundMailKey,
  type StatusMailSettings,
  shopperText,
  statusMailOrderOf,
} from './order-status-mail.ts';
import { orderTextKey, textWanted } from './order-texts.ts';
import { orderRefunds, orders } from './orders.table.ts';

/**
 * `POST /admin/orders/{id}/refund`: money back on a paid order, never more than what remains.
 * The order row is locked and then moved by a conditional UPDATE on `refunded_amount`, and the
 * table's check (refunded_amount <= total, migration 0006) backs it: concurrent refunds can never
 * add up to more than the total.
 */

const REFUNDABLE = ['paid', 'partially_refunded'];

function tooLarge(remainingCents: number) {
  const message = refundTooLargeMessage(fromCents(remainingCents));
  return conflict(message, [{ path: 'refund_amount', message }]);
}

export async function refundOrder(
  db: Db,
  id: string,
  input: RefundRequest,
  context: AuditContext,
  /** The shopper's refund mail (settings: email `messages.customer.refunded`); none without. */
  mail?: StatusMailSettings & { currency: string },
): Promise<{ order: AdminOrder; messageQueued: boolean }> {
  const amountCents = toCents(input.refund_amount);
  const amount = fromCents(amountCents);
  const by = context.actor?.id ?? null;
  const messageQueued = await inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!current) throw notFound('Order');
    if (!REFUNDABLE.includes(current.paymentStatus)) throw conflict(REFUND_NOT_PAID_MESSAGE);
    const remaining = refundableCents(current);
    if (amountCents > remaining) throw tooLarge(remaining);

    const [moved] = await tx
      .update(orders)
      .set({
        refundedAmount: sql`${orders.refundedAmount} + ${amount}`,
        paymentStatus: sql`case when ${orders.refundedAmount} + ${amount} >= ${orders.total} then 'refunded' else 'partially_refunded' end`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(orders.id, id),
          inArray(orders.paymentStatus, REFUNDABLE),
          sql`${orders.refundedAmount} + ${amount} <= ${orders.total}`,
        ),
      )
      .returning({ refunded: orders.refundedAmount, paymentStatus: orders.paymentStatus });
    if (!moved) throw tooLarge(remaining);

    const [refund] = await tx
      .insert(orderRefunds)
      .values({ orderId: id, amount, reason: input.reason || null, createdBy: by })
      .returning({ id: orderRefunds.id });
    const status = current.status as OrderStatus;
    const note = `Refunded $${amount.toFixed(2)}${input.reason ? `: ${input.reason}` : ''}`;
    await addHistory(tx, { orderId: id, kind: 'refund', from: status, to: status, note, by });
    await recordAudit(tx, {
      context,
      action: 'order.refund',
      entityType: 'order',
      entityId: id,
      before: { refunded_amount: current.refundedAmount, payment_status: current.paymentStatus },
      after: { refunded_amount: moved.refunded, payment_status: moved.paymentStatus, refund: amount },
    });
    // Queued in the refund's transaction, like a status mail (order-transitions.ts).
    if (!mail || !refund) return false;
    const email = current.customerEmail;
    return queueShopperMessages(tx, id, {
      ...(email &&
        mail.switches.refunded === true && {
          mail: {
            event: 'order.refunded',
            to: email,
            content: orderRefundMail(
              await mailOrderOf(tx, current),
              {
                amount,
                reason: input.reason || null,
                whole: moved.paymentStatus === 'refunded',
                currency: mail.currency,
              },
              mail,
            ),
            dedupeKey: refundMailKey(id, refund.id),
          },
        }),
      ...(textWanted('refunded', mail.texts) && {
        text: {
          event: 'order.refunded',
          to: current.customerPhone,
          body: shopperText('refunded', mail, statusMailOrderOf(current), {
            amount: formatMoney(amount, mail.currency),
          }),
          dedupeKey: orderTextKey(id, `refund:${refund.id}`),
        },
      }),
    });
  });
  return { order: await getAdminOrder(db, id), messageQueued };
}
