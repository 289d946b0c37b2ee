import { and, desc, eq, ilike, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { accountAddresses } from '#server/accounts/accounts.tables.ts';
import { type ShippingAddressRow, toShippingAddress } from '#server/db/address-column.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern, phoneCondition } from '#server/db/list-queries.ts';
import { orders } from '#server/orders/orders.table.ts';
import { users } from '#server/users/users.table.ts';
import { CUSTOMER_LOOKUP_LIMIT, type CustomerMatch } from '#shared/contracts/customers.ts';
import { normalizePhone } from '#shared/phone.ts';
import { customers } from './customers.table.ts';

/**
 * `GET /admin/customers/lookup?q=` (docs/product.md#admin-endpoints): who staff may be taking an
 * order for. Customer records (not anonymised) and shopper accounts that have no customer record
 * yet (role `customer`, and no customer holds their phone: orders would link them to that one),
 * matched by phone in any typed form (`phoneCondition`: a whole number exactly, 3+ digits
 * anywhere) or by part of the name, case-insensitive. Exact phone matches first, then those with
 * more orders, then by name; at most CUSTOMER_LOOKUP_LIMIT in all.
 */

/** The account's default address (else its newest), as the address column's shape. */
const accountAddress = (userId: SQL) =>
  sql<ShippingAddressRow | null>`(select json_build_object('city', a.city, 'street', a.street,
    'building', a.building, 'floor', a.floor, 'notes', a.notes, 'governorate', a.governorate)
    from ${accountAddresses} a where a.user_id = ${userId}
    order by a.is_default desc, a.updated_at desc limit 1)`;

const customerOrders = sql<number>`(select count(*) from ${orders} o where o.customer_id = "customers"."id")`.mapWith(
  Number,
);
const accountOrders = sql<number>`(select count(*) from ${orders} o where o.user_id = "users"."id")`.mapWith(Number);

/** The address as the contract has it: nulls (from the account's columns) left out. */
function addressOf(row: ShippingAddressRow | null): CustomerMatch['address'] {
  if (!row?.city || !row.street) return null;
  const parts = Object.entries(row).filter(([, value]) => typeof value === 'string' && value !== '');
  return toShippingAddress(Object.fromEntries(parts) as unknown as ShippingAddressRow);
}

export async function lookUpCustomers(db: Db, q: string): Promise<CustomerMatch[]> {
  const e164 = normalizePhone(q);
  const pattern = containsPattern(q);
  // The number typed in full first (a constant in ORDER BY is refused, so none without one).
  const exactFirst = (column: SQL) => (e164 ? [desc(sql`${column} = ${e164}`)] : []);

  const customerMatch = or(ilike(customers.name, pattern), phoneCondition(sql`${customers.phone}`, q));
  const customerRows = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      email: customers.email,
      address: customers.address,
      userId: users.id,
      accountAddress: accountAddress(sql`"users"."id"`),
      ordersCount: customerOrders,
    })
    .from(customers)
    .leftJoin(users, eq(users.customerId, customers.id))
    .where(and(isNull(customers.anonymisedAt), customerMatch))
    .orderBy(
      ...exactFirst(sql`"customers"."phone"`),
      desc(customerOrders),
      sql`lower("customers"."name")`,
      customers.id,
    )
    .limit(CUSTOMER_LOOKUP_LIMIT);

  const sameNumberCustomer = sql`exists (select 1 from ${customers} c where c.phone = "users"."phone")`;
  const accountMatch = or(ilike(users.name, pattern), phoneCondition(sql`${users.phone}`, q));
  const accountRows = await db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      email: users.email,
      accountAddress: accountAddress(sql`"users"."id"`),
      ordersCount: accountOrders,
    })
    .from(users)
    .where(and(eq(users.role, 'customer'), isNull(users.customerId), not(sameNumberCustomer), accountMatch))
    .orderBy(...exactFirst(sql`"users"."phone"`), desc(accountOrders), sql`lower("users"."name")`, users.id)
    .limit(CUSTOMER_LOOKUP_LIMIT);

  const matches: CustomerMatch[] = [
    ...customerRows.map((row) => ({
      id: row.id,
      customer_id: row.id,
      user_id: row.userId,
      name: row.name,
      phone: row.phone,
      email: row.email,
      address: addressOf(row.address) ?? addressOf(row.accountAddress),
      orders_count: row.ordersCount,
    })),
    ...accountRows.map((row) => ({
      id: row.id,
      customer_id: null,
      user_id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      address: addressOf(row.accountAddress),
      orders_count: row.ordersCount,
    })),
  ];
  const isExact = (match: CustomerMatch) => (e164 !== null && match.phone === e164 ? 0 : 1);
  return matches
    .sort(
      (a, b) =>
        isExact(a) - isExact(b) ||
        b.orders_count - a.orders_count ||
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
    )
    .slice(0, CUSTOMER_LOOKUP_LIMIT);
}
