import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { users } from '#server/users/users.table.ts';
import { customers } from './customers.table.ts';

/**
 * Links a shopper account to the shop's customer record (`users.customer_id`,
 * docs/product.md#accounts-in-the-admin), the one rule for both moments it can happen: a contact
 * of the account was just proved (a code or link), or the signed-in shopper placed an order
 * (`customerId`: the order's customer).
 *
 * Only through a VERIFIED contact: the customer's phone (E.164) equals the account's verified
 * phone, or the customer's email its verified email (the phone first: it is unique among
 * customers, an email may be shared by a family). So typing someone's number at sign-up or at
 * checkout never joins their record and orders. Nothing changes when the account is linked
 * already or the customer has an account; a race with another link loses quietly.
 * Returns the linked customer's id, or null.
 */
export async function linkAccountToCustomer(
  db: Db,
  userId: string,
  customerId?: string | null,
): Promise<string | null> {
  const onlyThis = customerId ? sql`and c.id = ${customerId}` : sql``;
  try {
    const result = (await db.execute(sql`
      update ${users} u set customer_id = (
          select c.id from ${customers} c
          where c.anonymised_at is null ${onlyThis}
            and ((u.phone_verified_at is not null and c.phone = u.phone)
              or (u.email_verified_at is not null and c.email = lower(u.email)))
            and not exists (select 1 from ${users} other where other.customer_id = c.id)
          order by (u.phone_verified_at is not null and c.phone = u.phone) desc, c.created_at
          limit 1),
        updated_at = now()
      where u.id = ${userId} and u.customer_id is null and u.role = 'customer'
        and exists (
          select 1 from ${customers} c
          where c.anonymised_at is null ${onlyThis}
            and ((u.phone_verified_at is not null and c.phone = u.phone)
              or (u.email_verified_at is not null and c.email = lower(u.email)))
            and not exists (select 1 from ${users} other where other.customer_id = c.id))
      returning u.customer_id`)) as unknown as { rows: { customer_id: string | null }[] };
    return result.rows[0]?.customer_id ?? null;
  } catch (error) {
    // Two requests linked the same customer at once: the other one won; this account stays as it was.
    if (isUniqueViolation(error, 'users_customer_id_unique')) return null;
    throw error;
  }
}
