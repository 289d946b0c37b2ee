import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, moneyColumn } from '#server/db/columns.ts';
import { orders } from '#server/orders/orders.table.ts';
import { reviews } from '#server/reviews/reviews.table.ts';
import { securityAlerts } from '#server/security/security-alerts.table.ts';
import { users } from '#server/users/users.table.ts';

/**
 * Admin notifications (docs/product.md#notification): new orders, order status changes and new
 * reviews waiting for moderation (`review_id`). One row per
 * admin (`user_id`), so each admin has their own read flag and can delete without hiding the
 * alert from the others.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
    totalAmount: moneyColumn('total_amount'),
    status: text('status'),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    /** Set on `security_alert` notifications (docs/product.md#security-alerts). */
    securityAlertId: uuid('security_alert_id').references(() => securityAlerts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_order_idx').on(table.orderId),
  ],
);
