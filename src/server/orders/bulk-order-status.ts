import { inArray } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { BulkOrderStatus, BulkOrderStatusResult } from '#shared/contracts/analytics.ts';
import type { StatusMailSettings } from './order-status-mail.ts';
import { applyAdminOrderUpdate } from './order-transitions.ts';
import { orders } from './orders.table.ts';

/** What a refused id says when no order has it. */
export const BULK_ORDER_NOT_FOUND = 'Order not found';

export interface BulkOrderStatusOutcome {
  result: BulkOrderStatusResult;
  /** True when a mail or text to a shopper was queued: the caller wakes the sender after. */
  messageQueued: boolean;
}

/**
 * `POST /admin/orders/bulk-update {order_ids, status}` (docs/product.md#admin-endpoints): each
 * order through the one path `PUT /admin/orders/{id}` takes (`applyAdminOrderUpdate`), in its own
 * transaction: the transition rules, the stock a cancel gives back, the promo use, the timeline,
 * the admins' notifications, the shopper's queued mail and text, one audit entry per order. An
 * order the rules refuse (or an unknown id) is listed with the reason, and the others still move.
 * Two bulk requests racing over the same orders move each once: the order row is locked and moved
 * only from the status it was read at, so the second finds it moved and is refused.
 */
export async function bulkUpdateOrderStatus(
  db: Db,
  input: BulkOrderStatus,
  context: AuditContext,
  mail: StatusMailSettings,
): Promise<BulkOrderStatusOutcome> {
  const result: BulkOrderStatusResult = { moved: [], refused: [] };
  const refusals: { id: string; reason: string }[] = [];
  let messageQueued = false;
  for (const id of new Set(input.order_ids)) {
    try {
      const applied = await applyAdminOrderUpdate(db, id, { status: input.status }, context, mail);
      result.moved.push({ id, order_number: applied.orderNumber, from: applied.from, to: input.status });
      messageQueued ||= applied.messageQueued;
    } catch (error) {
      if (!(error instanceof AppError) || (error.statusCode !== 404 && error.statusCode !== 409)) throw error;
      refusals.push({ id, reason: error.statusCode === 404 ? BULK_ORDER_NOT_FOUND : error.message });
    }
  }
  if (refusals.length > 0) {
    const numbers = new Map(
      (
        await db
          .select({ id: orders.id, orderNumber: orders.orderNumber })
          .from(orders)
          .where(
            inArray(
              orders.id,
              refusals.map((refusal) => refusal.id),
            ),
          )
      ).map((row) => [row.id, row.orderNumber]),
    );
    result.refused = refusals.map(({ id, reason }) => ({ id, order_number: numbers.get(id) ?? null, reason }));
  }
  // Each moved order has its own entry ('order.status'); this one says it was one action.
  await recordAudit(db, {
    context,
    action: 'order.bulk_status',
    entityType: 'order',
    after: {
      status: input.status,
      moved: result.moved.map((order) => order.order_number),
      refused: result.refused.map(({ id, order_number, reason }) => ({ id, order_number, reason })),
    },
  });
  return { result, messageQueued };
}
