import { and, eq, exists, ilike, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { toShippingAddress } from '#server/db/address-column.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern, countRows, pageOffset, phoneCondition, sortDirection } from '#server/db/list-queries.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { uniqueViolationAs } from '#server/db/unique.ts';
import { conflict, notFound } from '#server/errors.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { orders } from '#server/orders/orders.table.ts';
import { users } from '#server/users/users.table.ts';
import type { CustomerAccount } from '#shared/contracts/accounts.ts';
import { buildPagination, type Pagination } from '#shared/contracts/common.ts';
import {
  CUSTOMER_ANONYMISED_LOCKED_MESSAGE,
  CUSTOMER_ANONYMISED_MESSAGE,
  CUSTOMER_HAS_OPEN_ORDERS_MESSAGE,
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  type Customer,
  type CustomerCreate,
  type CustomersQuery,
  type CustomerUpdate,
} from '#shared/contracts/customers.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { customers } from './customers.table.ts';
import { erasePersonalTraces } from './erase-personal-traces.ts';

/**
 * Customers (docs/product.md#admin-endpoints). Orders count, total spent (non-cancelled totals minus refunds)
 * and last order are computed from `orders.customer_id` in the same query, never stored. Deleted
 * (anonymised) customers leave the list but keep their orders.
 */

export const ANONYMISED_NAME = 'Deleted customer';

/** Orders that still need the customer's phone and address (delivered and cancelled are done). */
const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped'];

type CustomerRow = typeof customers.$inferSelect;

// Per customer, from their orders: correlated subqueries on orders_customer_idx. The outer
// column is qualified by hand (Drizzle writes a bare "id" in a one-table select, which would
// mean the order's id here).
const ordersCount = sql<number>`(select count(*) from ${orders} o where o.customer_id = "customers"."id")`.mapWith(
  Number,
);
const totalSpent = sql<number>`(select coalesce(sum(o.total - o.refunded_amount), 0) from ${orders} o
  where o.customer_id = "customers"."id" and o.status <> 'cancelled')`.mapWith(Number);
const lastOrderAt =
  sql<Date | null>`(select max(o.created_at) from ${orders} o where o.customer_id = "customers"."id")`.mapWith(
    orders.createdAt,
  );

/**
 * The linked shopper account (`users.customer_id`, unique: one account per customer), read in the
 * same query by a left join. Only what the admin may see: never a hash or a two-step secret.
 */
const accountColumns = {
  userId: users.id,
  email: users.email,
  phone: users.phone,
  emailVerifiedAt: users.emailVerifiedAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
  twoFactorEnabledAt: users.twoFactorEnabledAt,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};
type AccountRow = { [K in keyof typeof accountColumns]: (typeof accountColumns)[K]['_']['data'] | null };

const withFigures = { customer: customers, ordersCount, totalSpent, lastOrderAt, account: accountColumns };

/** The left join's columns as the admin's view of the account, or null when no account is linked. */
export function toCustomerAccount(row: AccountRow | null): CustomerAccount | null {
  if (!row?.userId || !row.createdAt) return null;
  return {
    user_id: row.userId,
    email: row.email,
    phone: row.phone,
    email_verified: row.emailVerifiedAt !== null,
    phone_verified: row.phoneVerifiedAt !== null,
    two_factor_enabled: row.twoFactorEnabledAt !== null,
    is_active: row.isActive ?? false,
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

function toCustomer(row: {
  customer: CustomerRow;
  ordersCount: number;
  totalSpent: number;
  lastOrderAt: Date | null;
  account: AccountRow | null;
}): Customer {
  const { customer } = row;
  return {
    id: customer.id,
    name: customer.name,
    phone: customer.phone,
    email: customer.email,
    address: customer.address ? toShippingAddress(customer.address) : null,
    notes: customer.notes,
    orders_count: row.ordersCount,
    total_spent: Math.round(row.totalSpent * 100) / 100,
    last_order_at: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
    account: toCustomerAccount(row.account),
    ...(customer.isDemo && { is_demo: true }),
  };
}

const SORTS = {
  name: sql`lower(${customers.name})`,
  orders_count: ordersCount,
  total_spent: totalSpent,
  last_order_at: lastOrderAt,
  created_at: customers.createdAt,
} as const;

/** `GET /admin/customers`: search by name, phone (any typed form) or email; sort; pages. */
export async function listCustomers(
  db: Db,
  query: CustomersQuery,
): Promise<{ data: Customer[]; pagination: Pagination }> {
  const conditions: SQL[] = [isNull(customers.anonymisedAt)];
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(
      ilike(customers.name, pattern),
      ilike(customers.email, pattern),
      phoneCondition(sql`${customers.phone}`, query.search),
    );
    if (match) conditions.push(match);
  }
  if (query.has_account) {
    const linked = exists(db.select({ one: sql`1` }).from(users).where(sql`${users.customerId} = "customers"."id"`));
    conditions.push(query.has_account === 'true' ? linked : not(linked));
  }
  const where = and(...conditions);
  const sort = SORTS[query.sort_by];
  // Customers who never ordered come last whichever way "last order" is sorted.
  const order = query.sort_order === 'asc' ? sql`${sort} asc nulls last` : sql`${sort} desc nulls last`;
  const [rows, total] = await Promise.all([
    db
      .select(withFigures)
      .from(customers)
      .leftJoin(users, eq(users.customerId, customers.id))
      .where(where)
      .orderBy(order, sortDirection(query.sort_order)(customers.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
    countRows(db, customers, where),
  ]);
  return {
    data: rows.map(toCustomer),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

export async function getCustomer(db: Db, id: string): Promise<Customer> {
  const [row] = await db
    .select(withFigures)
    .from(customers)
    .leftJoin(users, eq(users.customerId, customers.id))
    .where(eq(customers.id, id))
    .limit(1);
  if (!row) throw notFound('Customer');
  return toCustomer(row);
}

/** 404 for an unknown customer (the orders list of nobody is not an empty page). */
export async function assertCustomerExists(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw notFound('Customer');
}

const phoneTaken = () =>
  conflict(CUSTOMER_PHONE_TAKEN_MESSAGE, [{ path: 'phone', message: CUSTOMER_PHONE_TAKEN_MESSAGE }]);

async function assertPhoneFree(tx: Db, phone: string, exceptId?: string): Promise<void> {
  const [taken] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone)).limit(1);
  if (taken && taken.id !== exceptId) throw phoneTaken();
}

/** The unique index is the last word when two requests race past the check. */
const rethrowPhoneTaken = uniqueViolationAs({ customers_phone_unique: phoneTaken });

function auditView(customer: Customer) {
  const { orders_count: _count, total_spent: _spent, last_order_at: _last, account: _account, ...fields } = customer;
  return fields;
}

/** Only the fields the request set, so the audit row says what changed. */
function changedFields(input: CustomerUpdate, view: ReturnType<typeof auditView>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(input).map((key) => [key, view[key as keyof typeof view]]));
}

function toColumns(input: CustomerUpdate): Partial<typeof customers.$inferInsert> {
  const columns: Partial<typeof customers.$inferInsert> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.email !== undefined) columns.email = input.email ?? null;
  if (input.address !== undefined) columns.address = input.address ? toShippingAddress(input.address) : null;
  if (input.notes !== undefined) columns.notes = input.notes ?? null;
  return columns;
}

/** Locks the customer's row for a write (a concurrent edit or delete waits), or 404. */
async function lockCustomer(tx: Db, id: string) {
  const [current] = await tx
    .select({ id: customers.id, anonymisedAt: customers.anonymisedAt })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  if (!current) throw notFound('Customer');
  return current;
}

export async function createCustomer(db: Db, input: CustomerCreate, context: AuditContext): Promise<Customer> {
  return inTransaction(db, async (tx) => {
    await assertPhoneFree(tx, input.phone);
    const [row] = await tx
      .insert(customers)
      .values({ ...toColumns(input), name: input.name, phone: input.phone })
      .returning({ id: customers.id });
    if (!row) throw new Error('customer insert returned nothing');
    const created = await getCustomer(tx, row.id);
    await recordAudit(tx, {
      context,
      action: 'customer.create',
      entityType: 'customer',
      entityId: created.id,
      after: auditView(created),
    });
    return created;
  }).catch(rethrowPhoneTaken);
}

export async function updateCustomer(
  db: Db,
  id: string,
  input: CustomerUpdate,
  context: AuditContext,
): Promise<Customer> {
  return inTransaction(db, async (tx) => {
    const current = await lockCustomer(tx, id);
    if (current.anonymisedAt) throw conflict(CUSTOMER_ANONYMISED_LOCKED_MESSAGE);
    const before = await getCustomer(tx, id);
    if (input.phone !== undefined) await assertPhoneFree(tx, input.phone, id);
    await tx
      .update(customers)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(customers.id, id));
    const after = await getCustomer(tx, id);
    await recordAudit(tx, {
      context,
      action: 'customer.update',
      entityType: 'customer',
      entityId: id,
      before: changedFields(input, auditView(before)),
      after: changedFields(input, auditView(after)),
    });
    return after;
  }).catch(rethrowPhoneTaken);
}

export type CustomerDeleteOutcome = { deleted: true } | { anonymised: true; message: string };

/**
 * `DELETE /admin/customers/{id}`: a customer without orders is deleted; one with orders is
 * anonymised instead (and so are the orders' copies of their contact and address), so the orders
 * keep their lines, totals and history while the person's details are gone.
 */
export async function deleteCustomer(db: Db, id: string, context: AuditContext): Promise<CustomerDeleteOutcome> {
  return inTransaction(db, async (tx) => {
    const current = await lockCustomer(tx, id);
    const ordered = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.customerId, id))
      .for('update');
    if (ordered.some((order) => OPEN_ORDER_STATUSES.includes(order.status as OrderStatus))) {
      throw conflict(CUSTOMER_HAS_OPEN_ORDERS_MESSAGE);
    }
    // The audit keeps which fields went, never their values (that would keep what was erased).
    const erased = { fields: ['name', 'phone', 'email', 'address', 'notes'] };
    if (ordered.length === 0) {
      await erasePersonalTraces(tx, id, []);
      await tx.delete(customers).where(eq(customers.id, id));
      await recordAudit(tx, {
        context,
        action: 'customer.delete',
        entityType: 'customer',
        entityId: id,
        before: erased,
      });
      return { deleted: true };
    }
    if (current.anonymisedAt) return { anonymised: true, message: CUSTOMER_ANONYMISED_MESSAGE };
    const now = new Date();
    // Before the orders lose the name: the notifications' messages are rewritten from it.
    await erasePersonalTraces(
      tx,
      id,
      ordered.map((order) => order.id),
    );
    await tx
      .update(customers)
      .set({
        name: ANONYMISED_NAME,
        phone: null,
        email: null,
        address: null,
        notes: null,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(customers.id, id));
    // The order columns are required: blanks, not nulls. The order keeps its link to the record;
    // the shopper's own order notes go too (free text, often personal).
    await tx
      .update(orders)
      .set({
        customerName: ANONYMISED_NAME,
        customerPhone: '',
        customerEmail: null,
        shippingAddress: { city: '', street: '' },
        notes: null,
        updatedAt: now,
      })
      .where(eq(orders.customerId, id));
    // The outbox's copies of their mails (address, name, text) go with them.
    await tx.delete(messageOutbox).where(
      inArray(
        messageOutbox.orderId,
        ordered.map((order) => order.id),
      ),
    );
    await recordAudit(tx, {
      context,
      action: 'customer.anonymise',
      entityType: 'customer',
      entityId: id,
      before: erased,
      after: { name: ANONYMISED_NAME },
    });
    return { anonymised: true, message: CUSTOMER_ANONYMISED_MESSAGE };
  });
}
