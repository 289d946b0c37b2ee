import { eq } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { revokeUserSessions } from '#server/auth/sessions.service.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import type { CustomerAccount } from '#shared/contracts/accounts.ts';
import { CUSTOMER_NO_ACCOUNT_MESSAGE } from '#shared/contracts/customers.ts';
import { getCustomer } from './customers.service.ts';
import { customers } from './customers.table.ts';

/**
 * A customer's shopper account as the admin manages it (docs/product.md#accounts-in-the-admin).
 * The account is the `users` row whose `customer_id` is the customer (one at most); staff rows
 * never carry one.
 */

/** The account's user id, or 404: no such customer, or a guest without an account. */
export async function linkedAccountId(db: Db, customerId: string): Promise<string> {
  const [row] = await db
    .select({ customerId: customers.id, userId: users.id })
    .from(customers)
    .leftJoin(users, eq(users.customerId, customers.id))
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound('Customer');
  if (!row.userId) throw new AppError(404, 'NOT_FOUND', CUSTOMER_NO_ACCOUNT_MESSAGE);
  return row.userId;
}

/**
 * `PUT /admin/customers/{id}/account`: disables or enables the customer's account. Disabling
 * revokes every session family of the account in the same transaction, so its access tokens stop
 * working at their next request (each request checks its session) and its refresh tokens are dead;
 * sign-in answers 'Invalid login credentials' until it is enabled again. Audited like a staff
 * account's status change (`user.status_changed`), only when the status really changes.
 */
export async function setCustomerAccountStatus(
  db: Db,
  customerId: string,
  isActive: boolean,
  context: AuditContext,
): Promise<CustomerAccount> {
  await inTransaction(db, async (tx) => {
    const userId = await linkedAccountId(tx, customerId);
    const [before] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new AppError(404, 'NOT_FOUND', CUSTOMER_NO_ACCOUNT_MESSAGE);
    if (before.isActive !== isActive) {
      await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId));
      await recordAudit(tx, {
        context,
        action: 'user.status_changed',
        entityType: 'user',
        entityId: userId,
        before: { is_active: before.isActive, customer_id: customerId },
        after: { is_active: isActive, customer_id: customerId },
      });
    }
    // Also when it was disabled already: a session started in a race ends too.
    if (!isActive) await revokeUserSessions(tx, userId);
  });
  const customer = await getCustomer(db, customerId);
  if (!customer.account) throw new AppError(404, 'NOT_FOUND', CUSTOMER_NO_ACCOUNT_MESSAGE);
  return customer.account;
}
