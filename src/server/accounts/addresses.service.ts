import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import {
  type AccountAddress,
  type AccountAddressInput,
  ADDRESS_BOOK_LIMIT,
  ADDRESS_MESSAGES,
} from '#shared/contracts/accounts.ts';
import type { Governorate } from '#shared/shop-settings.ts';
import { accountAddresses } from './accounts.tables.ts';

/**
 * The shopper's address book (docs/product.md#account-area): at most ADDRESS_BOOK_LIMIT addresses,
 * exactly one default once there is any. Every write runs in one transaction that first locks the
 * account's `users` row, so two tabs adding at once cannot pass the limit or leave two defaults
 * (the partial unique index `account_addresses_one_default` would refuse the second anyway).
 */

type AddressRow = typeof accountAddresses.$inferSelect;

function toAccountAddress(row: AddressRow): AccountAddress {
  return {
    id: row.id,
    label: row.label,
    city: row.city,
    street: row.street,
    // Absent rather than null, as the checkout's shipping address is.
    ...(row.building ? { building: row.building } : {}),
    ...(row.floor ? { floor: row.floor } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    // The column holds only keys the contract let through (GovernorateSchema).
    ...(row.governorate ? { governorate: row.governorate as Governorate } : {}),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const columnsOf = (input: AccountAddressInput) => ({
  label: input.label,
  city: input.city,
  street: input.street,
  building: input.building ?? null,
  floor: input.floor ?? null,
  notes: input.notes ?? null,
  governorate: input.governorate ?? null,
});

const ownedBy = (userId: string, id: string) => and(eq(accountAddresses.id, id), eq(accountAddresses.userId, userId));

async function lockAccount(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Clears the current default (before another becomes it: the partial unique index allows one). */
async function clearDefault(tx: Db, userId: string, except?: string): Promise<void> {
  await tx
    .update(accountAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(accountAddresses.userId, userId),
        eq(accountAddresses.isDefault, true),
        except ? ne(accountAddresses.id, except) : undefined,
      ),
    );
}

/** Default first, then newest first: the order the checkout's picker and the account page show. */
export async function listAddresses(db: Db, userId: string): Promise<AccountAddress[]> {
  const rows = await db
    .select()
    .from(accountAddresses)
    .where(eq(accountAddresses.userId, userId))
    .orderBy(desc(accountAddresses.isDefault), desc(accountAddresses.createdAt), desc(accountAddresses.id));
  return rows.map(toAccountAddress);
}

export function createAddress(db: Db, userId: string, input: AccountAddressInput): Promise<AccountAddress> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, userId);
    const [held] = await tx.select({ n: count() }).from(accountAddresses).where(eq(accountAddresses.userId, userId));
    const existing = held?.n ?? 0;
    if (existing >= ADDRESS_BOOK_LIMIT) throw new AppError(409, 'CONFLICT', ADDRESS_MESSAGES.limit);
    // The first address is the default whatever was asked: an address book always has one.
    const isDefault = existing === 0 || input.is_default === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(accountAddresses)
      .values({ userId, ...columnsOf(input), isDefault })
      .returning();
    if (!row) throw new Error('address insert returned nothing');
    return toAccountAddress(row);
  });
}

/**
 * Replaces an address. `is_default: true` makes it the default (the old one is cleared);
 * `false` on the default is ignored: the default changes only by choosing another.
 */
export function updateAddress(db: Db, userId: string, id: string, input: AccountAddressInput): Promise<AccountAddress> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, userId);
    const [current] = await tx.select().from(accountAddresses).where(ownedBy(userId, id)).limit(1);
    if (!current) throw notFound('Address');
    const isDefault = current.isDefault || input.is_default === true;
    if (isDefault && !current.isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(accountAddresses)
      .set({ ...columnsOf(input), isDefault, updatedAt: new Date() })
      .where(ownedBy(userId, id))
      .returning();
    if (!row) throw notFound('Address');
    return toAccountAddress(row);
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  return inTransaction(db, async (tx) => {
    await lockAccount(tx, userId);
    const [gone] = await tx
      .delete(accountAddresses)
      .where(ownedBy(userId, id))
      .returning({ isDefault: accountAddresses.isDefault });
    if (!gone) throw notFound('Address');
    if (!gone.isDefault) return;
    await tx.execute(sql`
      update ${accountAddresses} set is_default = true, updated_at = now()
      where id = (select a.id from ${accountAddresses} a where a.user_id = ${userId}
                  order by a.created_at desc, a.id desc limit 1)`);
  });
}
