import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { orders } from '#server/orders/orders.table.ts';
import { FIRST_PAGE_ROWS, PAGE_ROWS, pageCount } from '#server/reports/report-pdf.ts';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  ORDER_ROW_COLUMNS,
  REPORT_PREVIEW_ROWS,
  type Report,
} from '#shared/contracts/analytics.ts';
import { CALENDAR_DATE_MESSAGE } from '#shared/contracts/dates.ts';
import { createProduct, createVariantProduct } from '../factories/catalogue.ts';
import { createPromoCode } from '../factories/checkout-promo-codes.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs } from '../helpers/auth.ts';
import { manualClock } from '../helpers/clocks.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);

/**
 * docs/product.md#reports: every report's figures against a hand-computed shop, the files (the
 * CSV parsed back, the PDF drawn by poppler), the shop's days at midnight Beirut, and the 400s.
 *
 * The shop (prices before 11 % VAT added on top, no shipping; Asia/Beirut is UTC+2 in November):
 *
 * | order | placed (UTC)      | Beirut day | customer | lines                      | subtotal | discount | tax  | total | what then            |
 * | O8    | 2026-10-31 21:30  | Oct 31     | Maya     | 1 × Jumper Wires           | 2.50     |          | 0.28 | 2.78  |                      |
 * | O7    | 2026-10-31 22:30  | Nov 1      | Maya     | 1 × Raspberry Pi 4 GB      | 55.00    |          | 6.05 | 61.05 |                      |
 * | O1    | 2026-11-02 08:00  | Nov 2      | Rami     | 2 × Arduino Uno, SAVE10    | 40.00    | 4.00     | 3.96 | 39.96 |                      |
 * | O2    | 2026-11-02 12:00  | Nov 2      | Maya     | 1 × Pi 8 GB, 4 × Wires     | 85.00    |          | 9.35 | 94.35 | paid, 20.00 refunded |
 * | O3    | 2026-11-05 09:00  | Nov 5      | Karim    | 1 × Arduino Uno, FIVEOFF   | 20.00    | 5.00     | 1.65 | 16.65 | cancelled            |
 * | O4    | 2026-11-10 09:00  | Nov 10     | ريم      | 1 × كابل USB (admin order) | 5.00     |          | 0.55 | 5.55  | paid                 |
 * | O6    | 2026-11-14 21:59  | Nov 14     | Rami     | 2 × Jumper Wires           | 5.00     |          | 0.55 | 5.55  |                      |
 * | O5    | 2026-11-14 22:30  | Nov 15     | Rami     | 1 × Arduino Uno            | 20.00    |          | 2.20 | 22.20 |                      |
 *
 * O2's VAT after its refund: round(935 × (9435 − 2000) / 9435) = 737 cents.
 */
describe('GET /admin/reports', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const clock = manualClock(new Date('2026-11-20T10:00:00Z'));
  const ids: Record<string, string> = {};

  const customers = {
    rami: { name: 'Rami Haddad', phone: '03 123 456', email: 'rami@example.com' },
    maya: { name: 'Maya Saad', phone: '71 222 333', email: 'maya@example.com' },
    karim: { name: 'Karim Aoun', phone: '76 444 555' },
    reem: { name: 'ريم خوري', phone: '81 666 777' },
  };

  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    const db = ctx.database.db;
    const staff = await createUser(db, { role: 'admin', name: 'Report Reader' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    const arduino = await createProduct(db, {
      name: 'Arduino Uno',
      sku: 'ARD-UNO',
      price: 20,
      stockQuantity: 100,
      costPrice: 12,
    });
    const wires = await createProduct(db, { name: 'Jumper Wires', sku: 'JMP-WIRE', price: 2.5, stockQuantity: 50 });
    const pi = await createVariantProduct(db, {
      name: 'Raspberry Pi 5',
      variations: [{ name: 'Memory', options: ['4 GB', '8 GB'] }],
      variants: [
        { options: { Memory: '4 GB' }, price: 55, stockQuantity: 10, sku: 'PI5-4' },
        { options: { Memory: '8 GB' }, price: 75, stockQuantity: 10, sku: 'PI5-8' },
      ],
    });
    const cable = await createProduct(db, { name: 'كابل USB سريع', price: 5, stockQuantity: 4, sku: 'USB-AR' });
    await createProduct(db, { name: 'Old Stock', price: 9, stockQuantity: 0, sku: 'OLD-1' });
    // Off sale: out of the inventory, as out of the analytics' stock value.
    await createProduct(db, { name: 'Retired Shield', price: 15, stockQuantity: 7, sku: 'OFF-1', isActive: false });
    await createPromoCode(db, {
      code: 'SAVE10',
      discountType: 'percentage',
      discountValue: 10,
      description: 'Ten off',
    });
    await createPromoCode(db, { code: 'FIVEOFF', discountType: 'fixed', discountValue: 5 });
    await ctx.app.catalogue.fresh();
    const [pi4, pi8] = pi.variants;

    const place = async (
      name: string,
      at: string,
      customer: object,
      lines: Record<string, unknown>[],
      extra: Record<string, unknown> = {},
      url = '/api/orders',
    ) => {
      const response =
        url === '/api/orders'
          ? await ctx.app.inject({ method: 'POST', url, payload: orderBody(lines, { customer, ...extra }) })
          : await api('POST', url, orderBody(lines, { customer, ...extra }));
      expect(response.statusCode, response.body).toBe(201);
      const id: string = response.json().data.id;
      await db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, id));
      ids[name] = id;
      return response.json().data;
    };
    await place('O8', '2026-10-31T21:30:00Z', customers.maya, [{ product_id: wires.id, quantity: 1 }]);
    await place('O7', '2026-10-31T22:30:00Z', customers.maya, [
      { product_id: pi.product.id, variant_id: pi4?.id, quantity: 1 },
    ]);
    const o1 = await place('O1', '2026-11-02T08:00:00Z', customers.rami, [{ product_id: arduino.id, quantity: 2 }], {
      promo_code: 'SAVE10',
    });
    // The fixture's arithmetic: 11 % VAT on top of the discounted subtotal, no shipping.
    expect({
      subtotal: o1.subtotal,
      discount: o1.discount,
      tax: o1.tax,
      shipping: o1.shipping,
      total: o1.total,
    }).toEqual({
      subtotal: 40,
      discount: 4,
      tax: 3.96,
      shipping: 0,
      total: 39.96,
    });
    await place('O2', '2026-11-02T12:00:00Z', customers.maya, [
      { product_id: pi.product.id, variant_id: pi8?.id, quantity: 1 },
      { product_id: wires.id, quantity: 4 },
    ]);
    await place('O3', '2026-11-05T09:00:00Z', customers.karim, [{ product_id: arduino.id, quantity: 1 }], {
      promo_code: 'FIVEOFF',
    });
    await place(
      'O4',
      '2026-11-10T09:00:00Z',
      customers.reem,
      [{ product_id: cable.id, quantity: 1 }],
      {},
      '/api/admin/orders',
    );
    await place('O6', '2026-11-14T21:59:00Z', customers.rami, [{ product_id: wires.id, quantity: 2 }]);
    await place('O5', '2026-11-14T22:30:00Z', customers.rami, [{ product_id: arduino.id, quantity: 1 }]);

    const put = async (id: string | undefined, body: object) =>
      expect((await api('PUT', `/api/admin/orders/${id}`, body)).statusCode).toBe(200);
    await put(ids.O2, { payment_status: 'paid' });
    const refund = await api('POST', `/api/admin/orders/${ids.O2}/refund`, { refund_amount: 20, reason: 'Late' });
    expect(refund.statusCode, refund.body).toBe(200);
    await put(ids.O3, { status: 'cancelled' });
    await put(ids.O4, { payment_status: 'paid' });
  });
  afterAll(() => ctx?.close());

  const report = async (query: string): Promise<Report> => {
    const response = await api('GET', `/api/admin/reports?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const rowOf = (answer: Report, key: string, value: string) => answer.rows.find((row) => row[key] === value);

  describe('JSON previews', () => {
    it('sales: one row per shop day, the midnight boundary on the right side, totals', async () => {
      const sales = await report('type=sales&date_from=2026-11-01&date_to=2026-11-30');
      expect(sales).toMatchObject({
        type: 'sales',
        title: 'Sales by day',
        date_from: '2026-11-01',
        date_to: '2026-11-30',
        time_zone: 'Asia/Beirut',
        total_rows: 30,
        note: null,
      });
      expect(sales.rows).toHaveLength(30);
      expect(sales.columns.map((column) => column.key)).toEqual([
        'date',
        'orders',
        'cancelled',
        'order_totals',
        'discounts',
        'shipping',
        'tax',
        'refunds',
        'revenue',
        'paid_revenue',
        'average_order_value',
      ]);
      // O7 was placed at 22:30 UTC on Oct 31: 00:30 on Nov 1 in Beirut.
      expect(rowOf(sales, 'date', '2026-11-01')).toEqual({
        date: '2026-11-01',
        orders: 1,
        cancelled: 0,
        order_totals: 61.05,
        discounts: 0,
        shipping: 0,
        tax: 6.05,
        refunds: 0,
        revenue: 61.05,
        paid_revenue: 0,
        average_order_value: 61.05,
      });
      expect(rowOf(sales, 'date', '2026-11-02')).toEqual({
        date: '2026-11-02',
        orders: 2,
        cancelled: 0,
        order_totals: 134.31,
        discounts: 4,
        shipping: 0,
        tax: 11.33,
        refunds: 20,
        revenue: 114.31,
        // O2 was paid (then refunded in part), O1 not: paid revenue counts payments received.
        paid_revenue: 74.35,
        average_order_value: 57.16,
      });
      expect(rowOf(sales, 'date', '2026-11-05')).toMatchObject({ orders: 0, cancelled: 1, revenue: 0, tax: 0 });
      expect(rowOf(sales, 'date', '2026-11-10')).toMatchObject({ orders: 1, revenue: 5.55, paid_revenue: 5.55 });
      // 21:59 UTC is 23:59 on the 14th; 22:30 UTC is 00:30 on the 15th.
      expect(rowOf(sales, 'date', '2026-11-14')).toMatchObject({ orders: 1, revenue: 5.55, tax: 0.55 });
      expect(rowOf(sales, 'date', '2026-11-15')).toMatchObject({ orders: 1, revenue: 22.2, tax: 2.2 });
      expect(rowOf(sales, 'date', '2026-11-20')).toMatchObject({ orders: 0, revenue: 0, average_order_value: 0 });
      expect(sales.totals).toEqual({
        orders: 6,
        cancelled: 1,
        order_totals: 228.66,
        discounts: 4,
        shipping: 0,
        tax: 20.68,
        refunds: 20,
        revenue: 208.66,
        paid_revenue: 79.9,
        average_order_value: 34.78,
      });
    });

    it('sales: defaults to the current month of the shop, and shows at most REPORT_PREVIEW_ROWS days', async () => {
      const month = await report('type=sales');
      expect([month.date_from, month.date_to, month.total_rows]).toEqual(['2026-11-01', '2026-11-30', 30]);
      const fromOnly = await report('type=sales&date_from=2026-11-14');
      expect([fromOnly.date_from, fromOnly.date_to]).toEqual(['2026-11-14', '2026-11-30']);
      expect(fromOnly.totals).toMatchObject({ orders: 2, revenue: 27.75 });
      const toOnly = await report('type=sales&date_to=2026-11-14');
      expect([toOnly.date_from, toOnly.date_to]).toEqual(['2026-11-01', '2026-11-14']);
      const year = await report('type=sales&date_from=2026-01-01&date_to=2026-12-31');
      expect(year.total_rows).toBe(365);
      expect(year.rows).toHaveLength(REPORT_PREVIEW_ROWS);
      expect(year.totals).toMatchObject({ orders: 7, revenue: 211.44 });
    });

    it('tax: VAT per month, less the refunded share, by the Beirut month the order was placed', async () => {
      const tax = await report('type=tax&date_from=2026-10-01&date_to=2026-11-30');
      expect(tax.total_rows).toBe(2);
      expect(tax.rows).toEqual([
        { month: '2026-10', orders: 1, sales: 2.78, refunds: 0, net_of_vat: 2.5, vat: 0.28 },
        { month: '2026-11', orders: 6, sales: 208.66, refunds: 20, net_of_vat: 187.98, vat: 20.68 },
      ]);
      expect(tax.totals).toEqual({ orders: 7, sales: 211.44, refunds: 20, net_of_vat: 190.48, vat: 20.96 });
      // A period inside a month counts its own days only; months without orders show 0.
      const part = await report('type=tax&date_from=2026-09-15&date_to=2026-11-01');
      expect(part.rows.map((row) => [row.month, row.orders, row.vat])).toEqual([
        ['2026-09', 0, 0],
        ['2026-10', 1, 0.28],
        ['2026-11', 1, 6.05],
      ]);
    });

    it('orders: one row per order placed in the period, oldest first, cancelled ones included', async () => {
      const list = await report('type=orders&date_from=2026-11-01&date_to=2026-11-30');
      expect(list.columns.map((column) => column.key)).toEqual(ORDER_ROW_COLUMNS.map((column) => column.key));
      expect(list.total_rows).toBe(7);
      const numbers = async (name: string) =>
        (
          await ctx.database.db
            .select({ n: orders.orderNumber })
            .from(orders)
            .where(eq(orders.id, ids[name] ?? ''))
        )[0]?.n;
      expect(list.rows.map((row) => row.order_number)).toEqual(
        await Promise.all(['O7', 'O1', 'O2', 'O3', 'O4', 'O6', 'O5'].map(numbers)),
      );
      expect(list.rows[0]).toMatchObject({
        placed_at: '2026-11-01 00:30',
        status: 'pending',
        customer_name: 'Maya Saad',
      });
      expect(list.rows[2]).toMatchObject({
        payment_status: 'partially_refunded',
        items: 5,
        subtotal: 85,
        tax: 9.35,
        total: 94.35,
        refunded: 20,
      });
      expect(list.rows[3]).toMatchObject({ status: 'cancelled', promo_code: 'FIVEOFF', discount: 5, total: 16.65 });
      expect(list.rows[4]).toMatchObject({ source: 'admin', customer_name: 'ريم خوري', governorate: 'beirut' });
      expect(list.rows[5]).toMatchObject({ placed_at: '2026-11-14 23:59' });
      // From the roll-up: the sums of every row (cancelled ones too) it keeps exactly.
      expect(list.totals).toEqual({ discount: 9, shipping: 0, total: 245.31, refunded: 20 });
    });

    it('products: units and revenue per product and variant, best sellers first; months and stray days add up', async () => {
      const products = await report('type=products&date_from=2026-11-01&date_to=2026-11-30');
      expect(
        products.rows.map((row) => [row.product, row.variant, row.sku, row.units, row.orders, row.revenue]),
      ).toEqual([
        ['Raspberry Pi 5', '8 GB', 'PI5-8', 1, 1, 75],
        ['Arduino Uno', '', expect.any(String), 3, 2, 60],
        ['Raspberry Pi 5', '4 GB', 'PI5-4', 1, 1, 55],
        ['Jumper Wires', '', expect.any(String), 6, 2, 15],
        ['كابل USB سريع', '', 'USB-AR', 1, 1, 5],
      ]);
      expect(products.rows[3]?.average_price).toBe(2.5);
      expect(products.total_rows).toBe(5);
      expect(products.totals).toEqual({ units: 12, orders: 7, revenue: 210 });
      // Oct 31 (a stray day) and November (a whole month) together.
      const wider = await report('type=products&date_from=2026-10-31&date_to=2026-11-30');
      expect(rowOf(wider, 'product', 'Jumper Wires')).toMatchObject({ units: 7, orders: 3, revenue: 17.5 });
      const inside = await report('type=products&date_from=2026-11-02&date_to=2026-11-14');
      expect(inside.rows.map((row) => [row.product, row.variant, row.units])).toEqual([
        ['Raspberry Pi 5', '8 GB', 1],
        ['Arduino Uno', '', 2],
        ['Jumper Wires', '', 6],
        ['كابل USB سريع', '', 1],
      ]);
    });

    it('customers: who bought in the period, the biggest spenders first, new against returning', async () => {
      const list = await report('type=customers&date_from=2026-11-01&date_to=2026-11-30');
      expect(list.rows).toEqual([
        {
          customer: 'Maya Saad',
          phone: '+96171222333',
          email: 'maya@example.com',
          orders: 2,
          revenue: 135.4,
          average_order_value: 67.7,
          last_order: '2026-11-02',
          first_order: '2026-10-31',
          lifetime_orders: 3,
          new_customer: 'no',
        },
        {
          customer: 'Rami Haddad',
          phone: '+9613123456',
          email: 'rami@example.com',
          orders: 3,
          revenue: 67.71,
          average_order_value: 22.57,
          last_order: '2026-11-15',
          first_order: '2026-11-02',
          lifetime_orders: 3,
          new_customer: 'yes',
        },
        {
          customer: 'ريم خوري',
          phone: '+96181666777',
          email: null,
          orders: 1,
          revenue: 5.55,
          average_order_value: 5.55,
          last_order: '2026-11-10',
          first_order: '2026-11-10',
          lifetime_orders: 1,
          new_customer: 'yes',
        },
      ]);
      // Karim's only order was cancelled. The revenue is the sales report's.
      expect(list.total_rows).toBe(3);
      expect(list.totals).toEqual({ orders: 6, revenue: 208.66, average_order_value: 34.78 });
    });

    it('promo codes: uses, discount and revenue of orders not cancelled', async () => {
      const codes = await report('type=promo_codes&date_from=2026-11-01&date_to=2026-11-30');
      expect(codes.rows).toEqual([
        {
          code: 'SAVE10',
          offer: '10% off',
          description: 'Ten off',
          uses: 1,
          customers: 1,
          discount_given: 4,
          revenue: 39.96,
        },
      ]);
      expect(codes.totals).toEqual({ uses: 1, discount_given: 4, revenue: 39.96 });
    });

    it('inventory: the stock now by SKU, its value, low and out', async () => {
      const stock = await report('type=inventory&date_from=2026-01-01&date_to=2026-01-31');
      expect(stock.rows.map((row) => [row.product, row.variant, row.status, row.stock_quantity])).toEqual([
        ['Arduino Uno', '', 'in', 97],
        ['Jumper Wires', '', 'in', 43],
        ['Old Stock', '', 'out', 0],
        ['Raspberry Pi 5', '4 GB', 'in', 9],
        ['Raspberry Pi 5', '8 GB', 'in', 9],
        ['كابل USB سريع', '', 'low', 3],
      ]);
      expect(stock.rows[0]).toMatchObject({ cost_price: 12, stock_value: 1164, price: 20, retail_value: 1940 });
      expect(stock.rows[1]).toMatchObject({ cost_price: null, stock_value: null });
      expect(stock.totals).toEqual({ stock_quantity: 161, stock_value: 1164, retail_value: 3232.5 });
      expect(stock.note).toBe('The stock now, whatever the dates chosen: 1 low, 1 out of stock.');
    });

    it('a period with nothing in it: zero rows and zero totals', async () => {
      const empty = await report('type=customers&date_from=2025-01-01&date_to=2025-01-31');
      expect([empty.rows, empty.total_rows, empty.totals]).toEqual([
        [],
        0,
        { orders: 0, revenue: 0, average_order_value: 0 },
      ]);
      const none = await report('type=products&date_from=2025-01-01&date_to=2025-01-31');
      expect([none.total_rows, none.totals]).toEqual([0, { units: 0, orders: 0, revenue: 0 }]);
    });
  });

  describe('refusals', () => {
    const refused = async (query: string, path: string, message: string) => {
      const response = await api('GET', `/api/admin/reports?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(body.errors, query).toContainEqual({ path, message });
    };

    it('names the parameter of a bad type, format or range', async () => {
      await refused('type=profit', 'type', ANALYTICS_MESSAGES.badReportType);
      await refused('date_from=2026-11-01', 'type', ANALYTICS_MESSAGES.badReportType);
      await refused('type=sales&format=xlsx', 'format', ANALYTICS_MESSAGES.badFormat);
      await refused(
        'type=sales&date_from=2026-11-30&date_to=2026-11-01',
        'date_from',
        ANALYTICS_MESSAGES.datesReversed,
      );
      await refused('type=sales&date_from=2016-01-01&date_to=2026-12-31', 'date_to', ANALYTICS_MESSAGES.rangeTooLong);
      await refused('type=sales&date_from=2026-02-31', 'date_from', CALENDAR_DATE_MESSAGE);
      await refused('type=tax&date_to=30-11-2026', 'date_to', CALENDAR_DATE_MESSAGE);
    });

    it(`takes up to ${ANALYTICS_MAX_DAYS} days`, async () => {
      const longest = await report('type=tax&date_from=2017-01-01&date_to=2027-01-08');
      expect(longest.total_rows).toBe(121);
    });
  });

  describe('files', () => {
    it('CSV: the columns as keys, every row, money with two decimals, formula-safe cells, named after the period', async () => {
      const [formulaOrder] = await ctx.database.db
        .update(orders)
        .set({ customerName: '=HYPERLINK("http://x.example","click")' })
        .where(eq(orders.id, ids.O6 ?? ''))
        .returning({ name: orders.customerName });
      expect(formulaOrder?.name).toMatch(/^=/);
      try {
        const response = await api(
          'GET',
          '/api/admin/reports?type=orders&date_from=2026-11-01&date_to=2026-11-30&format=csv',
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toBe(
          'attachment; filename="cedar-orders-2026-11-01-to-2026-11-30.csv"',
        );
        expect(response.body.startsWith('\uFEFF')).toBe(true);
        const parsed = Papa.parse<Record<string, string>>(response.body.slice(1), {
          header: true,
          skipEmptyLines: true,
        });
        expect(parsed.meta.fields).toEqual(ORDER_ROW_COLUMNS.map((column) => column.key));
        expect(parsed.data).toHaveLength(7);
        expect(parsed.data[2]).toMatchObject({ subtotal: '85.00', tax: '9.35', total: '94.35', refunded: '20.00' });
        expect(parsed.data[0]?.customer_email).toBe('maya@example.com');
        expect(parsed.data[4]?.customer_email).toBe('');
        expect(parsed.data[5]?.customer_name).toBe(`'=HYPERLINK("http://x.example","click")`);
      } finally {
        await ctx.database.db
          .update(orders)
          .set({ customerName: 'Rami Haddad' })
          .where(eq(orders.id, ids.O6 ?? ''));
      }
    });

    it('CSV of each type opens with its columns; taking a file is audited', async () => {
      for (const type of ['sales', 'products', 'customers', 'promo_codes', 'inventory', 'tax']) {
        const response = await api(
          'GET',
          `/api/admin/reports?type=${type}&date_from=2026-11-01&date_to=2026-11-30&format=csv`,
        );
        expect(response.statusCode, type).toBe(200);
        const preview = await report(`type=${type}&date_from=2026-11-01&date_to=2026-11-30`);
        const parsed = Papa.parse<Record<string, string>>(response.body.slice(1), {
          header: true,
          skipEmptyLines: true,
        });
        expect(parsed.meta.fields, type).toEqual(preview.columns.map((column) => column.key));
        expect(parsed.data, type).toHaveLength(preview.total_rows);
      }
      const sales = await api(
        'GET',
        '/api/admin/reports?type=sales&date_from=2026-11-01&date_to=2026-11-03&format=csv',
      );
      expect(Papa.parse<string[]>(sales.body.slice(1), { skipEmptyLines: true }).data.slice(1)).toEqual([
        ['2026-11-01', '1', '0', '61.05', '0.00', '0.00', '6.05', '0.00', '61.05', '0.00', '61.05'],
        ['2026-11-02', '2', '0', '134.31', '4.00', '0.00', '11.33', '20.00', '114.31', '74.35', '57.16'],
        ['2026-11-03', '0', '0', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00'],
      ]);
      const entries = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'report.download'));
      expect(entries.map((entry) => entry.after)).toContainEqual({
        type: 'sales',
        format: 'csv',
        date_from: '2026-11-01',
        date_to: '2026-11-03',
      });
      expect(entries.every((entry) => entry.userEmail !== null)).toBe(true);
    });

    describe('PDF', () => {
      let dir: string;
      beforeAll(async () => {
        dir = await mkdtemp(path.join(os.tmpdir(), 'cedar-report-pdf-'));
      });
      afterAll(() => rm(dir, { recursive: true, force: true }));

      const pdf = async (query: string) => {
        const response = await api('GET', `/api/admin/reports?${query}&format=pdf`);
        expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const file = path.join(dir, `${query.replace(/\W+/g, '-')}.pdf`);
        await writeFile(file, response.rawPayload);
        return { response, file };
      };
      const pdfText = async (file: string) => (await run('pdftotext', ['-layout', file, '-'])).stdout;
      const pages = async (file: string) => Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file])).stdout)?.[1]);

      it('renders: poppler draws page 1 as a PNG; the shop, the report, the period and the figures are in it', async () => {
        const { response, file } = await pdf('type=sales&date_from=2026-11-01&date_to=2026-11-30');
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(response.headers['content-disposition']).toBe(
          'attachment; filename="cedar-sales-2026-11-01-to-2026-11-30.pdf"',
        );
        await run('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', file, path.join(dir, 'sales')]);
        const png = await readFile(path.join(dir, 'sales-1.png'));
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect((await stat(path.join(dir, 'sales-1.png'))).size).toBeGreaterThan(5_000);
        expect(await pages(file)).toBe(2);
        const text = await pdfText(file);
        expect(text).toContain(ctx.app.settings.values.site.shop_name);
        expect(text).toContain('Sales by day');
        expect(text).toContain('1 Nov 2026 – 30 Nov 2026');
        expect(text).toContain('Page 1 of 2');
        expect(text).toContain('Page 2 of 2');
        expect(text).toMatch(/2026-11-02\s+2\s+0\s+134\.31\s+4\.00\s+0\.00\s+11\.33\s+20\.00\s+114\.31/);
        expect(text).toMatch(/Total\s+6\s+1\s+228\.66/);
      });

      it('breaks pages with the header on each and numbers them "n of N"', async () => {
        // 80 orders in December (written straight into the table: the report reads the orders).
        await ctx.database.db.execute(sql`
          insert into orders (order_number, customer_name, customer_phone, shipping_address, subtotal, tax, total,
            access_token, created_at)
          select 'CS-PDF-' || g, 'Bulk Buyer ' || g, '+9613000' || lpad(g::text, 3, '0'),
            '{"city":"Beirut","street":"Hamra"}'::jsonb, 10, 1.1, 11.1, 'pdf-token-' || g,
            timestamptz '2026-12-01 08:00:00+00' + g * interval '1 minute'
          from generate_series(1, 80) as g`);
        const { file } = await pdf('type=orders&date_from=2026-12-01&date_to=2026-12-31');
        const lines = 80 + 1;
        expect(pageCount(lines)).toBe(1 + Math.ceil((lines - FIRST_PAGE_ROWS) / PAGE_ROWS));
        expect(await pages(file)).toBe(pageCount(lines));
        const text = await pdfText(file);
        expect(text).toContain(`Page ${pageCount(lines)} of ${pageCount(lines)}`);
        // Every order is there once, and the header repeats on every page.
        for (let n = 1; n <= 80; n++) expect(text.split(`CS-PDF-${n} `).length - 1, `CS-PDF-${n}`).toBe(1);
        expect(text.split('Placed').length - 1).toBe(pageCount(lines));
        expect(text).toMatch(/Total\s+0\.00\s+0\.00\s+888\.00\s+0\.00/);
      });

      it('every type renders, Arabic names included, and an empty period says so', async () => {
        for (const type of ['orders', 'products', 'customers', 'promo_codes', 'inventory', 'tax']) {
          const { file } = await pdf(`type=${type}&date_from=2026-11-01&date_to=2026-11-30`);
          expect(await pages(file), type).toBeGreaterThanOrEqual(1);
        }
        const { file } = await pdf('type=customers&date_from=2025-01-01&date_to=2025-01-31');
        expect(await pdfText(file)).toContain('Nothing in this period.');
        const inline = await api('GET', '/api/admin/reports?type=tax&format=pdf&download=false');
        expect(inline.headers['content-disposition']).toMatch(
          /^inline; filename="cedar-tax-2026-11-01-to-2026-11-30\.pdf"$/,
        );
      });
    });
  });
});
