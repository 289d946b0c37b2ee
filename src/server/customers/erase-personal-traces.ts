import { sql } from 'drizzle-orm';
import { permitAuditRedaction } from '#server/audit/audit.service.ts';
import { auditLogs } from '#server/audit/audit.table.ts';
import type { Db } from '#server/db/client.ts';
import { notifications } from '#server/notifications/notifications.table.ts';
import { orders } from '#server/orders/orders.table.ts';

/** Order fields an audit row may hold that describe the person (order-transitions.ts audits address edits). */
const ORDER_PERSONAL_KEYS = ['shipping_address', 'customer_name', 'customer_phone', 'customer_email', 'notes'];

/**
 * Deleting a customer must not leave their details elsewhere: earlier audit rows about the
 * customer keep only their field names, audit rows about their orders lose the personal keys, and
 * the admins' notifications for those orders stop naming them. Runs inside the delete's
 * transaction, before the orders themselves are anonymised (the notifications are rewritten from
 * the orders' names).
 */
export async function erasePersonalTraces(tx: Db, customerId: string, orderIds: readonly string[]): Promise<void> {
  // The audit log's one permitted change (docs/product.md#audit-log): its personal fields.
  await permitAuditRedaction(tx);
  await tx.execute(sql`
    update ${auditLogs} set
      before = case when jsonb_typeof(before) = 'object' then
        (select jsonb_build_object('fields', coalesce(jsonb_agg(key), '[]'::jsonb)) from jsonb_object_keys(before) key)
        else before end,
      after = case when jsonb_typeof(after) = 'object' then
        (select jsonb_build_object('fields', coalesce(jsonb_agg(key), '[]'::jsonb)) from jsonb_object_keys(after) key)
        else after end
    where entity_type = 'customer' and entity_id = ${customerId}`);
  if (orderIds.length === 0) return;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const keys = sql`array[${sql.join(
    ORDER_PERSONAL_KEYS.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`;
  await tx.execute(sql`
    update ${auditLogs} set
      before = case when jsonb_typeof(before) = 'object' then before - ${keys} else before end,
      after = case when jsonb_typeof(after) = 'object' then after - ${keys} else after end
    where entity_type = 'order' and entity_id in (${ids})`);
  await tx.execute(sql`
    update ${notifications} n set message = replace(n.message, o.customer_name, 'A customer')
    from ${orders} o
    where n.order_id = o.id and o.id::text in (${ids}) and o.customer_name <> ''`);
}
