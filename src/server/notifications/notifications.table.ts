import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn } from '#server/db/columns.ts';
import { orders } from '#server/orders/orders.table.ts';

/** Admin notifications (spec §3 "Notification"): new orders and order status changes. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    type: text('type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
    totalAmount: moneyColumn('total_amount'),
    status: text('status'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [index('notifications_created_idx').on(table.createdAt)],
);
