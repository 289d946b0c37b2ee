import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { SECTION_KEYS } from '#server/settings/setting-keys.ts';
import { settings } from '#server/settings/settings.table.ts';
import { SETTINGS_CHANNEL } from '#server/settings/shop-settings.service.ts';
import { ORDER_MAIL_EVENTS } from '#shared/order-mail-strings.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { type FakeSmtp, startFakeSmtp } from '../helpers/fake-smtp.ts';
import { mailParts } from '../helpers/mail-parts.ts';
import { orderBody, outboxMessages } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 34, decision 032 (docs/product.md#order-mails-to-the-shopper): every order mail is HTML
 * from a template with its plain-text part, the merchant's subject and introduction replace the
 * defaults, values are escaped in the HTML, and Settings → Email previews and test-sends each one.
 */
describe('order mails: HTML templates, wording, preview', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let productId: string;
  const nasty = '<script>alert(1)</script> & "x"';
  /** The links of an HTML part, as a browser reads the attributes (`&amp;`, `&#x3D;` decoded). */
  const hrefs = (html: string) =>
    [...html.matchAll(/href="([^"]*)"/g)].map(([, value = '']) =>
      value
        .replace(/&#x3D;/g, '=')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example' },
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 },
    });
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, admin.email)).token);
    productId = (await createProduct(ctx.database.db, { name: nasty, price: 20, stockQuantity: 1000 })).id;
  });
  afterAll(() => ctx.close());

  const saveEmail = async (patch: Record<string, unknown>) => {
    const response = await api('PUT', '/api/admin/settings/email', patch);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const preview = async (event: string) => {
    const response = await api('GET', `/api/admin/settings/email/preview?event=${event}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { subject: string; html: string; text: string };
  };

  it('every event has an HTML part and a plain-text part, with the shop, the lines and the totals', async () => {
    await api('PUT', '/api/admin/settings/site', { logo_url: '/uploads/logo-mark.webp', phone: '03 555 111' });
    for (const event of ORDER_MAIL_EVENTS) {
      const mail = await preview(event);
      expect(mail.subject, event).toContain('CS-100123');
      expect(mail.html, event).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr"/);
      expect(mail.html, event).toContain('Arduino Uno R4 WiFi');
      expect(mail.html, event).toContain('Color: White, Size: M');
      expect(mail.text, event).toContain('- 2 × Maker T-Shirt (Color: White, Size: M) — $30.00');
      expect(mail.text, event).toMatch(/^Total: \$\d+\.\d\d$/m);
      // Nothing left unfilled.
      expect(mail.html, event).not.toMatch(/\{\{|\{[a-z_]+\}/);
      expect(mail.text, event).not.toMatch(/\{[a-z_]+\}/);
      if (event === 'new_order') {
        expect(hrefs(mail.html)).toContainEqual(
          expect.stringMatching(/^https:\/\/shop\.example\/admin\/orders\/[\w-]+$/),
        );
        continue;
      }
      // The customer's mails: the logo at the link base, the contact details, the order's page.
      expect(mail.html, event).toContain('src="https://shop.example/uploads/logo-mark.webp"');
      expect(hrefs(mail.html), event).toContain('tel:+9613555111');
      expect(mail.html, event).toContain('+961 3 555 111');
      expect(mail.text, event).toContain('hello@cedar.shop · +961 3 555 111');
      expect(hrefs(mail.html), event).toContainEqual(
        'https://shop.example/checkout?order=00000000-0000-4000-8000-000000000000&token=sample-order-preview-token',
      );
    }
    expect(hrefs((await preview('shipped')).html)).toContain('https://www.aramex.com/track');
    expect((await preview('cancelled')).text).toContain('Reason: The item is out of stock at our supplier.');
    expect((await preview('refunded')).text).toContain('That is the whole order.');
  });

  it('the plain-text part of a sample shipment', async () => {
    await api('PUT', '/api/admin/settings/site', { logo_url: null, phone: '+961 1 234 567' });
    expect((await preview('shipped')).text).toMatchInlineSnapshot(`
      "Hello Rami Haddad,

      Your order CS-100123 is on its way.
      It travels with Aramex.
      Tracking number: AX123456789
      Track it: https://www.aramex.com/track

      See your order: https://shop.example/checkout?order=00000000-0000-4000-8000-000000000000&token=sample-order-preview-token

      Order summary:
      - 1 × Arduino Uno R4 WiFi — $27.50
      - 2 × Maker T-Shirt (Color: White, Size: M) — $30.00

      Subtotal: $57.50
      VAT (11%): $6.33
      Shipping (Beirut): Free
      Total: $63.83

      Cedar Shop
      hello@cedar.shop · +961 1 234 567
      "
    `);
  });

  it('a placed order mails HTML with its text part; the product name is escaped in the HTML', async () => {
    const before = (await outboxMessages(ctx.app)).length;
    const order = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }]));
    const mails = (await outboxMessages(ctx.app)).slice(before);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.headers).toMatch(/^Content-Type: multipart\/alternative; boundary="=_cedar_\w+"$/m);
      expect(mail.text).toContain(order.order_number);
      expect(mail.text).toContain(`1 × ${nasty} — $20.00`);
      expect(mail.html).toContain(order.order_number);
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
      expect(mail.html).not.toContain('<script>alert(1)');
    }
    const receipt = mails.find((mail) => mail.headers.includes('To: rami@example.com'));
    expect(hrefs(receipt?.html ?? '')).toContainEqual(
      expect.stringMatching(new RegExp(`^https://shop\\.example/checkout\\?order=${order.id}&token=[\\w-]+$`)),
    );
  });

  it("the merchant's subject and introduction replace the defaults, placeholders filled, never HTML", async () => {
    const saved = await saveEmail({
      templates: {
        confirmed: {
          subject: '  {shop_name}: order {order_number} is confirmed, {customer_name}  ',
          intro: 'Thanks! <b>We</b> pack {order_number} today.\n\nQuestions? Reply to this mail.',
        },
      },
    });
    expect(saved.templates.confirmed.subject).toBe('{shop_name}: order {order_number} is confirmed, {customer_name}');
    expect(saved.templates.shipped).toEqual({ subject: '', intro: '' });

    const order = await checkout(ctx.app, orderBody([{ product_id: productId, quantity: 1 }]));
    expect((await api('PUT', `/api/admin/orders/${order.id}`, { status: 'confirmed' })).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.event, 'order.confirmed')));
    expect(row?.subject).toBe(`Cedar Shop: order ${order.order_number} is confirmed, Rami Haddad`);
    expect(row?.bodyText).toContain(
      `Thanks! <b>We</b> pack ${order.order_number} today.\n\nQuestions? Reply to this mail.`,
    );
    // Queued with its HTML part, the wording escaped, the product's name too; sent as both parts.
    expect(row?.bodyHtml).toContain(`Thanks! &lt;b&gt;We&lt;/b&gt; pack ${order.order_number} today.</p>`);
    expect(row?.bodyHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const sent = (await outboxMessages(ctx.app)).find((mail) => mail.headers.includes(`Subject: ${row?.subject}`));
    expect(sent?.text).toContain('Questions? Reply to this mail.');
    expect(sent?.html).toBe(row?.bodyHtml);

    // The preview shows the saved wording, escaped, one paragraph per blank line.
    const confirmed = await preview('confirmed');
    expect(confirmed.subject).toBe('Cedar Shop: order CS-100123 is confirmed, Rami Haddad');
    expect(confirmed.html).toContain('Thanks! &lt;b&gt;We&lt;/b&gt; pack CS-100123 today.</p>');
    expect(confirmed.html).toContain('>Questions? Reply to this mail.</p>');
    // Unsaved wording (the form being edited) previews without being saved.
    const draft = await api('POST', '/api/admin/settings/email/preview', {
      event: 'refunded',
      wording: { subject: '{refund_amount} back for {order_number}', intro: '' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.subject).toMatch(/^\$\d+\.\d\d back for CS-100123$/);
    expect(draft.json().data.text).toContain('We refunded $');
    expect((await preview('refunded')).subject).toMatch(/^Your Cedar Shop order CS-100123: \$[\d.]+ refunded$/);

    // Blank again: the default words.
    await saveEmail({ templates: { confirmed: { subject: '', intro: '' } } });
    expect((await preview('confirmed')).subject).toBe('Your Cedar Shop order CS-100123 is confirmed');
  });

  it('refuses wording that is too long, on two lines, or for an unknown mail: 400 naming the field', async () => {
    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ shipped: { subject: 'x'.repeat(151) } }, 'templates.shipped.subject', /at most 150 characters/],
      [{ shipped: { subject: 'Line one\nline two' } }, 'templates.shipped.subject', /one line/],
      [{ cancelled: { intro: 'y'.repeat(1001) } }, 'templates.cancelled.intro', /at most 1000 characters/],
      [{ confirmed: { subject: 42 } }, 'templates.confirmed.subject', /must be text/],
      [{ invoice: { subject: 'Hi' } }, 'templates', /Unknown setting: invoice/],
    ];
    for (const [templates, path, message] of refusals) {
      const response = await api('PUT', '/api/admin/settings/email', { templates });
      expect(response.statusCode, JSON.stringify(templates)).toBe(400);
      expect(response.json().errors, JSON.stringify(templates)).toContainEqual({
        path,
        message: expect.stringMatching(message),
      });
    }
    const badPreview = await api('GET', '/api/admin/settings/email/preview?event=invoice');
    expect(badPreview.statusCode).toBe(400);
    expect(badPreview.json().errors[0]).toMatchObject({ path: 'event' });
    const longDraft = await api('POST', '/api/admin/settings/email/preview', {
      event: 'shipped',
      wording: { subject: 'z'.repeat(151), intro: '' },
    });
    expect(longDraft.statusCode).toBe(400);
    expect(longDraft.json().errors[0]).toMatchObject({ path: 'wording.subject' });
  });

  it('an email section stored before the wording existed loads with the default wording', async () => {
    const [row] = await ctx.database.db.select().from(settings).where(eq(settings.key, SECTION_KEYS.email));
    const { templates: _new, ...older } = (row?.value ?? {}) as Record<string, unknown>;
    await ctx.database.db.update(settings).set({ value: older }).where(eq(settings.key, SECTION_KEYS.email));
    await ctx.database.db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'email')`);
    const email = (await api('GET', '/api/admin/settings/email')).json().data;
    expect(email.templates.order_placed).toEqual({ subject: '', intro: '' });
    expect((await preview('order_placed')).subject).toBe('Your Cedar Shop order CS-100123');
  });

  it('the preview is for staff only', async () => {
    const shopper = await signUpShopper(ctx.app);
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { event: 'shipped', wording: { subject: '', intro: '' } }],
    ] as const) {
      const url = `/api/admin/settings/email/preview${method === 'GET' ? '?event=shipped' : ''}`;
      expect((await ctx.app.inject({ method, url, payload })).statusCode, method).toBe(401);
      expect((await apiAs(ctx.app, shopper.access_token)(method, url, payload)).statusCode, method).toBe(403);
    }
  });
});

describe('the test email of one order mail', () => {
  let ctx: TestApp;
  let smtp: FakeSmtp;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    ctx = await createTestApp();
    smtp = await startFakeSmtp({ user: 'shop@mail.test', password: 'S3cret-smtp-pass' });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  });
  afterAll(async () => {
    await smtp.close();
    await ctx.close();
  });

  it('without SMTP: a multipart/alternative file in the outbox, its text part the text mail', async () => {
    const response = await api('POST', '/api/admin/settings/email/test', { to: 'owner@example.com', event: 'shipped' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ delivered: true, transport: 'outbox' });
    const mail = (await outboxMessages(ctx.app)).at(-1);
    expect(mail?.headers).toContain('Subject: Your Cedar Shop order CS-100123 is on its way');
    expect(mail?.text).toContain('Tracking number: AX123456789');
    expect(mail?.html).toContain('Track your parcel');
    // No link base here: no link to the order and no logo.
    expect(mail?.text).not.toContain('See your order');
    expect(mail?.html).not.toContain('<img');
  });

  it('through SMTP: the HTML goes as the alternative to the text', async () => {
    const saved = await api('PUT', '/api/admin/settings/email', {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_user: 'shop@mail.test',
      smtp_security: 'none',
      smtp_password: 'S3cret-smtp-pass',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await api('POST', '/api/admin/settings/email/test', {
      to: 'owner@example.com',
      event: 'delivered',
    });
    expect(response.json().data).toMatchObject({ delivered: true, transport: 'smtp' });
    const data = smtp.received.at(-1)?.data ?? '';
    expect(data).toMatch(/^Content-Type: multipart\/alternative/m);
    const parts = mailParts(data);
    expect(parts.text).toContain('Your order CS-100123 was delivered. Thank you for shopping with us.');
    expect(parts.html).toContain('<html lang="en" dir="ltr"');
  });
});
