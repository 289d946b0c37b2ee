import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { conflict, notFound } from '#server/errors.ts';
import { ORDER_STATUS_LABELS, type WhatsAppMessage } from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { addHistory } from './admin-order-queries.ts';
import { orderItems, orders } from './orders.table.ts';

/**
 * `POST /admin/orders/{id}/whatsapp`: the wa.me link (the customer's E.164 number without "+")
 * carrying a ready message about the order; the admin screen opens it. Sending is the admin's
 * act in WhatsApp, so "sent" here means "the link was handed out": whatsapp_sent_at and the
 * timeline record it.
 */

export const NO_PHONE_MESSAGE = 'This order has no phone number to message';

export function whatsAppMessage(
  order: { orderNumber: string; customerName: string; total: number; status: OrderStatus },
  lines: readonly { quantity: number; productName: string }[],
  shopName: string,
): string {
  return [
    `Hello ${order.customerName}, this is ${shopName} about your order ${order.orderNumber}.`,
    '',
    ...lines.map((line) => `${line.quantity} × ${line.productName}`),
    '',
    `Total: $${order.total.toFixed(2)}`,
    `Status: ${ORDER_STATUS_LABELS[order.status]}`,
  ].join('\n');
}

export async function sendOrderWhatsApp(
  db: Db,
  id: string,
  shopName: string,
  context: AuditContext,
): Promise<WhatsAppMessage> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound('Order');
    // Anonymised orders keep no number.
    const digits = row.customerPhone.replace(/\D/g, '');
    if (!digits) throw conflict(NO_PHONE_MESSAGE);
    const lines = await tx
      .select({ quantity: orderItems.quantity, productName: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.position));
    const status = row.status as OrderStatus;
    const message = whatsAppMessage({ ...row, status }, lines, shopName);
    const sentAt = new Date();
    await tx.update(orders).set({ whatsappSentAt: sentAt, updatedAt: sentAt }).where(eq(orders.id, id));
    await addHistory(tx, {
      orderId: id,
      kind: 'whatsapp',
      from: status,
      to: status,
      note: 'WhatsApp message sent',
      by: context.actor?.id ?? null,
    });
    await recordAudit(tx, {
      context,
      action: 'order.whatsapp',
      entityType: 'order',
      entityId: id,
      before: { whatsapp_sent_at: row.whatsappSentAt?.toISOString() ?? null },
      after: { whatsapp_sent_at: sentAt.toISOString() },
    });
    return {
      url: `https://wa.me/${digits}?text=${encodeURIComponent(message)}`,
      phone: row.customerPhone,
      message,
      sent_at: sentAt.toISOString(),
    };
  });
}
