import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createSmsChannel } from '#server/messages/sms-channel.ts';
import { createWhatsAppChannel } from '#server/messages/whatsapp-channel.ts';
import { createOutboundFetch } from '#server/security/outbound-fetch.ts';
import { lastCodeTo } from '../helpers/account-outbox.ts';
import { apiAs } from '../helpers/admin-api.ts';
import { createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { type FakeTextProvider, LOCAL_FAKES_ENV, startFakeTextProvider } from '../helpers/fake-text-provider.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The SMS adapter (messages/sms-channel.ts, docs/operations.md#text-messages-one-time-codes-and-order-texts)
 * against a local fake of the provider's HTTP API (tests/helpers/fake-text-provider.ts): Twilio's
 * Messages API shape, on 127.0.0.1 at a port of its own, called through the real guarded fetcher.
 * Also the WhatsApp adapter's timeout against a fake Cloud API (its request shape and refusals are
 * in accounts-messages.test.ts). Nothing of ours is mocked: the real adapters, the real app, a real
 * logger writing into `lines`.
 */

/** The guarded fetcher as the test apps have it: the local fakes allowed. */
const fetchToFakes = createOutboundFetch({ allowedPrivateHosts: ['127.0.0.1'] });

/** The error a send was refused with (fails the test if it went through). */
async function rejectionOf(sending: Promise<unknown>): Promise<Error> {
  try {
    await sending;
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('the send did not fail with an Error');
}

/** A real pino logger writing JSON lines into `lines`. */
function logInto(lines: string[]) {
  return pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'sms-auth-token-that-must-never-show';
const FROM = '+15005550006';

describe('SMS adapter (Twilio Messages API shape) against a fake provider', () => {
  let fake: FakeTextProvider;
  const lines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeTextProvider();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.received.length = 0;
    lines.length = 0;
    fake.answer({ status: 201, body: { sid: 'SM1', status: 'queued' } });
  });

  const channel = (timeoutMs?: number) =>
    createSmsChannel(
      { apiUrl: `${fake.url}/`, accountSid: SID, authToken: TOKEN, from: FROM, fetch: fetchToFakes, timeoutMs },
      logInto(lines),
    );

  it('posts To, From and Body form-encoded to the account’s Messages.json with basic auth; 201 is sent', async () => {
    await channel().send({ to: '+96171923456', text: 'Your Cedar Shop code is 123456' });
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+96171923456',
      From: FROM,
      Body: 'Your Cedar Shop code is 123456',
    });
    expect(lines).toEqual([]);
  });

  it('a 400 is a refused send: the status only, never the body, the token or the text', async () => {
    // What a provider answers may echo the request (the number, the code).
    fake.answer({
      status: 400,
      body: { code: 21211, message: "The 'To' number +96171923456 is not valid. Body: code 654321", more_info: TOKEN },
    });
    const sending = channel().send({ to: '+96171923456', text: 'Your Cedar Shop code is 654321' });
    await expect(sending).rejects.toThrow('The SMS provider refused the message (HTTP 400)');
    const error = await rejectionOf(sending);
    const told = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`;
    for (const secret of [TOKEN, '654321', '+96171923456', SID]) expect(told).not.toContain(secret);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      channel: 'sms',
      status: 400,
      to: '+961…56',
      msg: 'message not accepted',
    });
    for (const secret of [TOKEN, '654321', '+96171923456', 'not valid']) expect(lines.join('')).not.toContain(secret);
  });

  it('a 5xx, and any answer but 201, is refused too', async () => {
    fake.answer({ status: 503, body: { message: 'down' } });
    await expect(channel().send({ to: '+96171923456', text: 'x' })).rejects.toThrow('(HTTP 503)');
    fake.answer({ status: 200, body: {} });
    await expect(channel().send({ to: '+96171923456', text: 'x' })).rejects.toThrow('(HTTP 200)');
  });

  it('a provider that does not answer in time is an error that says so', async () => {
    fake.answer('hang');
    const sending = channel(150).send({ to: '+96171923456', text: 'Your code is 111222' });
    await expect(sending).rejects.toThrow('The SMS provider did not answer within 150 ms');
    expect(fake.received).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ channel: 'sms', timedOut: true, to: '+961…56' });
    expect(lines.join('')).not.toContain('111222');
  });

  it('a provider that cannot be reached is an error without the address or the token', async () => {
    const closed = await startFakeTextProvider();
    const url = closed.url;
    await closed.close();
    const unreachable = createSmsChannel(
      { apiUrl: url, accountSid: SID, authToken: TOKEN, from: FROM, fetch: fetchToFakes },
      logInto(lines),
    );
    const sending = unreachable.send({ to: '+96171923456', text: 'x' });
    await expect(sending).rejects.toThrow('Could not reach the SMS provider');
    const error = await rejectionOf(sending);
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(TOKEN);
  });
});

describe('SMS chosen in Settings → Email', () => {
  let fake: FakeTextProvider;
  let ctx: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    fake = await startFakeTextProvider();
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info', ...LOCAL_FAKES_ENV },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    const api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    const saved = await api('PUT', '/api/admin/settings/email', {
      text_channel: 'sms',
      sms_api_url: fake.url,
      sms_account_sid: SID,
      sms_auth_token: TOKEN,
      sms_from: FROM,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    lines.length = 0;
  });
  afterAll(async () => {
    await ctx?.close();
    await fake.close();
  });

  it('texts a phone sign-up’s code through the provider: no outbox file, no code or token in the log', async () => {
    fake.answer({ status: 201, body: { sid: 'SM2' } });
    const phone = '+96171923499';
    await signUpShopper(ctx.app, { phone });
    expect(ctx.app.messages.name).toBe('sms');
    expect(fake.received).toHaveLength(1);
    const form = fake.received[0]?.form;
    expect(form?.get('To')).toBe(phone);
    expect(form?.get('From')).toBe(FROM);
    const code = form?.get('Body')?.match(/code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await expect(lastCodeTo(ctx, phone)).rejects.toThrow();
    const log = lines.join('');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(code);
    expect(log).not.toContain(phone);
  });

  it('a refused send is logged with its status only, and the sign-up still succeeds', async () => {
    fake.answer({ status: 400, body: { message: `echo ${TOKEN}` } });
    fake.received.length = 0;
    lines.length = 0;
    // signUpShopper throws unless the sign-up answered its success.
    await signUpShopper(ctx.app, { phone: '+96171923498' });
    await ctx.app.background.idle();
    expect(fake.received).toHaveLength(1);
    const refused = lines.filter((line) => line.includes('message not accepted'));
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0] ?? '{}')).toMatchObject({ channel: 'sms', status: 400, to: '+961…98' });
    const notSent = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'message not sent');
    expect(notSent?.err?.message).toBe('The SMS provider refused the message (HTTP 400)');
    expect(lines.join('')).not.toContain(TOKEN);
    expect(lines.join('')).not.toContain('+96171923498');
  });
});

describe('the SMS keys in the environment', () => {
  const env = { NODE_ENV: 'test', MESSAGE_CHANNEL: 'sms', SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: FROM };

  it('refuses a malformed sender or URL, never echoing the token', () => {
    expect(() => loadConfig({ ...env, SMS_FROM: '0096171' })).not.toThrow();
    expect(() => loadConfig({ ...env, SMS_FROM: 'Cedar Shop Beirut' })).toThrow(/SMS_FROM must be a number/);
    expect(() => loadConfig({ ...env, SMS_API_URL: 'ftp://sms.example' })).toThrow(/SMS_API_URL must be a URL/);
    expect(() => loadConfig({ ...env, MESSAGE_CHANNEL: 'pigeon' })).toThrow(/must be outbox, whatsapp or sms/);
    expect(loadConfig({ NODE_ENV: 'test' }).SMS_API_URL).toBe('https://api.twilio.com');
  });
});

describe('WhatsApp adapter: a Cloud API that does not answer', () => {
  let fake: FakeTextProvider;
  beforeAll(async () => {
    fake = await startFakeTextProvider();
  });
  afterAll(() => fake.close());

  it('gives up after its timeout with an error, the token nowhere', async () => {
    fake.answer('hang');
    const lines: string[] = [];
    const whatsapp = createWhatsAppChannel(
      { token: TOKEN, phoneNumberId: '1098765', apiUrl: `${fake.url}/v20.0`, fetch: fetchToFakes, timeoutMs: 150 },
      logInto(lines),
    );
    const sending = whatsapp.send({ to: '+96171923456', text: 'Your code is 333444' });
    await expect(sending).rejects.toThrow('WhatsApp did not answer within 150 ms');
    const error = await rejectionOf(sending);
    expect(fake.received[0]?.url).toBe('/v20.0/1098765/messages');
    expect(`${error.message} ${lines.join('')}`).not.toContain(TOKEN);
  });
});
