import type {
  AnalyticsDashboard,
  AnalyticsOverview,
  OrderAnalytics,
  ProductAnalytics,
} from '#shared/contracts/analytics.ts';

/** Answers of the four analytics endpoints, as the contract shapes them, for the screen's tests. */

const PRODUCT_ID = '00000000-0000-4000-8000-0000000000b1';
const VARIANT_ID = '00000000-0000-4000-8000-0000000000b2';

const OVERVIEW: AnalyticsDashboard['overview'] = {
  total_revenue: 12345.5,
  paid_revenue: 9000,
  total_orders: 120,
  total_customers: 80,
  total_products: 42,
  average_order_value: 102.88,
  revenue_growth: 12.5,
  order_growth: -3,
  customer_growth: null,
};

/** `days` days ending 2026-11-30, revenue 100 × the day of the month (the 30th is the best). */
export function dashboard(days = 30): AnalyticsDashboard {
  const daily = Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 30 - (days - 1) + index));
    return { date: date.toISOString().slice(0, 10), revenue: date.getUTCDate() * 100, orders: date.getUTCDate() % 5 };
  });
  return {
    days,
    date_from: daily[0]?.date ?? '2026-11-01',
    date_to: '2026-11-30',
    time_zone: 'Asia/Beirut',
    overview: OVERVIEW,
    recent_activity: {
      recent_orders: [],
      recent_customers: [],
      low_stock_products: [
        {
          product_id: PRODUCT_ID,
          variant_id: VARIANT_ID,
          product_name: 'Raspberry Pi 4',
          variant_label: '8 GB',
          sku: 'RPI4-8',
          stock_quantity: 2,
          low_stock_threshold: 5,
        },
      ],
    },
    sales_trends: {
      daily_sales: daily,
      monthly_sales: [
        { month: '2025-12', revenue: 800, orders: 8 },
        { month: '2026-11', revenue: 46500, orders: 60 },
      ],
    },
    top_performers: {
      top_products: [
        { product_id: PRODUCT_ID, product_name: 'Raspberry Pi 4', revenue: 4200, quantity_sold: 60 },
        { product_id: null, product_name: 'A deleted product', revenue: 300, quantity_sold: 3 },
      ],
      top_categories: [{ category_id: null, category: 'Boards', revenue: 4200, order_count: 50 }],
    },
  };
}

export const OVERVIEW_ANSWER: AnalyticsOverview = {
  days: 30,
  date_from: '2026-11-01',
  date_to: '2026-11-30',
  time_zone: 'Asia/Beirut',
  overview: OVERVIEW,
  promo_codes: {
    uses: 14,
    discount_given: 210,
    revenue_with_code: 1900,
    top_codes: [{ code: 'CEDAR10', uses: 9, discount_given: 150, revenue: 1300 }],
  },
  customers: { new_customers: 30, returning_customers: 50, repeat_rate: 41.2 },
};

export const ORDERS_ANSWER: OrderAnalytics = {
  days: 30,
  total_orders: 130,
  by_status: { pending: 10, confirmed: 20, processing: 5, shipped: 15, delivered: 70, cancelled: 10 },
  by_payment_status: { pending: 40, paid: 85, partially_refunded: 3, refunded: 2 },
  by_source: { checkout: 100, admin: 30, quotation: 0 },
  average_hours_to_delivery: 60,
  delivered_orders: 70,
  cancellation_rate: 7.7,
  refund_rate: 4.2,
  refunded_amount: 250,
};

export const PRODUCTS_ANSWER: ProductAnalytics = {
  days: 30,
  date_from: '2026-11-01',
  date_to: '2026-11-30',
  top_by_revenue: [],
  top_by_units: [],
  top_variants: [],
  slow_movers: [{ product_id: PRODUCT_ID, product_name: 'Soldering iron', stock_quantity: 40, last_sold: null }],
  categories: [
    {
      category_id: null,
      category: 'Boards',
      revenue: 4200,
      order_count: 50,
      quantity_sold: 60,
      previous_revenue: 4000,
      revenue_growth: 5,
    },
  ],
  stock_value: { value: 15000, variants_with_cost: 30, variants_without_cost: 4, retail_value: 24000 },
};
