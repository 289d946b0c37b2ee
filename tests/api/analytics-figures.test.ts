import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { createCategory, createProduct } from '../factories/catalogue.ts';
import { createPromoCode } from '../factories/checkout-promo-codes.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { manualClock } from '../helpers/clocks.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The analytics' figures (docs/product.md#analytics) against a hand-computed shop. Orders are
 * placed through the API (checkout and the admin's order entry), moved by the admin (status,
 * payment, a partial refund, a cancel), then dated by updating `created_at`: the roll-ups' triggers
 * follow, as they follow every order write. The shop's clock stands at Sunday 2026-03-15 10:00 in
 * Beirut (UTC+2 then), so "the last 7 days" are 03-09…03-15 and the period before 03-02…03-08.
 *
 * Products (11 % VAT added at checkout): Amp $100 (cost $60, Audio), Cable $10 (Cables),
 * Fuse $5 (no category), Lamp $20 (never sold), Plug $10 with 3 in stock (low), an inactive one.
 *
 * | order | placed (Beirut)   | customer | lines            | total   | what happens                              |
 * | o1    | 03-15 09:00       | Rami     | Amp ×1           | 111.00  | paid, refunded 11.10, delivered after 50 h |
 * | o2    | 03-14 12:00       | Lina     | Cable ×2         | 22.20   | cancelled                                  |
 * | o3    | 03-13 12:00       | Omar     | Amp ×2 (admin)   | 222.00  | paid, confirmed                            |
 * | o4    | 03-10 12:00       | Rami     | Cable ×5, code   | 49.95   | 10 % off: discount 5.00                    |
 * | o5    | 03-08 23:59       | Nour     | Cable ×1         | 11.10   | the day before the period: previous        |
 * | o6    | 03-09 00:01       | Nour     | Cable ×1         | 11.10   | two minutes later: in the period           |
 * | o7    | 03-03 12:00       | Lina     | Amp ×1, Fuse ×1  | 116.55  | previous period                            |
 *
 * This period: o1 99.90 + o3 222.00 + o4 49.95 + o6 11.10 = 382.95 from 4 orders, customers Rami,
 * Omar, Nour. Previous: o5 11.10 + o7 116.55 = 127.65 from 2 orders, customers Nour, Lina.
 */
describe('analytics figures', () => {
  const clock = manualClock(new Date('2026-03-15T10:00:00+02:00'));
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const ids: Record<string, string> = {};
  let code: string;

  const beirut = (local: string) => new Date(`${local}+02:00`);
  const get = async (url: string) => {
    const response = await api('GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.database.db;
    const admin = await createUser(db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    const audio = await createCategory(db, { name: 'Audio' });
    const cables = await createCategory(db, { name: 'Cables' });
    const product = async (key: string, overrides: Parameters<typeof createProduct>[1]) => {
      ids[key] = (await createProduct(db, { maxPerOrder: 50, ...overrides })).id;
    };
    await product('amp', { name: 'Amp', price: 100, costPrice: 60, stockQuantity: 50, categoryId: audio.id });
    await product('cable', { name: 'Cable', price: 10, stockQuantity: 200, categoryId: cables.id });
    await product('fuse', { name: 'Fuse', price: 5, stockQuantity: 10 });
    await product('lamp', { name: 'Lamp', price: 20, stockQuantity: 30 });
    await product('plug', { name: 'Plug', price: 10, stockQuantity: 3, lowStockThreshold: 5 });
    await product('old', { name: 'Old', price: 10, stockQuantity: 99, costPrice: 1, isActive: false });
    code = (await createPromoCode(db, { discountType: 'percentage', discountValue: 10 })).code;

    const who = {
      rami: { name: 'Rami Haddad', phone: '03 123 456' },
      lina: { name: 'Lina Khoury', phone: '71 555 666' },
      omar: { name: 'Omar Saleh', phone: '76 111 222' },
      nour: { name: 'Nour Aoun', phone: '70 333 444' },
    };
    const line = (key: string, quantity: number) => ({ product_id: ids[key] as string, quantity });
    const place = async (key: string, customer: keyof typeof who, lines: Record<string, unknown>[], extra = {}) => {
      ids[key] = (await checkout(ctx.app, orderBody(lines, { customer: who[customer], ...extra }))).id;
    };
    const change = async (key: string, body: object) => {
      const response = await api('PUT', `/api/admin/orders/${ids[key]}`, body);
      expect(response.statusCode, response.body).toBe(200);
    };

    await place('o1', 'rami', [line('amp', 1)]);
    await change('o1', { payment_status: 'paid' });
    const refund = await api('POST', `/api/admin/orders/${ids.o1}/refund`, { refund_amount: 11.1 });
    expect(refund.statusCode, refund.body).toBe(200);
    for (const status of ['confirmed', 'processing', 'shipped', 'delivered']) await change('o1', { status });
    await place('o2', 'lina', [line('cable', 2)]);
    await change('o2', { status: 'cancelled' });
    const entered = await api('POST', '/api/admin/orders', orderBody([line('amp', 2)], { customer: who.omar }));
    expect(entered.statusCode, entered.body).toBe(201);
    ids.o3 = entered.json().data.id;
    await change('o3', { payment_status: 'paid' });
    await change('o3', { status: 'confirmed' });
    await place('o4', 'rami', [line('cable', 5)], { promo_code: code });
    await place('o5', 'nour', [line('cable', 1)]);
    await place('o6', 'nour', [line('cable', 1)]);
    await place('o7', 'lina', [line('amp', 1), line('fuse', 1)]);

    const placedAt: Record<string, string> = {
      o1: '2026-03-15T09:00:00',
      o2: '2026-03-14T12:00:00',
      o3: '2026-03-13T12:00:00',
      o4: '2026-03-10T12:00:00',
      o5: '2026-03-08T23:59:00',
      o6: '2026-03-09T00:01:00',
      o7: '2026-03-03T12:00:00',
    };
    for (const [key, local] of Object.entries(placedAt)) {
      const createdAt = beirut(local);
      await db
        .update(orders)
        .set({ createdAt, ...(key === 'o1' && { deliveredAt: new Date(createdAt.getTime() + 50 * 3_600_000) }) })
        .where(eq(orders.id, ids[key] as string));
    }
  });
  afterAll(() => ctx.close());

  const overview = {
    total_revenue: 382.95,
    paid_revenue: 321.9,
    total_orders: 4,
    total_customers: 3,
    total_products: 5,
    average_order_value: 95.74,
    revenue_growth: 200,
    order_growth: 100,
    // New customers: Rami and Omar this period (Nour's first was o5, on the 8th); Lina and Nour
    // the period before (Lina's cancelled o2 does not count).
    customer_growth: 0,
  };

  it('GET /admin/analytics/dashboard: the overview, the days at midnight, recent activity and the top sellers', async () => {
    const data = await get('/api/admin/analytics/dashboard?days=7');
    expect(data).toMatchObject({ days: 7, date_from: '2026-03-09', date_to: '2026-03-15', time_zone: 'Asia/Beirut' });
    expect(data.overview).toEqual(overview);
    // o5 at 23:59 on the 8th is the previous period's; o6 two minutes later is the 9th's.
    expect(data.sales_trends.daily_sales).toEqual([
      { date: '2026-03-09', revenue: 11.1, orders: 1 },
      { date: '2026-03-10', revenue: 49.95, orders: 1 },
      { date: '2026-03-11', revenue: 0, orders: 0 },
      { date: '2026-03-12', revenue: 0, orders: 0 },
      { date: '2026-03-13', revenue: 222, orders: 1 },
      { date: '2026-03-14', revenue: 0, orders: 0 },
      { date: '2026-03-15', revenue: 99.9, orders: 1 },
    ]);
    expect(data.sales_trends.monthly_sales).toEqual([{ month: '2026-03', revenue: 382.95, orders: 4 }]);
    // Line totals before the order's discount and tax, of orders not cancelled.
    expect(data.top_performers.top_products).toEqual([
      { product_id: ids.amp, product_name: 'Amp', revenue: 300, quantity_sold: 3 },
      { product_id: ids.cable, product_name: 'Cable', revenue: 60, quantity_sold: 6 },
    ]);
    expect(data.top_performers.top_categories).toEqual([
      { category_id: expect.any(String), category: 'Audio', revenue: 300, order_count: 2 },
      { category_id: expect.any(String), category: 'Cables', revenue: 60, order_count: 2 },
    ]);
    const recent = data.recent_activity;
    expect(recent.recent_orders.map((order: { id: string }) => order.id)).toEqual(
      ['o1', 'o2', 'o3', 'o4', 'o6', 'o5', 'o7'].map((key) => ids[key]),
    );
    expect(recent.recent_orders[0]).toEqual({
      id: ids.o1,
      order_number: expect.stringMatching(/^CS-/),
      customer_name: 'Rami Haddad',
      total: 111,
      status: 'delivered',
      created_at: '2026-03-15T07:00:00.000Z',
    });
    // Customer records, newest first: Nour's was made with o5.
    expect(recent.recent_customers.map((customer: { name: string }) => customer.name)).toEqual([
      'Nour Aoun',
      'Omar Saleh',
      'Lina Khoury',
      'Rami Haddad',
    ]);
    expect(recent.low_stock_products).toEqual([
      {
        product_id: ids.plug,
        variant_id: expect.any(String),
        product_name: 'Plug',
        variant_label: '',
        sku: expect.any(String),
        stock_quantity: 3,
        low_stock_threshold: 5,
      },
    ]);
  });

  it('compares with nothing as null growth, and defaults to 30 days', async () => {
    const today = await get('/api/admin/analytics/dashboard?days=1');
    expect(today.overview).toMatchObject({
      total_revenue: 99.9,
      total_orders: 1,
      revenue_growth: null,
      order_growth: null,
      customer_growth: null,
    });
    const month = await get('/api/admin/analytics/dashboard');
    expect(month).toMatchObject({ days: 30, date_from: '2026-02-14', date_to: '2026-03-15' });
    expect(month.overview).toMatchObject({ total_revenue: 510.6, total_orders: 6, total_customers: 4 });
    expect(month.sales_trends.daily_sales).toHaveLength(30);
    expect(month.sales_trends.monthly_sales).toEqual([
      { month: '2026-02', revenue: 0, orders: 0 },
      { month: '2026-03', revenue: 510.6, orders: 6 },
    ]);
  });

  it('GET /admin/analytics: the overview, promo codes, and new against returning customers', async () => {
    const data = await get('/api/admin/analytics?days=7');
    expect(data).toMatchObject({ days: 7, date_from: '2026-03-09', date_to: '2026-03-15', time_zone: 'Asia/Beirut' });
    expect(data.overview).toEqual(overview);
    expect(data.promo_codes).toEqual({
      uses: 1,
      discount_given: 5,
      revenue_with_code: 49.95,
      top_codes: [{ code, uses: 1, discount_given: 5, revenue: 49.95 }],
    });
    // Rami and Omar ordered first in the period; Nour first on the 8th. Rami and Nour have 2 orders.
    expect(data.customers).toEqual({ new_customers: 2, returning_customers: 1, repeat_rate: 66.7 });
  });

  it('GET /admin/analytics/sales: days, weeks and months, empty ones 0', async () => {
    const days = await get('/api/admin/analytics/sales?period=day');
    expect(days).toMatchObject({ period: 'day', time_zone: 'Asia/Beirut' });
    expect(days.series).toHaveLength(30);
    const byDay = new Map(days.series.map((row: { period: string }) => [row.period, row]));
    expect(byDay.get('2026-03-08')).toEqual({
      period: '2026-03-08',
      date_from: '2026-03-08',
      date_to: '2026-03-08',
      revenue: 11.1,
      orders: 1,
      average_order_value: 11.1,
    });
    expect(byDay.get('2026-03-14')).toMatchObject({ revenue: 0, orders: 0, average_order_value: 0 });
    const weeks = await get('/api/admin/analytics/sales?period=week');
    expect(weeks.series).toHaveLength(12);
    expect(weeks.series.slice(-2)).toEqual([
      {
        period: '2026-03-02',
        date_from: '2026-03-02',
        date_to: '2026-03-08',
        revenue: 127.65,
        orders: 2,
        average_order_value: 63.83,
      },
      {
        period: '2026-03-09',
        date_from: '2026-03-09',
        date_to: '2026-03-15',
        revenue: 382.95,
        orders: 4,
        average_order_value: 95.74,
      },
    ]);
    const months = await get('/api/admin/analytics/sales?period=month');
    expect(months.series.at(-1)).toEqual({
      period: '2026-03',
      date_from: '2026-03-01',
      date_to: '2026-03-15',
      revenue: 510.6,
      orders: 6,
      average_order_value: 85.1,
    });
    expect(months.series.at(-2)).toMatchObject({ period: '2026-02', revenue: 0, orders: 0 });
    const seven = await get('/api/admin/analytics/sales?period=7');
    expect(seven.series.map((row: { orders: number }) => row.orders)).toEqual([1, 1, 0, 0, 1, 0, 1]);
    const years = await get('/api/admin/analytics/sales?period=year');
    expect(years.series.map((row: { period: string; revenue: number }) => [row.period, row.revenue])).toEqual([
      ['2022', 0],
      ['2023', 0],
      ['2024', 0],
      ['2025', 0],
      ['2026', 510.6],
    ]);
  });

  it('GET /admin/analytics/products: top sellers, slow movers, categories with growth, stock value', async () => {
    const data = await get('/api/admin/analytics/products?days=7');
    expect(data).toMatchObject({ days: 7, date_from: '2026-03-09', date_to: '2026-03-15' });
    const amp = { product_id: ids.amp, product_name: 'Amp', revenue: 300, quantity_sold: 3 };
    const cable = { product_id: ids.cable, product_name: 'Cable', revenue: 60, quantity_sold: 6 };
    expect(data.top_by_revenue).toEqual([amp, cable]);
    expect(data.top_by_units).toEqual([cable, amp]);
    expect(data.top_variants).toEqual([
      { ...amp, variant_id: expect.any(String), variant_label: '', sku: expect.any(String) },
      { ...cable, variant_id: expect.any(String), variant_label: '', sku: expect.any(String) },
    ]);
    // In stock, active, nothing sold in the period; the largest stock first. Fuse sold on the 3rd.
    expect(data.slow_movers).toEqual([
      { product_id: ids.lamp, product_name: 'Lamp', stock_quantity: 30, last_sold: null },
      { product_id: ids.fuse, product_name: 'Fuse', stock_quantity: 9, last_sold: '2026-03-03' },
      { product_id: ids.plug, product_name: 'Plug', stock_quantity: 3, last_sold: null },
    ]);
    expect(data.categories).toEqual([
      {
        category_id: expect.any(String),
        category: 'Audio',
        revenue: 300,
        order_count: 2,
        quantity_sold: 3,
        previous_revenue: 100,
        revenue_growth: 200,
      },
      {
        category_id: expect.any(String),
        category: 'Cables',
        revenue: 60,
        order_count: 2,
        quantity_sold: 6,
        previous_revenue: 10,
        revenue_growth: 500,
      },
      {
        category_id: null,
        category: 'Uncategorised',
        revenue: 0,
        order_count: 0,
        quantity_sold: 0,
        previous_revenue: 5,
        revenue_growth: -100,
      },
    ]);
    // Amp: cost 60 × 46 left. Retail: Amp 100 × 46, Cable 10 × 193, Fuse 5 × 9, Lamp 20 × 30, Plug 10 × 3.
    expect(data.stock_value).toEqual({
      value: 2760,
      variants_with_cost: 1,
      variants_without_cost: 4,
      retail_value: 7205,
    });
  });

  it('GET /admin/analytics/orders: by status, payment and source; delivery time; rates', async () => {
    const week = await get('/api/admin/analytics/orders?days=7');
    expect(week).toEqual({
      days: 7,
      total_orders: 4,
      by_status: { pending: 2, confirmed: 1, processing: 0, shipped: 0, delivered: 1, cancelled: 1 },
      by_payment_status: { pending: 2, paid: 1, partially_refunded: 1, refunded: 0 },
      by_source: { checkout: 3, admin: 1, quotation: 0 },
      average_hours_to_delivery: 50,
      delivered_orders: 1,
      cancellation_rate: 20,
      refund_rate: 25,
      refunded_amount: 11.1,
    });
    const all = await get('/api/admin/analytics/orders');
    expect(all).toMatchObject({ days: null, total_orders: 6, cancellation_rate: 14.3, refund_rate: 16.7 });
    expect(all.by_source).toEqual({ checkout: 5, admin: 1, quotation: 0 });
  });

  it('refuses a bad period with a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/api/admin/analytics/dashboard?days=0', 'days'],
      ['/api/admin/analytics/dashboard?days=abc', 'days'],
      ['/api/admin/analytics?days=3661', 'days'],
      ['/api/admin/analytics/products?days=1.5', 'days'],
      ['/api/admin/analytics/orders?days=-1', 'days'],
      ['/api/admin/analytics/sales?period=fortnight', 'period'],
      ['/api/admin/analytics/sales?period=0', 'period'],
      ['/api/admin/analytics/sales?period=3661', 'period'],
    ];
    for (const [url, parameter] of cases) {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        errors: [{ path: parameter, message: expect.any(String) }],
      });
    }
  });
});
