import type { AdminOrderListItem } from '#shared/contracts/admin-orders.ts';
import { formatPhone } from '#shared/phone.ts';
import type { ListColumn } from '../ui/data-list.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { RecordLink } from '../ui/record-link.tsx';
import { DemoBadge, OrderStatusBadge, PaymentStatusBadge } from '../ui/status-badge.tsx';

type OrderColumn = ListColumn<AdminOrderListItem>;

const itemsLabel = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The order number, a link to the order: the first column of every list of orders, also of rows
 * that point at an order (a promo code's uses), whose order id is `orderIdOf`.
 */
export function orderNumberColumn<T extends { order_number: string; is_demo?: boolean }>(
  orderIdOf: (row: T) => string,
): ListColumn<T> {
  return {
    header: 'Order',
    card: 'title',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <>
        <RecordLink to={`/admin/orders/${orderIdOf(row)}`} className="whitespace-nowrap tabular-nums">
          {row.order_number}
        </RecordLink>
        {row.is_demo && (
          <>
            {' '}
            <DemoBadge />
          </>
        )}
      </>
    ),
  };
}

/** The columns of an order list, shared by the orders screen and a customer's orders. */
export const ORDER_NUMBER: OrderColumn = orderNumberColumn((order) => order.id);

export const ORDER_DATE: OrderColumn = {
  header: 'Date',
  card: 'line',
  className: 'whitespace-nowrap text-muted',
  cell: (order) => formatDateTime(order.created_at),
};

export const ORDER_CUSTOMER: OrderColumn = {
  header: 'Customer',
  card: 'subtitle',
  cell: (order) => (
    <>
      <span className="block font-medium text-strong">{order.customer.name}</span>
      <span className="block text-xs text-muted tabular-nums">
        {order.customer.phone ? formatPhone(order.customer.phone) : ''}
      </span>
    </>
  ),
  cardCell: (order) => (
    <>
      <span className="text-fg">{order.customer.name}</span>
      {order.customer.phone && (
        <>
          {' · '}
          <span className="whitespace-nowrap tabular-nums">{formatPhone(order.customer.phone)}</span>
        </>
      )}
    </>
  ),
};

export const ORDER_ITEMS: OrderColumn = {
  header: 'Items',
  card: 'line',
  align: 'right',
  className: 'tabular-nums',
  cell: (order) => order.item_count,
  cardCell: (order) => itemsLabel(order.item_count),
};

export const ORDER_TOTAL: OrderColumn = {
  header: 'Total',
  card: 'aside',
  align: 'right',
  className: 'font-medium whitespace-nowrap text-strong tabular-nums',
  cell: (order) => (
    <>
      {money(order.total)}
      {order.refunded_amount > 0 && (
        <span className="block text-xs font-normal text-muted">−{money(order.refunded_amount)} refunded</span>
      )}
    </>
  ),
};

export const ORDER_STATUS: OrderColumn = {
  header: 'Status',
  card: 'badge',
  cell: (order) => <OrderStatusBadge status={order.status} />,
};

export const ORDER_PAYMENT: OrderColumn = {
  header: 'Payment',
  card: 'badge',
  cell: (order) => <PaymentStatusBadge status={order.payment_status} />,
};
