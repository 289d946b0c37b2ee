import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { loadConfig } from '#server/config.ts';
import { readOutbox } from '#server/mail/outbox-file.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { SECTION_KEYS } from '#server/settings/setting-keys.ts';
import { settings } from '#server/settings/settings.table.ts';
import { settingsSecretBox } from '#server/settings/shop-settings.service.ts';
import { prepareInstance } from '#server/startup.ts';
import { TEST_TEXT_LIMIT, TEXT_CHANNEL_MESSAGES } from '#shared/contracts/settings.ts';
import { createProduct } from '../factories/catalogue.ts';
import { apiAs, auditOf, checkout } from '../helpers/admin-api.ts';
import { createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/database-template.ts';
import { type FakeTextProvider, LOCAL_FAKES_ENV, startFakeTextProvider } from '../helpers/fake-text-provider.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/**
 * The text channel in Settings → Email (docs/product.md#shop-settings, docs/operations.md#text-messages-one-time-codes-and-order-texts):
 * outbox, SMS or WhatsApp chosen by the merchant, the providers' keys write-only (sealed at rest,
 * `{set}` on the API, masked in the audit), a provider refused without its keys, the change
 * applied to the next text without a restart (codes and order texts reach a local fake provider
 * through the guarded fetcher), the test text with the provider's verdict in words, and the
 * environment's MESSAGE_CHANNEL and keys as the first start's values only.
 */

const SID = 'AC00112233445566778899aabbccddeeff';
const SMS_TOKEN = 'sms-auth-token-never-shown-0451';
const WA_TOKEN = 'whatsapp-access-token-never-shown-9981';
const FROM = '+15005550006';

describe('the text channel in Settings → Email', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  let sms: FakeTextProvider;
  let whatsapp: FakeTextProvider;
  let productId: string;

  beforeAll(async () => {
    sms = await startFakeTextProvider();
    whatsapp = await startFakeTextProvider({ status: 200, body: { messages: [{ id: 'wamid.1' }] } });
    ctx = await createTestApp({
      env: { ...LOCAL_FAKES_ENV, PUBLIC_URL: 'https://shop.example' },
      // The order texts are delivered when the test drains the outbox table, not on a timer.
      messageSender: { intervalMs: 3_600_000, kickDelayMs: 3_600_000 },
    });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    productId = (await createProduct(ctx.database.db, { name: 'USB-C cable', price: 4, stockQuantity: 10_000 })).id;
  });
  afterAll(async () => {
    await ctx.close();
    await sms.close();
    await whatsapp.close();
  });
  beforeEach(() => {
    sms.received.length = 0;
    whatsapp.received.length = 0;
    sms.answer({ status: 201, body: { sid: 'SM1' } });
    whatsapp.answer({ status: 200, body: { messages: [{ id: 'wamid.1' }] } });
  });

  const storedEmail = async () =>
    (
      await ctx.database.db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECTION_KEYS.email))
    )[0]?.value as Record<string, unknown> | undefined;
  const saveEmail = async (patch: Record<string, unknown>) => {
    const response = await api('PUT', '/api/admin/settings/email', patch);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const chooseSms = (patch: Record<string, unknown> = {}) =>
    saveEmail({
      text_channel: 'sms',
      sms_api_url: sms.url,
      sms_account_sid: SID,
      sms_auth_token: SMS_TOKEN,
      sms_from: FROM,
      ...patch,
    });
  const refused = async (body: unknown, paths: Record<string, RegExp>) => {
    const response = await api('PUT', '/api/admin/settings/email', body);
    expect(response.statusCode, response.body).toBe(400);
    const json = response.json();
    expect(json).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    for (const [field, message] of Object.entries(paths)) {
      const error = json.errors.find((item: { path: string }) => item.path === field);
      expect(error?.message, `${field} in ${response.body}`).toMatch(message);
    }
    return json;
  };
  /** The order's text row once the sender has delivered it (or tried). */
  const orderText = async (orderId: string) => {
    await ctx.app.messageSender.drain();
    const rows = await ctx.database.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, orderId));
    return rows.find((row) => row.channel === 'text' && row.event === 'order.placed');
  };
  const outboxTextsTo = async (phone: string) => {
    const texts = await readOutbox(ctx.config.paths.outbox, 'text');
    return texts.filter((text) => text.startsWith(`To: ${phone}\n`));
  };

  it('a new shop writes texts to the outbox; the providers read as not set up', async () => {
    const email = (await api('GET', '/api/admin/settings/email')).json().data;
    expect(email).toMatchObject({
      text_channel: 'outbox',
      sms_api_url: 'https://api.twilio.com',
      sms_account_sid: '',
      sms_from: '',
      sms_auth_token: { set: false },
      whatsapp_api_url: 'https://graph.facebook.com/v20.0',
      whatsapp_phone_number_id: '',
      whatsapp_token: { set: false },
    });
    expect(ctx.app.messages.name).toBe('outbox');
  });

  it('refuses a provider without its keys, and bad values, with a 400 naming each field; nothing saved', async () => {
    const before = await storedEmail();
    const auditsBefore = (await ctx.database.db.select().from(auditLogs)).length;
    await refused(
      { text_channel: 'sms' },
      {
        sms_account_sid: new RegExp(TEXT_CHANNEL_MESSAGES.smsAccountSid),
        sms_from: /SMS needs the sender/,
        sms_auth_token: new RegExp(TEXT_CHANNEL_MESSAGES.smsAuthToken),
      },
    );
    await refused(
      { text_channel: 'whatsapp', whatsapp_phone_number_id: '1098765' },
      { whatsapp_token: /WhatsApp needs the access token/ },
    );
    // An empty text or {set: true} is no token.
    await refused(
      { text_channel: 'whatsapp', whatsapp_token: '   ', whatsapp_phone_number_id: '' },
      {
        whatsapp_token: /WhatsApp needs the access token/,
        whatsapp_phone_number_id: /WhatsApp needs the phone number ID/,
      },
    );
    await refused(
      {
        text_channel: 'pigeon',
        sms_api_url: 'ftp://sms.example',
        sms_from: 'Cedar Shop Bey',
        sms_account_sid: 'AC 12/34',
        whatsapp_phone_number_id: 'my-number',
        whatsapp_api_url: 'https://user:pass@graph.example/v20.0',
      },
      {
        text_channel: /Text channel must be outbox, sms or whatsapp/,
        sms_api_url: /SMS API address must be a web address starting with https:\/\//,
        sms_from: /SMS sender must be a number in international form/,
        sms_account_sid: /letters and digits only/,
        whatsapp_phone_number_id: /digits only/,
        whatsapp_api_url: /WhatsApp API address must be a web address/,
      },
    );
    await refused({ sms_auth_token: 42 }, { sms_auth_token: /new sms auth token as text, or null/ });
    // Several sections at once: the path starts with the section.
    const several = await api('PUT', '/api/admin/settings', { email: { text_channel: 'whatsapp' } });
    expect(several.statusCode).toBe(400);
    expect(several.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email.whatsapp_phone_number_id', message: TEXT_CHANNEL_MESSAGES.whatsappPhoneNumberId },
        { path: 'email.whatsapp_token', message: TEXT_CHANNEL_MESSAGES.whatsappToken },
      ]),
    );
    expect(await storedEmail()).toEqual(before);
    expect((await ctx.database.db.select().from(auditLogs)).length).toBe(auditsBefore);
    expect(ctx.app.messages.name).toBe('outbox');
  });

  it('keeps the provider keys write-only, sealed at rest and masked in the audit', async () => {
    const saved = await chooseSms({ whatsapp_token: WA_TOKEN, whatsapp_phone_number_id: '1098765' });
    expect(saved).toMatchObject({
      text_channel: 'sms',
      sms_auth_token: { set: true },
      whatsapp_token: { set: true },
      smtp_password: { set: false },
    });
    for (const url of ['/api/admin/settings', '/api/admin/settings/email', '/api/site/settings']) {
      const body = (await api('GET', url)).body;
      expect(body, url).not.toContain(SMS_TOKEN);
      expect(body, url).not.toContain(WA_TOKEN);
    }

    // At rest: the raw row holds each key sealed for its own field, never in clear.
    const row = await storedEmail();
    expect(row?.sms_auth_token).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(row?.whatsapp_token).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain(SMS_TOKEN);
    expect(JSON.stringify(row)).not.toContain(WA_TOKEN);
    const box = settingsSecretBox(TEST_SECRETS.jwtSecret);
    expect(box.open(row?.sms_auth_token as string, 'email_settings:sms_auth_token')).toBe(SMS_TOKEN);
    // Bound to its field: the SMS token's sealed value does not open as the WhatsApp token.
    expect(box.open(row?.sms_auth_token as string, 'email_settings:whatsapp_token')).toBeNull();
    expect(ctx.app.settings.secret('email', 'whatsapp_token')).toBe(WA_TOKEN);

    // The audit says they changed, never what they are.
    const audits = await auditOf(ctx.database.db, 'setting', SECTION_KEYS.email);
    for (const audit of audits) {
      const told = JSON.stringify([audit.before, audit.after]);
      expect(told).not.toContain(SMS_TOKEN);
      expect(told).not.toContain(WA_TOKEN);
    }
    expect(audits.at(-1)).toMatchObject({
      action: 'settings.update',
      before: { text_channel: 'outbox', sms_auth_token: { set: false }, whatsapp_token: { set: false } },
      after: {
        text_channel: 'sms',
        sms_account_sid: SID,
        sms_auth_token: { set: true, changed: true },
        whatsapp_token: { set: true, changed: true },
      },
    });

    // The chosen channel's key cannot be removed while it is chosen; the other one can.
    await refused({ sms_auth_token: null }, { sms_auth_token: new RegExp(TEXT_CHANNEL_MESSAGES.smsAuthToken) });
    expect((await saveEmail({ whatsapp_token: null })).whatsapp_token).toEqual({ set: false });
    expect((await storedEmail())?.whatsapp_token).toBeNull();
  });

  it('with SMS chosen, a code and an order text go to the provider at once; back to the outbox, to files', async () => {
    await chooseSms();
    expect(ctx.app.messages.name).toBe('sms');

    const phone = '+96171555101';
    await signUpShopper(ctx.app, { phone });
    await ctx.app.background.idle();
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sms.received[0]?.authorization).toBe(`Basic ${Buffer.from(`${SID}:${SMS_TOKEN}`).toString('base64')}`);
    expect(sms.received[0]?.form.get('To')).toBe(phone);
    expect(sms.received[0]?.form.get('From')).toBe(FROM);
    expect(sms.received[0]?.form.get('Body')).toMatch(/code is \d{6}/);
    expect(await outboxTextsTo(phone)).toEqual([]);

    const order = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], {
        customer: { name: 'Maya Khoury', phone: '71 555 102' },
      }),
    );
    const text = await orderText(order.id);
    expect(text).toMatchObject({ status: 'sent', recipient: '+96171555102' });
    const orderSms = sms.received.find((request) => request.form.get('To') === '+96171555102');
    expect(orderSms?.form.get('Body')).toContain(`we received your order ${order.order_number}`);

    // Back to the outbox: the next text is a file, the provider hears nothing more.
    expect((await saveEmail({ text_channel: 'outbox' })).sms_auth_token).toEqual({ set: true });
    expect(ctx.app.messages.name).toBe('outbox');
    sms.received.length = 0;
    const next = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Maya Khoury', phone: '71 555 103' } }),
    );
    expect((await orderText(next.id))?.status).toBe('sent');
    expect(await outboxTextsTo('+96171555103')).toEqual([expect.stringContaining(next.order_number)]);
    expect(sms.received).toEqual([]);
  });

  it('with WhatsApp chosen, texts go to the Cloud API with the bearer token', async () => {
    await saveEmail({
      text_channel: 'whatsapp',
      whatsapp_token: WA_TOKEN,
      whatsapp_phone_number_id: '1098765',
      whatsapp_api_url: `${whatsapp.url}/v20.0`,
    });
    expect(ctx.app.messages.name).toBe('whatsapp');
    const order = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Karim Said', phone: '03 555 104' } }),
    );
    expect((await orderText(order.id))?.status).toBe('sent');
    expect(whatsapp.received).toHaveLength(1);
    expect(whatsapp.received[0]?.url).toBe('/v20.0/1098765/messages');
    expect(whatsapp.received[0]?.authorization).toBe(`Bearer ${WA_TOKEN}`);
    expect(whatsapp.received[0]?.json()).toMatchObject({ to: '9613555104', type: 'text' });
    await saveEmail({ text_channel: 'outbox' });
  });

  it("a provider's refusal is the order text's reason in the delivery log, in the merchant's words", async () => {
    await chooseSms();
    sms.answer({ status: 401, body: { message: `Authenticate ${SMS_TOKEN}` } });
    const order = await checkout(
      ctx.app,
      orderBody([{ product_id: productId, quantity: 1 }], { customer: { name: 'Lina Haddad', phone: '03 555 105' } }),
    );
    const text = await orderText(order.id);
    expect(text?.status).toBe('pending');
    expect(text?.attempts).toBe(1);
    expect(text?.lastError).toBe(
      'The SMS provider refused the account SID or auth token (HTTP 401). Check both, save, and try again.',
    );
    const log = (await api('GET', `/api/admin/orders/${order.id}/messages`)).json().data;
    expect(log.find((message: { channel: string }) => message.channel === 'text')?.last_error).toBe(text?.lastError);
    await saveEmail({ text_channel: 'outbox' });
  });

  describe('POST /api/admin/settings/email/test-text', () => {
    /** Test texts are limited per staff member: each test sends as a staff member of its own. */
    let tester: ReturnType<typeof apiAs>;
    beforeEach(async () => {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      tester = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
    });
    const testText = (to: string, as?: ReturnType<typeof apiAs>) =>
      (as ?? tester)('POST', '/api/admin/settings/email/test-text', { to });

    it('with the outbox, writes the test text to a file and says so; audited', async () => {
      await saveEmail({ text_channel: 'outbox' });
      const response = await testText('03 555 201');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        delivered: true,
        channel: 'outbox',
        message:
          'No SMS or WhatsApp provider is chosen, so the test text to +961 3 555 201 was written to the outbox folder on the server (DATA_DIR/outbox) instead of being sent.',
      });
      expect(await outboxTextsTo('+9613555201')).toEqual([expect.stringContaining('this is a test text')]);
      const audit = (await auditOf(ctx.database.db, 'setting', SECTION_KEYS.email)).filter(
        (row) => row.action === 'settings.text_test',
      );
      expect(audit.at(-1)?.after).toEqual({ to: '+9613555201', channel: 'outbox', delivered: true });
    });

    it('sends through the saved provider and answers its verdict in words, never a key or its answer', async () => {
      await chooseSms();
      const accepted = (await testText('+961 71 555 202')).json().data;
      expect(accepted).toEqual({
        delivered: true,
        channel: 'sms',
        message:
          'The SMS provider accepted the test text to +961 71 555 202. It should reach that phone within a minute.',
      });
      expect(sms.received.at(-1)?.form.get('To')).toBe('+96171555202');
      expect(sms.received.at(-1)?.form.get('Body')).toMatch(/^Cedar Shop: this is a test text/);

      const verdicts: [number, RegExp][] = [
        [401, /^The SMS provider refused the account SID or auth token \(HTTP 401\)\. Check both/],
        [404, /^The SMS provider does not know this account \(HTTP 404\)\. Check the account SID/],
        [400, /^The SMS provider refused the message \(HTTP 400\)\. Check the sender/],
        [503, /^The SMS provider had a problem of its own \(HTTP 503\)\. Try again later\./],
      ];
      for (const [status, words] of verdicts) {
        sms.answer({ status, body: { message: `echo ${SMS_TOKEN} 03 555 202` } });
        const response = await testText('03 555 202');
        expect(response.statusCode).toBe(200);
        const result = response.json().data;
        expect(result).toMatchObject({ delivered: false, channel: 'sms' });
        expect(result.message).toMatch(words);
        expect(response.body).not.toContain(SMS_TOKEN);
        expect(response.body).not.toContain('echo');
      }
      await saveEmail({ text_channel: 'outbox' });
    });

    it('a provider that is down is named by its address, with what to check', async () => {
      const closed = await startFakeTextProvider();
      await closed.close();
      await chooseSms({ sms_api_url: closed.url });
      const unreachable = (await testText('03 555 202')).json().data;
      expect(unreachable).toMatchObject({ delivered: false, channel: 'sms' });
      expect(unreachable.message).toBe('Could not reach the SMS provider at 127.0.0.1. Check the SMS API address.');
      await saveEmail({ text_channel: 'outbox' });
    });

    it('WhatsApp: accepted, with what the merchant must know about its 24-hour window', async () => {
      await saveEmail({
        text_channel: 'whatsapp',
        whatsapp_token: WA_TOKEN,
        whatsapp_phone_number_id: '1098765',
        whatsapp_api_url: `${whatsapp.url}/v20.0`,
      });
      const result = (await testText('70 555 203')).json().data;
      expect(result).toMatchObject({ delivered: true, channel: 'whatsapp' });
      expect(result.message).toMatch(/^WhatsApp accepted the test text to \+961 70 555 203\. .*last 24 hours/);
      whatsapp.answer({ status: 401, body: {} });
      expect((await testText('70 555 203')).json().data.message).toMatch(
        /^WhatsApp refused the access token \(HTTP 401\): it is wrong or has expired/,
      );
      await saveEmail({ text_channel: 'outbox' });
    });

    it('refuses a number that is not a phone, and anyone but staff', async () => {
      const bad = await testText('call me');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({
        path: 'to',
        message: expect.stringMatching(/must be a phone number/),
      });
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/settings/email/test-text',
        payload: { to: '03 555 204' },
      });
      expect(anonymous.statusCode).toBe(401);
      const shopper = await signUpShopper(ctx.app);
      expect((await testText('03 555 204', apiAs(ctx.app, shopper.access_token))).statusCode).toBe(403);
    });

    it('a burst of 3× the limit at once sends at most the limit (counted before the work)', async () => {
      await chooseSms();
      const other = await createUser(ctx.database.db, { role: 'admin' });
      const asOther = apiAs(ctx.app, (await signInAs(ctx.app, other.email)).token);
      const responses = await Promise.all(
        Array.from({ length: TEST_TEXT_LIMIT.limit * 3 }, () => testText('03 555 205', asOther)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(TEST_TEXT_LIMIT.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(TEST_TEXT_LIMIT.limit * 2);
      expect(sms.received).toHaveLength(TEST_TEXT_LIMIT.limit);
      const limited = responses.find((response) => response.statusCode === 429);
      expect(limited?.headers['retry-after']).toBeDefined();
      expect(limited?.json().message).toBe('Too many test texts. Wait a minute and try again.');
      await saveEmail({ text_channel: 'outbox' });
    });
  });

  it('the guarded fetcher: a provider address on a private network is refused unless the operator allows it', async () => {
    await chooseSms();
    // Another process on the same database whose environment does not allow 127.0.0.1.
    const guarded = await createTestApp({ database: ctx.database });
    try {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const asStaff = apiAs(guarded.app, (await signInAs(guarded.app, staff.email)).token);
      const result = (await asStaff('POST', '/api/admin/settings/email/test-text', { to: '03 555 206' })).json().data;
      expect(result).toEqual({
        delivered: false,
        channel: 'sms',
        message:
          "The SMS API address (127.0.0.1) is on this server or a private network, which the shop does not call. Use the provider's public address.",
      });
      // A name that resolves to this host is refused the same way (the check is on the address).
      await chooseSms({ sms_api_url: sms.url.replace('127.0.0.1', 'localhost') });
      await guarded.app.settings.fresh();
      const named = (await asStaff('POST', '/api/admin/settings/email/test-text', { to: '03 555 206' })).json().data;
      expect(named.message).toMatch(/^The SMS API address \(localhost\) is on this server or a private network/);
      expect(sms.received).toEqual([]);
    } finally {
      await guarded.close();
    }
    await saveEmail({ text_channel: 'outbox' });
  });
});

describe('the environment is the first start’s text channel only', () => {
  const env = (extra: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false', JWT_SECRET: TEST_SECRETS.jwtSecret, ...extra });
  const emailRow = async (db: Awaited<ReturnType<typeof openTestDatabase>>['db']) =>
    (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECTION_KEYS.email)))[0]
      ?.value as Record<string, unknown>;

  it('stores MESSAGE_CHANNEL with its keys (sealed) on the first start; a later environment changes nothing', async () => {
    const database = await openTestDatabase();
    try {
      await prepareInstance(
        database,
        env({
          MESSAGE_CHANNEL: 'sms',
          SMS_API_URL: 'https://sms.example.com',
          SMS_ACCOUNT_SID: SID,
          SMS_AUTH_TOKEN: SMS_TOKEN,
          SMS_FROM: FROM,
        }),
      );
      const row = await emailRow(database.db);
      expect(row).toMatchObject({
        text_channel: 'sms',
        sms_api_url: 'https://sms.example.com',
        sms_account_sid: SID,
        sms_from: FROM,
        whatsapp_token: null,
      });
      expect(row.sms_auth_token).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(SMS_TOKEN);

      // The next start's environment is ignored: the settings decide.
      await prepareInstance(database, env({ MESSAGE_CHANNEL: 'outbox' }));
      const app = await createTestApp({ database, env: { MESSAGE_CHANNEL: 'outbox' } });
      try {
        expect(app.app.messages.name).toBe('sms');
        expect(app.app.settings.secret('email', 'sms_auth_token')).toBe(SMS_TOKEN);
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });

  it('a provider named without all its keys starts as the outbox (it used to stop the start)', async () => {
    const database = await openTestDatabase();
    try {
      await prepareInstance(database, env({ MESSAGE_CHANNEL: 'whatsapp', WHATSAPP_TOKEN: WA_TOKEN }));
      const row = await emailRow(database.db);
      expect(row.text_channel).toBe('outbox');
      // The key given is kept, sealed, for when the merchant finishes the setup.
      expect(row.whatsapp_token).toMatch(/^v1:/);
    } finally {
      await database.dispose();
    }
  });

  it('email settings stored before the text channel was a setting take the environment’s, once', async () => {
    const database = await openTestDatabase();
    try {
      await prepareInstance(database, env({}));
      // As an older version stored it: no text channel fields, no provider keys.
      const row = await emailRow(database.db);
      const older = Object.fromEntries(
        Object.entries(row).filter(([key]) => !/^(text_channel|sms_|whatsapp_)/.test(key)),
      );
      await database.db.update(settings).set({ value: older }).where(eq(settings.key, SECTION_KEYS.email));
      const upgraded = env({
        MESSAGE_CHANNEL: 'whatsapp',
        WHATSAPP_TOKEN: WA_TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: '1098765',
      });
      await prepareInstance(database, upgraded);
      const adopted = await emailRow(database.db);
      expect(adopted).toMatchObject({ ...older, text_channel: 'whatsapp', whatsapp_phone_number_id: '1098765' });
      expect(adopted.whatsapp_token).toMatch(/^v1:/);
      // Once: a later environment is ignored again.
      await prepareInstance(database, env({ MESSAGE_CHANNEL: 'outbox' }));
      expect((await emailRow(database.db)).text_channel).toBe('whatsapp');
    } finally {
      await database.dispose();
    }
  });
});
