import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { NotificationType } from '#shared/contracts/notifications.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';

export interface OrderNotificationInput {
  type: NotificationType;
  orderId: string;
  orderNumber: string;
  totalAmount: number;
  status: OrderStatus;
  title: string;
  message: string;
}

/**
 * Gives every active admin their own copy of a notification (own read flag, own delete). Call it
 * inside the transaction that made the change; after commit, `app.realtime.announceOrder` sends
 * the new rows to the admins' sockets. (New orders get theirs from cedar_place_order, migration
 * 0006, in the same statement as the order.)
 */
export async function insertOrderNotifications(db: Db, input: OrderNotificationInput): Promise<void> {
  await db.execute(sql`
    insert into notifications (user_id, type, order_id, order_number, total_amount, status, title, message)
    select u.id, ${input.type}, ${input.orderId}::uuid, ${input.orderNumber}, ${input.totalAmount}, ${input.status},
      ${input.title}, ${input.message}
    from users u where u.role in ('admin', 'super_admin') and u.is_active`);
}
