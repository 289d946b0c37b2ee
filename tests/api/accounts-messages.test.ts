import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '#server/customers/customers.table.ts';
import { users } from '#server/users/users.table.ts';
import { lastCodeTo, lastLinkTokenTo } from '../helpers/account-outbox.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { type FakeTextProvider, LOCAL_FAKES_ENV, startFakeTextProvider } from '../helpers/fake-text-provider.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('message channel: outbox by default (docs/operations.md)', () => {
  let ctx: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => ctx.close());

  it('appends the code to the day’s texts file; the log says a message was written (masked number, file), never the code', async () => {
    const phone = '+96176123987';
    lines.length = 0;
    await signUpShopper(ctx.app, { phone });
    const code = await lastCodeTo(ctx, phone);
    expect(lines.filter((line) => line.includes(code))).toEqual([]);
    const written = lines.map((line) => JSON.parse(line)).filter((entry) => entry.channel === 'outbox');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ msg: 'message written to the outbox', to: '+961…87' });
    expect(written[0].file).toMatch(/^texts-\d{4}-\d{2}-\d{2}\.mbox$/);
    expect(await readFile(path.join(ctx.config.paths.outbox, written[0].file), 'utf8')).toContain(code);
    expect(lines.join('')).not.toContain(phone);
  });

  it('a password-reset code sent by text is in the outbox only, in no log line', async () => {
    const phone = '+96176123988';
    const session = await signUpShopper(ctx.app, { phone });
    // Recovery goes only to a proved contact (decision 018): the sign-up's code proves the phone.
    const signUpCode = await lastCodeTo(ctx, phone);
    const proved = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/verify-phone',
      payload: { code: signUpCode },
      headers: bearer(session.access_token),
    });
    expect(proved.statusCode).toBe(200);
    lines.length = 0;
    const recover = await ctx.app.inject({ method: 'POST', url: '/api/account/recover', payload: { phone } });
    expect(recover.statusCode).toBeLessThan(300);
    const code = await lastCodeTo(ctx, phone);
    expect(code).not.toBe(signUpCode);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(code);
  });

  it('mail is logged without its words: a recovery link by email is in the outbox, in no log line', async () => {
    const email = 'recover-by-mail@example.com';
    const session = await signUpShopper(ctx.app, { email });
    // Recovery goes only to a proved contact: the sign-up's link, opened signed in, proves it.
    const verifyToken = await lastLinkTokenTo(ctx, email, '/account/verify-email');
    const proved = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      payload: { type: 'email_link', token: verifyToken },
      headers: bearer(session.access_token),
    });
    expect(proved.statusCode).toBe(200);
    lines.length = 0;
    const recover = await ctx.app.inject({ method: 'POST', url: '/api/account/recover', payload: { email } });
    expect(recover.statusCode).toBeLessThan(300);
    const token = await lastLinkTokenTo(ctx, email, '/login/reset');
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(email);
    }
  });

  it('an admin resends the verification of the account linked to a customer', async () => {
    const db = ctx.database.db;
    const email = 'linked-shopper@example.com';
    const shopper = await signUpShopper(ctx.app, { email });
    const [customer] = await db.insert(customers).values({ name: 'Linked', phone: '+96170111222' }).returning();
    if (!customer) throw new Error('no customer');
    await db.update(users).set({ customerId: customer.id }).where(eq(users.id, shopper.user.id));
    const first = await lastLinkTokenTo(ctx, email, '/account/verify-email');
    const admin = await createUser(db, { role: 'admin' });
    const { token } = await signInAs(ctx.app, admin.email);
    const resend = (type: string, id = customer.id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/customers/${id}/account/resend-verification`,
        payload: { type },
        headers: bearer(token),
      });
    const sent = await resend('verify_email');
    expect(sent.statusCode).toBe(202);
    expect(await lastLinkTokenTo(ctx, email, '/account/verify-email')).not.toBe(first);
    expect((await resend('verify_phone')).statusCode).toBe(400);
    expect((await resend('verify_email', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/account/resend-verification`,
      payload: { type: 'verify_email' },
      headers: bearer(shopper.access_token),
    });
    expect(asShopper.statusCode).toBe(403);
  });
});

describe('message channel: WhatsApp Cloud API adapter, chosen in Settings → Email', () => {
  let ctx: TestApp;
  let fake: FakeTextProvider;
  const lines: string[] = [];
  const TOKEN = 'wa-secret-token-never-logged';

  beforeAll(async () => {
    fake = await startFakeTextProvider({ status: 200, body: { messages: [{ id: 'wamid.1' }] } });
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info', ...LOCAL_FAKES_ENV },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const saved = await apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token)(
      'PUT',
      '/api/admin/settings/email',
      {
        text_channel: 'whatsapp',
        whatsapp_token: TOKEN,
        whatsapp_phone_number_id: '1098765',
        whatsapp_api_url: `${fake.url}/v20.0`,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('posts the code as a text message with the bearer token; no outbox file, no code or token in the log', async () => {
    const phone = '+96171923456';
    await signUpShopper(ctx.app, { phone });
    expect(fake.received).toHaveLength(1);
    const [message] = fake.received;
    expect(message?.url).toBe('/v20.0/1098765/messages');
    expect(message?.authorization).toBe(`Bearer ${TOKEN}`);
    const body = message?.json() as { text: { body: string } };
    expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '96171923456', type: 'text' });
    const code = body.text.body.match(/code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await expect(lastCodeTo(ctx, phone)).rejects.toThrow();
    const log = lines.join('');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(code);
  });

  it('a refused send is logged with its status only, and the shopper still gets 202', async () => {
    fake.answer({ status: 500, body: { error: { message: 'no' } } });
    const phone = '+96171923457';
    await signUpShopper(ctx.app, { phone });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/account/otp', payload: { phone } });
    expect(response.statusCode).toBe(202);
    await ctx.app.background.idle();
    const failures = lines.filter((line) => line.includes('message not accepted'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('')).toContain('"status":500');
    expect(lines.join('')).not.toContain(TOKEN);
    fake.answer({ status: 200, body: { messages: [{ id: 'wamid.2' }] } });
  });
});
