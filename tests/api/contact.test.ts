import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#server/contact/contact.table.ts';
import { outboxMails } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const message = {
  name: 'Nadine Khoury',
  email: ' Nadine@Example.com ',
  phone: '03 123 456',
  subject: 'Bulk order',
  message: 'Do you sell Arduino kits for a school of 30 students?',
};

describe('POST /api/contact', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const send = (payload: object, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      remoteAddress: ip,
      headers: { 'user-agent': 'vitest' },
    });
  const stored = async () => (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;

  it('stores the message and emails the shop', async () => {
    const response = await send(message, '10.0.0.2');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { received: true } });
    const [row] = await ctx.database.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: 'Nadine Khoury',
      email: 'nadine@example.com',
      phone: '+9613123456',
      subject: 'Bulk order',
      ip: '10.0.0.2',
      userAgent: 'vitest',
      handledAt: null,
    });
    const mails = await outboxMails(ctx.app);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: hello@cedar.shop');
    expect(mails[0]).toContain('Subject: Contact form: Bulk order');
    // "Reply" in the shop's mail client writes to the shopper, not to the shop itself.
    expect(mails[0]).toContain('Reply-To: Nadine Khoury <nadine@example.com>');
    expect(mails[0]).toContain('school of 30 students');
  });

  it('answers a bot that filled the honeypot the same way, and stores nothing', async () => {
    const before = await stored();
    const response = await send({ ...message, website: 'http://spam.example' }, '10.0.0.3');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { received: true } });
    expect(await stored()).toBe(before);
  });

  it('lists every bad field with its message', async () => {
    const response = await send({ name: 'N', email: 'nope', phone: '12', message: 'short' }, '10.0.0.4');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Enter a valid email address' },
        { path: 'phone', message: 'Enter a Lebanese phone number (e.g. 03 123 456 or +961 3 123 456)' },
        { path: 'message', message: 'Message must be at least 10 characters' },
      ]),
    );
    const missing = (await send({}, '10.0.0.4')).json();
    expect(missing.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'message', message: 'Message is required' },
      ]),
    );
  });

  it('allows 5 messages per IP per 10 minutes, then answers 429 with retry-after', async () => {
    for (let i = 0; i < 5; i++) expect((await send(message, '10.0.0.9')).statusCode).toBe(201);
    const response = await send(message, '10.0.0.9');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'Too many messages. Please try again later.',
      statusCode: 429,
      code: 'RATE_LIMITED',
      errors: [],
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(590);
    // Another IP is not affected.
    expect((await send(message, '10.0.0.10')).statusCode).toBe(201);
  });
});

describe('contact form flag off', () => {
  it('answers 404', async () => {
    const ctx = await createTestApp({ env: { FEATURE_CONTACT_FORM: 'false' } });
    try {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: message });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await ctx.close();
    }
  });
});
