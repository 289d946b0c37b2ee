import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeUrl } from '#server/logging.ts';
import { createProduct } from '../factories/catalogue.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * docs/engineering.md#data-rules: logs never carry statement parameters, tokens, passwords, hashes or
 * personal data. Each failure below is a real one, made by the database itself: this test's own
 * copy gets a check constraint that refuses the row, so the insert fails with every parameter in
 * hand (Drizzle puts them in its error, PostgreSQL puts the row in `detail`).
 */
describe('what the log says about a failed statement', () => {
  let ctx: TestApp;
  const lines: string[] = [];
  const logText = () => lines.join('');
  const logEntries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const db = ctx.database.db;
    productId = (await createProduct(db, { name: 'Log Probe', price: 5, stockQuantity: 50 })).id;
    // NOT VALID: existing rows are not checked, every new one is.
    await db.execute(
      sql.raw(
        `alter table users add constraint log_test_refuse check (email <> 'refused-signup@example.com') not valid`,
      ),
    );
    await db.execute(
      sql.raw(`alter table orders add constraint log_test_refuse check (customer_name <> 'Nadia Refused') not valid`),
    );
  });
  afterAll(() => ctx.close());

  it('a failed sign-up: a 500, and no password, hash or email in the log', async () => {
    lines.length = 0;
    const password = 'a-secret-password-77';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'refused-signup@example.com', password, name: 'Refused Person' },
    });
    expect(response.statusCode).toBe(500);
    const log = logText();
    // The failure is logged, with what an operator needs: the statement and the constraint.
    const failure = logEntries().find((entry) => entry.level === 50);
    expect(failure, log).toBeDefined();
    expect(JSON.stringify(failure)).toContain('log_test_refuse');
    expect((failure?.err as { message?: string } | undefined)?.message).toMatch(/^Failed query: insert into "users"/);
    for (const secret of [password, '$argon2', 'refused-signup', 'Refused Person', 'params', 'Failing row']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('a failed order: no name, phone, address, email or access token in the log', async () => {
    lines.length = 0;
    const body = orderBody([{ product_id: productId, quantity: 1 }], {
      customer: { name: 'Nadia Refused', phone: '03 987 654', email: 'nadia.refused@example.com' },
      shipping_address: {
        city: 'Tripoli',
        street: 'Azmi Street',
        building: 'Cedars Tower',
        floor: '7',
        governorate: 'north',
      },
      notes: 'Ring twice at the blue gate',
    });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body });
    expect(response.statusCode).toBe(500);
    const log = logText();
    const failure = logEntries().find((entry) => entry.level === 50);
    expect(failure, log).toBeDefined();
    expect(JSON.stringify(failure)).toContain('log_test_refuse');
    for (const secret of [
      'Nadia',
      // The phone's digits as typed and as stored. Not '987' alone: a time or a response time in
      // the log (a float with many digits) contains it now and then, which failed a clean log.
      '987 654',
      '3987654',
      'nadia.refused',
      'Azmi',
      'Tripoli',
      'Cedars Tower',
      'blue gate',
      'access_token',
      'params',
      'Failing row',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    // The order's access token is 32 random bytes in base64url: no such string is logged.
    expect(log).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });

  it('logs requests by path, without query values that could be tokens or personal data', async () => {
    lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: '/api/orders/00000000-0000-4000-8000-000000000000?token=tok-abc-123' });
    await ctx.app.inject({ method: 'GET', url: '/api/products?search=nadia%40example.com&page=2' });
    const log = logText();
    expect(log).toContain('/api/orders/00000000-0000-4000-8000-000000000000?token=…');
    expect(log).toContain('page=2');
    expect(log).not.toContain('tok-abc-123');
    expect(log).not.toContain('nadia');
    expect(safeUrl('/a?token=x&limit=5')).toBe('/a?token=…&limit=5');
  });

  it('a mail that cannot be sent: logged without its subject or the sender of a contact message', async () => {
    const mailLines: string[] = [];
    // Nothing listens on port 1: every send fails.
    const withSmtp = await createTestApp({
      env: { LOG_LEVEL: 'info', SMTP_URL: 'smtp://127.0.0.1:1' },
      logStream: { write: (line: string) => void mailLines.push(line) },
      database: ctx.database,
    });
    try {
      const response = await withSmtp.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Hala Private', email: 'hala.private@example.com', message: 'Please call me back today.' },
      });
      expect(response.statusCode).toBe(201);
      await withSmtp.app.mailer.idle();
      const log = mailLines.join('');
      expect(log).toContain('mail not sent');
      for (const secret of ['Hala', 'hala.private', 'call me back']) expect(log, secret).not.toContain(secret);
    } finally {
      await withSmtp.close();
    }
  });
});
