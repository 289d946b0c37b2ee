import { sql } from 'drizzle-orm';
import { analyticsOrderDays } from '#server/analytics/analytics.tables.ts';
import { orderRowPages, periodWalk } from '#server/orders/admin-order-export.ts';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import { ORDER_ROW_COLUMNS, type OrderRowKey } from '#shared/contracts/analytics.ts';
import { dollars, num, type ReportColumnDefinition, type ReportDefinition, rowsOf } from './report-kit.ts';

/**
 * `orders`: one row per order placed in the period, oldest first, cancelled ones too (their
 * status says so): the orders list's export columns (ORDER_ROW_COLUMNS), walked a step at a time
 * by the orders domain (admin-order-export.ts). The count and the totals (discount, shipping,
 * total, refunded: every row shown, cancelled ones too) come from the daily roll-up.
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
  subtotal: { pdf: 1 },
  discount: { pdf: 0.9, sums: true },
  shipping: { pdf: 0.9, sums: true },
  tax: { pdf: 0.9 },
  total: { pdf: 1, sums: true },
  refunded: { pdf: 1, sums: true },
};

/** The columns the roll-up adds up exactly (its tax is net of refunds, and it has no subtotal). */
const SUMMED = ['discount', 'shipping', 'total', 'refunded'] as const;

export const ordersReport: ReportDefinition = {
  type: 'orders',
  columns: ORDER_ROW_COLUMNS.map((column): ReportColumnDefinition => ({ ...column, pdf: 0, ...LAYOUT[column.key] })),
  async preview(db, period, limit) {
    // The count and sums from the daily roll-up (every status: the rows list cancelled orders
    // too), a few rows per day; the rows read only the first step of the walk.
    const r = analyticsOrderDays;
    const [sums] = await rowsOf<Record<string, unknown>>(
      db,
      sql`select coalesce(sum(${r.orders}), 0)::float8 as n, coalesce(sum(${r.totalCents}), 0)::float8 as total,
          coalesce(sum(${r.discountCents}), 0)::float8 as discount, coalesce(sum(${r.shippingCents}), 0)::float8 as shipping,
          coalesce(sum(${r.refundedCents}), 0)::float8 as refunded
        from ${r} where ${r.day} between ${period.from}::date and ${period.to}::date`,
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
      totals: Object.fromEntries(SUMMED.map((key) => [key, dollars(sums?.[key])])),
      note: null,
    };
  },
  pages(db, period) {
    return orderRowPages(db, periodWalk(period.start, period.end), period.timeZone);
  },
};
