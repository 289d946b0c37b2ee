import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '#server/orders/orders.table.ts';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { orderBody, orderCount, outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * What the shopper was told stays on the order (docs/product.md#order-fields): the tax's name,
 * rate and whether prices held it, and the payment method's name and instructions, as they were
 * at placement; a later settings change never rewrites them. Also the shop's VAT number on the
 * receipt, the admin's order with a delivery zone, and the saved address's governorate. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('an order keeps what the shopper was told', () => {
  let ctx: TestApp;
  let staff: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    staff = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    const { payment, shipping, tax } = BUILT_IN_SETTINGS;
    const response = await staff('PUT', '/api/admin/settings', { payment, shipping, tax });
    expect(response.statusCode, response.body).toBe(200);
  });

  const put = async (section: string, patch: unknown) => {
    const response = await staff('PUT', `/api/admin/settings/${section}`, patch);
    expect(response.statusCode, response.body).toBe(200);
  };
  const place = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body });
  const shopperView = async (order: { id: string; access_token: string }) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${order.access_token}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const staffView = async (id: string) => {
    const response = await staff('GET', `/api/admin/orders/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('keeps the tax label, rate and payment instructions of its placement after the settings change', async () => {
    await put('payment', { bank_transfer: { enabled: true, label: 'Bank (BLOM)', instructions: 'IBAN LB11 2222' } });
    await put('tax', { rate: 11, label: 'TVA', prices_include_tax: true, vat_number: 'LB-1112223' });
    const product = await createProduct(ctx.database.db, { price: 111, stockQuantity: 10 });
    const placed = await place(
      orderBody([{ product_id: product.id, quantity: 1 }], { payment_method: 'bank_transfer' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const told = {
      tax_label: 'TVA',
      tax_rate: 11,
      prices_include_tax: true,
      tax_number: 'LB-1112223',
      payment_label: 'Bank (BLOM)',
      payment_instructions: 'IBAN LB11 2222',
    };
    expect(placed.json().data).toMatchObject({ ...told, tax: 11, total: 111 });

    // The merchant changes everything the order was placed with.
    await put('tax', { rate: 5, label: 'GST', prices_include_tax: false, vat_number: 'LB-9998887' });
    await put('payment', { bank_transfer: { label: 'Bank (Audi)', instructions: 'IBAN LB99 9999' } });

    expect(await shopperView(placed.json().data)).toMatchObject(told);
    expect(await staffView(placed.json().data.id)).toMatchObject(told);
    // A new order follows the new settings.
    const next = await place(orderBody([{ product_id: product.id, quantity: 1 }], { payment_method: 'bank_transfer' }));
    expect(next.json().data).toMatchObject({
      tax_label: 'GST',
      tax_rate: 5,
      prices_include_tax: false,
      tax_number: 'LB-9998887',
      payment_label: 'Bank (Audi)',
      payment_instructions: 'IBAN LB99 9999',
      tax: 5.55,
    });
  });

  it('the receipt names the tax as the order kept it and shows the shop’s VAT number when set', async () => {
    await put('tax', { vat_number: 'LB-3344556' });
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const placed = await place(orderBody([{ product_id: product.id, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json().data.order_number;
    const mails = (await outboxMails(ctx.app)).filter((mail) => mail.includes(number));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).toContain('VAT (11%): $1.10');
      expect(mail).toContain('VAT number LB-3344556');
    }
    const settings = (await ctx.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data;
    expect(settings.tax).toEqual({ rate: 11, label: 'VAT', prices_include_tax: false, vat_number: 'LB-3344556' });

    await put('tax', { vat_number: '' });
    const plain = await place(orderBody([{ product_id: product.id, quantity: 1 }]));
    const plainMails = (await outboxMails(ctx.app)).filter((mail) => mail.includes(plain.json().data.order_number));
    for (const mail of plainMails) expect(mail).not.toContain('VAT number');
  });

  it('an order placed before orders kept them answers nulls (the screens use the settings then)', async () => {
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const placed = (await place(orderBody([{ product_id: product.id, quantity: 1 }]))).json().data;
    await ctx.database.db
      .update(orders)
      .set({
        taxLabel: null,
        taxRate: null,
        pricesIncludeTax: null,
        taxNumber: null,
        paymentLabel: null,
        paymentInstructions: null,
      })
      .where(eq(orders.id, placed.id));
    expect(await shopperView(placed)).toMatchObject({
      tax_label: null,
      tax_rate: null,
      prices_include_tax: null,
      tax_number: null,
      payment_label: null,
      payment_instructions: null,
      tax: 1.1,
    });
  });

  it('an admin order is charged its zone’s delivery; an unknown zone is a 400 on the field', async () => {
    await put('shipping', { zones: { south: { rate: 4.5 } } });
    const product = await createProduct(ctx.database.db, { price: 10, stockQuantity: 10 });
    const lines = [{ product_id: product.id, quantity: 1 }];
    const address = (governorate: string) => ({
      shipping_address: { city: 'Saida', street: 'Riad El Solh', governorate },
    });
    const placed = await staff('POST', '/api/admin/orders', orderBody(lines, address('south')));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({
      shipping: 4.5,
      total: 15.6,
      shipping_address: { governorate: 'south' },
      source: 'admin',
      tax_label: 'VAT',
      payment_label: 'Cash on delivery',
    });
    expect((await staffView(placed.json().data.id)).shipping_address.governorate).toBe('south');

    const before = await orderCount(ctx.database.db);
    const refused = await staff('POST', '/api/admin/orders', orderBody(lines, address('tripoli')));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({
      path: 'shipping_address.governorate',
      message: 'Choose your governorate',
    });
    expect(await orderCount(ctx.database.db)).toBe(before);
  });

  it('a saved address keeps its governorate; an unknown one is a 400 on the field', async () => {
    const { access_token: token } = await signUpShopper(ctx.app, { phone: '71 222 333' });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/account/addresses${url}`, headers: bearer(token), payload });
    const home = { label: 'Home', city: 'Jounieh', street: 'Main Road', governorate: 'mount_lebanon' };
    const created = await call('POST', '', home);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject(home);
    const id = created.json().data.id;
    expect((await call('GET', '')).json().data[0]).toMatchObject({ id, governorate: 'mount_lebanon' });

    const moved = await call('PUT', `/${id}`, { ...home, governorate: 'akkar' });
    expect(moved.json().data.governorate).toBe('akkar');
    // Without one (an address as saved before zones): none.
    const { governorate: _zone, ...withoutZone } = home;
    const cleared = await call('PUT', `/${id}`, withoutZone);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).not.toHaveProperty('governorate');

    const refused = await call('POST', '', { ...home, label: 'Moon', governorate: 'moon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ path: 'governorate', message: 'Choose your governorate' });
    const rows = (await ctx.database.db.execute(
      sql`select count(*)::int as n from account_addresses where label = 'Moon'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
  });
});
