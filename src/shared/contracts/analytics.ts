import { z } from 'zod';
import { QueryBooleanSchema } from './common.ts';
import { calendarDate } from './dates.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './orders.ts';
import { safeText } from './text.ts';

/**
 * Analytics and reports (docs/product.md#analytics-and-reports): how the shop is doing, for staff.
 *
 * - GET /admin/analytics/dashboard ?days (7 | 30 | 90 | 365, default 30)   → AnalyticsDashboard
 * - GET /admin/analytics/sales     ?period (day|week|month|quarter|year or a number of days) → SalesSeries
 * - GET /admin/analytics/products  ?days                                   → ProductAnalytics
 * - GET /admin/analytics/orders    ?days (optional: all time without it)   → OrderAnalytics
 * - GET /admin/analytics           ?days                                   → AnalyticsOverview
 * - GET /admin/reports ?type&date_from&date_to&format=json|csv|pdf         → Report (json) or a file
 *
 * Definitions (shown in the screens' help text, ANALYTICS_DEFINITIONS):
 * - Days are calendar days in the shop's time zone (settings: site, `time_zone`; default Asia/Beirut).
 *   "The last N days" is today and the N − 1 days before it.
 * - Revenue = the totals of orders not cancelled, minus what was refunded of them, counted on the
 *   day the order was placed. Paid revenue = the same for orders whose payment was received
 *   (`paid`, or refunded since in part or in full).
 * - Orders = orders placed in the period, cancelled ones included only in the status counts and
 *   the cancellation rate.
 * - Growth = this period against the previous period of the same length, in percent (one decimal);
 *   null when the previous period had nothing to compare with.
 * - Customers = distinct customer records (one per phone number).
 * - Money is added up in integer cents (#shared/money.ts) and sent as dollars with 2 decimals.
 */

export const ANALYTICS_DAY_CHOICES = [7, 30, 90, 365] as const;
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest period a number of days may name (sales?period=N, products?days=N, …). */
export const ANALYTICS_MAX_DAYS = 3660;
export const SALES_PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
/**
 * How many buckets a named period shows: the last 30 days, 12 weeks (Monday-based), 12 months,
 * 8 quarters, 5 years; each ends with the current (partial) one.
 */
export const SALES_PERIOD_BUCKETS: Record<SalesPeriod, number> = { day: 30, week: 12, month: 12, quarter: 8, year: 5 };
export const ORDER_SOURCES = ['checkout', 'admin', 'quotation'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
/** How many rows each top list holds. */
export const ANALYTICS_TOP_LIMIT = 10;
/** Slow movers listed (in stock, nothing sold in the period), the largest stock first. */
export const SLOW_MOVERS_LIMIT = 20;

export const ANALYTICS_DEFINITIONS = {
  days: 'Days are calendar days in the shop’s time zone; “last 30 days” is today and the 29 days before it.',
  revenue: 'Revenue is the total of orders not cancelled, minus refunds, counted on the day the order was placed.',
  paidRevenue: 'Paid revenue counts only orders whose payment was received (paid, or refunded since in part).',
  productRevenue:
    'A product’s revenue is what its order lines came to (price × quantity, before the order’s discount and tax), over orders not cancelled.',
  growth:
    'Growth compares this period with the previous period of the same length; customer growth compares their new customers.',
  customers: 'Customers are distinct customer records (one per phone number).',
  newCustomers: 'New customers placed their first order in the period; returning ones had ordered before it.',
  repeatRate: 'Repeat rate is the share of the period’s customers who have placed more than one order in all.',
  stockValue: 'Stock value is cost × stock for the active variants of active products whose cost is known.',
  tax: 'VAT collected is the tax of orders not cancelled, less the tax share of refunds, by the month the order was placed.',
} as const;

export const ANALYTICS_MESSAGES = {
  badDays: `Days must be a whole number from 1 to ${ANALYTICS_MAX_DAYS}`,
  badPeriod: `Period must be one of ${SALES_PERIODS.join(', ')} or a number of days from 1 to ${ANALYTICS_MAX_DAYS}`,
  badReportType: 'Report type must be one of sales, orders, products, customers, promo_codes, inventory, tax',
  badFormat: 'Format must be json, csv or pdf',
  datesReversed: 'The start date must not be after the end date',
  rangeTooLong: `A report covers at most ${ANALYTICS_MAX_DAYS} days`,
} as const;

const daysParam = z.coerce
  .number({ error: ANALYTICS_MESSAGES.badDays })
  .int(ANALYTICS_MESSAGES.badDays)
  .min(1, ANALYTICS_MESSAGES.badDays)
  .max(ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES.badDays);

export const AnalyticsDaysQuerySchema = z.object({ days: daysParam.default(ANALYTICS_DEFAULT_DAYS) });
export type AnalyticsDaysQuery = z.infer<typeof AnalyticsDaysQuerySchema>;
/** `/admin/analytics/orders`: all time when `days` is left out. */
export const OrderAnalyticsQuerySchema = z.object({ days: daysParam.optional() });

export const SalesQuerySchema = z.object({
  period: safeText({ error: ANALYTICS_MESSAGES.badPeriod })
    .default('day')
    .refine((value) => (SALES_PERIODS as readonly string[]).includes(value) || /^[1-9]\d{0,3}$/.test(value), {
      message: ANALYTICS_MESSAGES.badPeriod,
    })
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= ANALYTICS_MAX_DAYS, {
      message: ANALYTICS_MESSAGES.badPeriod,
    }),
});

const money = z.number();
const percent = z.number().nullable();
const dateKey = z.string(); // YYYY-MM-DD in the shop's zone
const monthKey = z.string(); // YYYY-MM

export const AnalyticsOverviewFiguresSchema = z.object({
  total_revenue: money,
  paid_revenue: money,
  total_orders: z.number().int(),
  /** Distinct customers who ordered in the period. */
  total_customers: z.number().int(),
  /** Active products in the catalogue now. */
  total_products: z.number().int(),
  average_order_value: money,
  revenue_growth: percent,
  order_growth: percent,
  /** New customers of the period against those of the previous period. */
  customer_growth: percent,
});
export type AnalyticsOverviewFigures = z.infer<typeof AnalyticsOverviewFiguresSchema>;

export const DailySalesSchema = z.object({ date: dateKey, revenue: money, orders: z.number().int() });
export const MonthlySalesSchema = z.object({ month: monthKey, revenue: money, orders: z.number().int() });
export const TopProductSchema = z.object({
  product_id: z.string().nullable(),
  product_name: z.string(),
  revenue: money,
  quantity_sold: z.number().int(),
});
export const TopCategorySchema = z.object({
  category_id: z.string().nullable(),
  /** The category's name; "Uncategorised" for products without one. */
  category: z.string(),
  revenue: money,
  /** Order lines of the category's products (an order with two of its products counts twice). */
  order_count: z.number().int(),
});

export const AnalyticsDashboardSchema = z.object({
  days: z.number().int(),
  /** The period's first and last day (shop zone), inclusive. */
  date_from: dateKey,
  date_to: dateKey,
  time_zone: z.string(),
  overview: AnalyticsOverviewFiguresSchema,
  /** Each list holds at most ANALYTICS_TOP_LIMIT: the latest orders, the newest customers, the fewest left. */
  recent_activity: z.object({
    recent_orders: z.array(
      z.object({
        id: z.uuid(),
        order_number: z.string(),
        customer_name: z.string(),
        total: money,
        status: z.enum(ORDER_STATUSES),
        created_at: z.string(),
      }),
    ),
    recent_customers: z.array(z.object({ id: z.uuid(), name: z.string(), phone: z.string(), created_at: z.string() })),
    low_stock_products: z.array(
      z.object({
        product_id: z.uuid(),
        variant_id: z.uuid(),
        product_name: z.string(),
        /** The variant's options, e.g. "8 GB / Black"; '' for a product without variants. */
        variant_label: z.string(),
        sku: z.string().nullable(),
        stock_quantity: z.number().int(),
        low_stock_threshold: z.number().int(),
      }),
    ),
  }),
  sales_trends: z.object({
    /** One row per day of the period, empty days with 0. */
    daily_sales: z.array(DailySalesSchema),
    /** One row per calendar month the period touches: the period's days in that month. */
    monthly_sales: z.array(MonthlySalesSchema),
  }),
  top_performers: z.object({
    top_products: z.array(TopProductSchema),
    top_categories: z.array(TopCategorySchema),
  }),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboardSchema>;

export const SalesSeriesSchema = z.object({
  period: z.string(),
  time_zone: z.string(),
  series: z.array(
    z.object({
      /** The bucket's first day (YYYY-MM-DD), or YYYY-MM for months, YYYY-Qn for quarters, YYYY for years. */
      period: z.string(),
      date_from: dateKey,
      date_to: dateKey,
      revenue: money,
      orders: z.number().int(),
      average_order_value: money,
    }),
  ),
});
export type SalesSeries = z.infer<typeof SalesSeriesSchema>;

export const VariantSalesSchema = z.object({
  product_id: z.string().nullable(),
  variant_id: z.string().nullable(),
  product_name: z.string(),
  variant_label: z.string(),
  sku: z.string().nullable(),
  revenue: money,
  quantity_sold: z.number().int(),
});

export const ProductAnalyticsSchema = z.object({
  days: z.number().int(),
  date_from: dateKey,
  date_to: dateKey,
  top_by_revenue: z.array(TopProductSchema),
  top_by_units: z.array(TopProductSchema),
  top_variants: z.array(VariantSalesSchema),
  slow_movers: z.array(
    z.object({
      product_id: z.uuid(),
      product_name: z.string(),
      stock_quantity: z.number().int(),
      /** The last day it sold (shop zone), null when never. */
      last_sold: z.string().nullable(),
    }),
  ),
  categories: z.array(
    TopCategorySchema.extend({
      quantity_sold: z.number().int(),
      previous_revenue: money,
      revenue_growth: percent,
    }),
  ),
  stock_value: z.object({
    /** Σ cost × stock over active variants of active products whose cost is known. */
    value: money,
    variants_with_cost: z.number().int(),
    variants_without_cost: z.number().int(),
    /** Σ price × stock over the same variants, for comparison. */
    retail_value: money,
  }),
});
export type ProductAnalytics = z.infer<typeof ProductAnalyticsSchema>;

const countsOf = <T extends readonly [string, ...string[]]>(keys: T) => z.record(z.enum(keys), z.number().int());

export const OrderAnalyticsSchema = z.object({
  /** Null: all time. */
  days: z.number().int().nullable(),
  total_orders: z.number().int(),
  /** Every order placed, cancelled ones too. */
  by_status: countsOf(ORDER_STATUSES),
  /** Orders not cancelled (they add up to total_orders), by payment status and by source. */
  by_payment_status: countsOf(PAYMENT_STATUSES),
  by_source: countsOf(ORDER_SOURCES),
  /** Average hours from placed to delivered, over the delivered orders; null when none. */
  average_hours_to_delivery: z.number().nullable(),
  delivered_orders: z.number().int(),
  /** Cancelled ÷ all orders, percent (one decimal); 0 with no orders. */
  cancellation_rate: z.number(),
  /** Orders with any refund ÷ orders not cancelled, percent. */
  refund_rate: z.number(),
  /** All that was refunded of the period's orders, cancelled ones included. */
  refunded_amount: money,
});
export type OrderAnalytics = z.infer<typeof OrderAnalyticsSchema>;

export const AnalyticsOverviewSchema = z.object({
  days: z.number().int(),
  date_from: dateKey,
  date_to: dateKey,
  time_zone: z.string(),
  overview: AnalyticsOverviewFiguresSchema,
  promo_codes: z.object({
    /** Orders not cancelled that used a code. */
    uses: z.number().int(),
    discount_given: money,
    /** Revenue (as defined above) of those orders. */
    revenue_with_code: money,
    top_codes: z.array(z.object({ code: z.string(), uses: z.number().int(), discount_given: money, revenue: money })),
  }),
  customers: z.object({
    new_customers: z.number().int(),
    returning_customers: z.number().int(),
    /** Percent of the period's customers with more than one order in all (one decimal). */
    repeat_rate: z.number(),
  }),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

// ---- Reports ----

export const REPORT_TYPES = ['sales', 'orders', 'products', 'customers', 'promo_codes', 'inventory', 'tax'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  sales: 'Sales by day',
  orders: 'Orders',
  products: 'Products sold',
  customers: 'Customers',
  promo_codes: 'Promo codes',
  inventory: 'Inventory',
  tax: 'VAT collected by month',
};
export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** A JSON report (the screen's preview) holds at most this many rows; `total_rows` says how many there are. */
export const REPORT_PREVIEW_ROWS = 200;

/** Days from `from` to `to` (YYYY-MM-DD), both counted: 2026-11-01 to 2026-11-30 is 30. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The last day of `date`'s month (YYYY-MM-DD). */
export function lastDayOfMonth(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  return `${date.slice(0, 8)}${String(last.getUTCDate()).padStart(2, '0')}`;
}

/**
 * A report's days (docs/product.md#reports), inclusive, in the shop's time zone: both given, or
 * one alone standing for the rest of its month (`date_from`) or its month up to it (`date_to`),
 * or neither: the current month (`today` is the shop's today).
 */
export function reportRange(
  query: { date_from?: string; date_to?: string },
  today: string,
): { from: string; to: string } {
  const from = query.date_from ?? `${(query.date_to ?? today).slice(0, 8)}01`;
  const to = query.date_to ?? lastDayOfMonth(query.date_from ?? today);
  return { from, to };
}

/** `cedar-sales-2026-11-01-to-2026-11-30.csv`: the file a report downloads as. */
export function reportFileName(
  type: ReportType,
  from: string,
  to: string,
  format: Exclude<ReportFormat, 'json'>,
): string {
  return `cedar-${type.replaceAll('_', '-')}-${from}-to-${to}.${format}`;
}

export const ReportQuerySchema = z
  .object({
    type: z.enum(REPORT_TYPES, { error: ANALYTICS_MESSAGES.badReportType }),
    /** Shop-zone calendar days, inclusive; both default to the current month (reportRange). */
    date_from: calendarDate().optional(),
    date_to: calendarDate().optional(),
    format: z.enum(REPORT_FORMATS, { error: ANALYTICS_MESSAGES.badFormat }).default('json'),
    /** CSV and PDF come as an attachment; `download=false` sends them inline (a PDF opens in the browser). */
    download: QueryBooleanSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.date_from && value.date_to && value.date_from > value.date_to) {
      ctx.addIssue({ code: 'custom', path: ['date_from'], message: ANALYTICS_MESSAGES.datesReversed });
    } else if (value.date_from && value.date_to && daysInRange(value.date_from, value.date_to) > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: ANALYTICS_MESSAGES.rangeTooLong });
    }
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** How the screen and the PDF align and format it. */
  kind: z.enum(['text', 'number', 'money', 'percent', 'date']),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  title: z.string(),
  date_from: dateKey,
  date_to: dateKey,
  time_zone: z.string(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** All the rows the range has (the CSV and PDF hold them all). */
  total_rows: z.number().int(),
  /**
   * Sums of the money and number columns that add up, keyed like the rows (and the period's
   * average order value where the report has one); null for reports without.
   */
  totals: z.record(z.string(), z.number()).nullable(),
  /** A line the report needs under its title (the inventory: stock as of today, low and out counts); null for none. */
  note: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

// ---- Orders list: export and bulk status ----

/**
 * One row per order, as `GET /admin/orders/export` and the `orders` report write it (the CSV's
 * header is the keys). `placed_at` is the shop's wall clock (`2026-11-03 14:05`); money in dollars.
 */
export const ORDER_ROW_COLUMNS = [
  { key: 'order_number', label: 'Order', kind: 'text' },
  { key: 'placed_at', label: 'Placed', kind: 'date' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'payment_status', label: 'Payment', kind: 'text' },
  { key: 'payment_method', label: 'Method', kind: 'text' },
  { key: 'source', label: 'Source', kind: 'text' },
  { key: 'customer_name', label: 'Customer', kind: 'text' },
  { key: 'customer_phone', label: 'Phone', kind: 'text' },
  { key: 'customer_email', label: 'Email', kind: 'text' },
  { key: 'governorate', label: 'Governorate', kind: 'text' },
  { key: 'city', label: 'City', kind: 'text' },
  { key: 'items', label: 'Items', kind: 'number' },
  { key: 'subtotal', label: 'Subtotal', kind: 'money' },
  { key: 'discount', label: 'Discount', kind: 'money' },
  { key: 'promo_code', label: 'Promo code', kind: 'text' },
  { key: 'shipping', label: 'Shipping', kind: 'money' },
  { key: 'tax', label: 'Tax', kind: 'money' },
  { key: 'total', label: 'Total', kind: 'money' },
  { key: 'refunded', label: 'Refunded', kind: 'money' },
  { key: 'carrier', label: 'Carrier', kind: 'text' },
  { key: 'tracking_number', label: 'Tracking', kind: 'text' },
] as const satisfies readonly ReportColumn[];
export type OrderRowKey = (typeof ORDER_ROW_COLUMNS)[number]['key'];

/** `cedar-orders-2026-11-30.csv`: the orders list's export, named by the shop's day it was taken. */
export const ordersExportFileName = (today: string) => `cedar-orders-${today}.csv`;

export const BULK_ORDER_LIMIT = 100;
export const BulkOrderStatusSchema = z.object({
  order_ids: z
    .array(z.uuid({ error: 'Each order id must be a UUID' }))
    .min(1, 'Choose at least one order')
    .max(BULK_ORDER_LIMIT, `At most ${BULK_ORDER_LIMIT} orders at once`),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
});
export type BulkOrderStatus = z.infer<typeof BulkOrderStatusSchema>;

export const BulkOrderStatusResultSchema = z.object({
  moved: z.array(z.object({ id: z.uuid(), order_number: z.string(), from: z.string(), to: z.string() })),
  refused: z.array(z.object({ id: z.uuid(), order_number: z.string().nullable(), reason: z.string() })),
});
export type BulkOrderStatusResult = z.infer<typeof BulkOrderStatusResultSchema>;
