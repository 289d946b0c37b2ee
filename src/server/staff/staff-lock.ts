import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { users } from '#server/users/users.table.ts';

/** Arbitrary constant naming the staff changes' advisory lock. */
const STAFF_LOCK_KEY = 4_204_035;

/**
 * Runs a staff change (status, role, removal, an invitation sent or accepted) in one transaction
 * under one advisory lock (docs/product.md#staff-accounts). Its check ("another active super admin
 * remains", "the email is free") and its write then see no other staff change in between: two
 * super admins disabling each other at once cannot both succeed, on PGlite or PostgreSQL.
 */
export function withStaffLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_LOCK_KEY})`);
    return work(tx);
  });
}

/** Active super admins other than `userId` (the shop must keep one: docs/product.md#staff-accounts). */
export async function otherActiveSuperAdmins(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true), ne(users.id, userId)));
  return row?.count ?? 0;
}
