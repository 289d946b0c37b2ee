import { eq } from 'drizzle-orm';
import { permitAuditRedaction, recordAudit } from '#server/audit/audit.service.ts';
import { auditLogs } from '#server/audit/audit.table.ts';
import { deleteCustomer } from '#server/customers/customers.service.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, conflict } from '#server/errors.ts';
import { releaseAccountReviews } from '#server/reviews/review-votes.service.ts';
import { users } from '#server/users/users.table.ts';
import { CUSTOMER_HAS_OPEN_ORDERS_MESSAGE } from '#shared/contracts/customers.ts';

export const OPEN_ORDERS_MESSAGE =
  'You have orders still in progress. Your account can be deleted once they are delivered or cancelled.';

/**
 * DELETE /account (docs/product.md#account-area): the shopper's own "delete my account". The
 * linked customer record goes exactly as an admin's customer delete takes it (deleted, or
 * anonymised with its orders when it has some; refused while an order is still open), then the
 * account row is deleted: its sessions, codes, addresses and cart go with it (cascade) and its
 * orders lose the link (orders.user_id is ON DELETE SET NULL). Its reviews stay, shown as "Former
 * shopper", and its helpful votes go with the counts they made (docs/product.md#review-rules). The audit keeps the event and the
 * account id, not who it was: earlier rows lose the email and name they were signed with.
 */
export async function deleteAccount(db: Db, user: { id: string; customerId: string | null }): Promise<void> {
  // Audit rows written here carry nothing of the person leaving: no email, no IP.
  const anonymous = { actor: null };
  await inTransaction(db, async (tx) => {
    if (user.customerId) {
      try {
        await deleteCustomer(tx, user.customerId, anonymous);
      } catch (error) {
        if (error instanceof AppError && error.message === CUSTOMER_HAS_OPEN_ORDERS_MESSAGE) {
          throw conflict(OPEN_ORDERS_MESSAGE);
        }
        throw error;
      }
    }
    // The audit log's one permitted change (docs/product.md#audit-log): its personal fields.
    await permitAuditRedaction(tx);
    await tx.update(auditLogs).set({ userEmail: null, userName: null }).where(eq(auditLogs.userId, user.id));
    await releaseAccountReviews(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, {
      context: anonymous,
      action: 'account.delete',
      entityType: 'user',
      entityId: user.id,
    });
  });
}
