import { sql } from 'drizzle-orm';
import { orderRowPages, periodWalk } from '#server/orders/admin-order-export.ts';
import { orders } from '#server/orders/orders.table.ts';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import { ORDER_ROW_COLUMNS, type OrderRowKey } from '#shared/contracts/analytics.ts';
import { dollars, num, type ReportColumnDefinition, type ReportDefinition, rowsOf } from './report-kit.ts';

/**
 * `orders`: one row per order placed in the period, oldest first, cancelled ones too (their
 * status says so): the orders list's export columns (ORDER_ROW_COLUMNS), walked a step at a time
 * by the orders domain (admin-order-export.ts). Totals add up every row shown.
 */

/** Width in the PDF (0: CSV only), and whether the column adds up. */
const LAYOUT: Partial<Record<OrderRowKey, Pick<ReportColumnDefinition, 'pdf' | 'sums' | 'display'>>> = {
  order_number: { pdf: 1.1 },
  placed_at: { pdf: 1.75 },
  status: { pdf: 1, display: ORDER_STATUS_LABELS },
  payment_status: { pdf: 1.4, display: PAYMENT_STATUS_LABELS },
  customer_name: { pdf: 1.6 },
  customer_phone: { pdf: 1.3 },
  items: { pdf: 0.65 },
  subtotal: { pdf: 1, sums: true },
  discount: { pdf: 0.9, sums: true },
  shipping: { pdf: 0.9, sums: true },
  tax: { pdf: 0.9, sums: true },
  total: { pdf: 1, sums: true },
  refunded: { pdf: 1, sums: true },
};

const MONEY_KEYS = ['subtotal', 'discount', 'shipping', 'tax', 'total', 'refunded'] as const;

export const ordersReport: ReportDefinition = {
  type: 'orders',
  columns: ORDER_ROW_COLUMNS.map((column): ReportColumnDefinition => ({ ...column, pdf: 0, ...LAYOUT[column.key] })),
  async preview(db, period, limit) {
    const inPeriod = sql`${orders.createdAt} >= ${period.start} and ${orders.createdAt} < ${period.end}`;
    const money = {
      subtotal: orders.subtotal,
      discount: orders.discount,
      shipping: orders.shipping,
      tax: orders.tax,
      total: orders.total,
      refunded: orders.refundedAmount,
    };
    // One pass over the period's orders by the created_at index; the rows read only the first step.
    const [sums] = await rowsOf<Record<string, unknown>>(
      db,
      sql`select count(*)::float8 as n, ${sql.join(
        MONEY_KEYS.map((key) => sql`coalesce(sum(${money[key]}) * 100, 0)::float8 as ${sql.identifier(key)}`),
        sql`, `,
      )} from ${orders} where ${inPeriod}`,
    );
    const rows = [];
    if (limit > 0) {
      for await (const page of orderRowPages(db, periodWalk(period.start, period.end), period.timeZone, limit)) {
        rows.push(...page);
        break;
      }
    }
    return {
      rows,
      totalRows: num(sums?.n),
      totals: Object.fromEntries(MONEY_KEYS.map((key) => [key, dollars(sums?.[key])])),
      note: null,
    };
  },
  pages(db, period) {
    return orderRowPages(db, periodWalk(period.start, period.end), period.timeZone);
  },
};
