import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { customers } from '#server/customers/customers.table.ts';
import { createMessageChannel } from '#server/messages/create-channel.ts';
import { users } from '#server/users/users.table.ts';
import { lastCodeTo, lastLinkTokenTo } from '../helpers/account-outbox.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Received {
  url: string;
  authorization: string | undefined;
  body: { messaging_product: string; to: string; type: string; text: { body: string } };
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
  });

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

  it('writes the code to an sms-*.txt file; the log says a message was written (masked number, file), never the code', async () => {
    const phone = '+96176123987';
    lines.length = 0;
    await signUpShopper(ctx.app, { phone });
    const code = await lastCodeTo(ctx, phone);
    expect(lines.filter((line) => line.includes(code))).toEqual([]);
    const written = lines.map((line) => JSON.parse(line)).filter((entry) => entry.channel === 'outbox');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ msg: 'message written to the outbox', to: '+961…87' });
    expect(written[0].file).toMatch(/^sms-.+\.txt$/);
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

describe('message channel: WhatsApp Cloud API adapter', () => {
  let ctx: TestApp;
  let server: Server;
  let status = 200;
  const received: Received[] = [];
  const lines: string[] = [];
  const TOKEN = 'wa-secret-token-never-logged';

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      received.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(await readBody(request)),
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { messages: [{ id: 'wamid.1' }] } : { error: { message: 'no' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestApp({
      env: {
        LOG_LEVEL: 'info',
        MESSAGE_CHANNEL: 'whatsapp',
        WHATSAPP_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: '1098765',
        WHATSAPP_API_URL: `http://127.0.0.1:${port}/v20.0`,
      },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the code as a text message with the bearer token; no outbox file, no code or token in the log', async () => {
    const phone = '+96171923456';
    await signUpShopper(ctx.app, { phone });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.url).toBe('/v20.0/1098765/messages');
    expect(message?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(message?.body).toMatchObject({ messaging_product: 'whatsapp', to: '96171923456', type: 'text' });
    const code = message?.body.text.body.match(/code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await expect(lastCodeTo(ctx, phone)).rejects.toThrow();
    const log = lines.join('');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(code);
  });

  it('a refused send is logged with its status only, and the shopper still gets 202', async () => {
    status = 500;
    const phone = '+96171923457';
    await signUpShopper(ctx.app, { phone });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/account/otp', payload: { phone } });
    expect(response.statusCode).toBe(202);
    const failures = lines.filter((line) => line.includes('message not accepted'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('')).toContain('"status":500');
    expect(lines.join('')).not.toContain(TOKEN);
    status = 200;
  });

  it('a whatsapp channel without its keys stops the start', async () => {
    const config = loadConfig({ NODE_ENV: 'test', MESSAGE_CHANNEL: 'whatsapp', WHATSAPP_TOKEN: TOKEN });
    expect(() => createMessageChannel(config, ctx.app.log)).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
  });
});
