import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/mail/outbox-file.ts';
import { TEST_EMAIL_LIMIT } from '#shared/contracts/settings.ts';
import { apiAs, auditOf } from '../helpers/admin-api.ts';
import { createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { closedPort, type FakeSmtp, startFakeSmtp } from '../helpers/fake-smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The test email of the Email settings (docs/product.md#shop-settings): without an SMTP server it
 * goes to the outbox and says so; with one, the server's verdict comes back in a merchant's words
 * (never the password, never a stack); it is audited, staff only, and limited per staff member
 * (counted before the work: a parallel burst sends at most the limit).
 */
describe('POST /api/admin/settings/email/test', () => {
  let ctx: TestApp;
  let smtp: FakeSmtp;
  let api: ReturnType<typeof apiAs>;
  const password = 'S3cret-smtp-pass';

  beforeAll(async () => {
    ctx = await createTestApp();
    smtp = await startFakeSmtp({ user: 'shop@mail.test', password });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  });
  afterAll(async () => {
    await smtp.close();
    await ctx.close();
  });

  const useSmtp = (patch: Record<string, unknown>) =>
    api('PUT', '/api/admin/settings/email', {
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_user: 'shop@mail.test',
      smtp_security: 'none',
      from_name: 'Byblos Gadgets',
      from_address: 'orders@byblos.test',
      ...patch,
    });

  it('without an SMTP server writes the message to the outbox and says so, audited', async () => {
    const response = await api('POST', '/api/admin/settings/email/test', { to: 'Owner@Example.com' });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ delivered: true, transport: 'outbox' });
    expect(result.message).toMatch(/No SMTP server is set.*outbox/);
    const mail = (await readOutbox(ctx.app.mailer.outboxDir, 'mail')).at(-1);
    expect(mail).toContain('To: owner@example.com');
    expect(mail).toContain('Subject: Test email from');
    const audit = (await auditOf(ctx.database.db, 'setting', 'email_settings')).filter(
      (row) => row.action === 'settings.email_test',
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toEqual({ to: 'owner@example.com', delivered: true, transport: 'outbox' });
  });

  it('sends through the SMTP server of the settings, with their sender, read at send time', async () => {
    expect((await useSmtp({ smtp_password: password })).statusCode).toBe(200);
    const response = await api('POST', '/api/admin/settings/email/test', { to: 'owner@example.com' });
    expect(response.json().data).toEqual({
      delivered: true,
      transport: 'smtp',
      message: 'The mail server 127.0.0.1 accepted the test email to owner@example.com. Check that inbox.',
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'orders@byblos.test', to: ['owner@example.com'] });
    expect(smtp.received[0]?.user).toBe('shop@mail.test');
    expect(smtp.received[0]?.data).toContain('From: Byblos Gadgets <orders@byblos.test>');
  });

  it('a wrong password answers the refusal in words, without the password or a stack', async () => {
    expect((await useSmtp({ smtp_password: 'wrong-password-123' })).statusCode).toBe(200);
    const response = await api('POST', '/api/admin/settings/email/test', { to: 'owner@example.com' });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ delivered: false, transport: 'smtp' });
    expect(result.message).toMatch(/^The mail server refused the user name or password/);
    expect(result.message).not.toContain('wrong-password-123');
    expect(result.message).not.toMatch(/\bat .*\.js|Error:/);
  });

  it('an unreachable server is named with its port', async () => {
    const port = await closedPort();
    expect((await useSmtp({ smtp_port: port, smtp_password: password })).statusCode).toBe(200);
    const result = (await api('POST', '/api/admin/settings/email/test', { to: 'owner@example.com' })).json().data;
    expect(result.delivered).toBe(false);
    expect(result.message).toMatch(new RegExp(`^Could not reach 127\\.0\\.0\\.1:${port}`));
  });

  it('refuses a recipient that is not an address, and anyone but staff', async () => {
    const bad = await api('POST', '/api/admin/settings/email/test', { to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'to' });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/settings/email/test',
      payload: { to: 'a@b.test' },
    });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await signUpShopper(ctx.app);
    const asShopper = apiAs(ctx.app, shopper.access_token);
    expect((await asShopper('POST', '/api/admin/settings/email/test', { to: 'a@b.test' })).statusCode).toBe(403);
  });

  it('a burst of 3× the limit at once sends at most the limit (counted before the work)', async () => {
    expect((await useSmtp({ smtp_port: smtp.port, smtp_password: password })).statusCode).toBe(200);
    const other = await createUser(ctx.database.db, { role: 'admin' });
    const asOther = apiAs(ctx.app, (await signInAs(ctx.app, other.email)).token);
    const before = smtp.received.length;
    const responses = await Promise.all(
      Array.from({ length: TEST_EMAIL_LIMIT.limit * 3 }, () =>
        asOther('POST', '/api/admin/settings/email/test', { to: 'owner@example.com' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(TEST_EMAIL_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(TEST_EMAIL_LIMIT.limit * 2);
    expect(smtp.received.length - before).toBeLessThanOrEqual(TEST_EMAIL_LIMIT.limit);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(refused?.json().message).toBe('Too many test emails. Wait a minute and try again.');
  });
});
