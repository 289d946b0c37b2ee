import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { SECTION_KEYS } from '#server/settings/setting-keys.ts';
import { settings } from '#server/settings/settings.table.ts';
import { SETTINGS_CHANNEL, settingsSecretBox } from '#server/settings/shop-settings.service.ts';
import { prepareInstance } from '#server/startup.ts';
import { GOVERNORATES, SETTINGS_SECTIONS } from '#shared/contracts/settings.ts';
import { apiAs, auditOf } from '../helpers/admin-api.ts';
import { bearer, createUser, signInAs, signUpShopper } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/database-template.ts';
import { type FakeTextProvider, LOCAL_FAKES_ENV, startFakeTextProvider } from '../helpers/fake-text-provider.ts';
import { createScratchDatabase, postgresForTests } from '../helpers/postgres.ts';
import { createTestApp, TEST_SECRETS, type TestApp } from '../helpers/test-app.ts';

/**
 * The shop's settings (docs/product.md#shop-settings): defaults, patches per section and for
 * several at once, the schema's refusals (400 naming the field, nothing saved), write-only secrets
 * sealed at rest and masked in the audit, memory reads kept fresh across apps by the database
 * notification, and staff only. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('shop settings', () => {
  let ctx: TestApp;
  let api: ReturnType<typeof apiAs>;
  const env = {
    SHOP_NAME: 'Byblos Gadgets',
    COMPANY_EMAIL: 'info@byblos.example',
    COMPANY_PHONE: '09 540 123',
    WHATSAPP_NUMBER: '+961 71 222 333',
    COMPANY_ADDRESS: 'Old Souk, Byblos',
  };

  beforeAll(async () => {
    ctx = await createTestApp({ env });
    const staff = await createUser(ctx.database.db, { role: 'admin' });
    api = apiAs(ctx.app, (await signInAs(ctx.app, staff.email)).token);
  });
  afterAll(() => ctx.close());

  const storedRow = async (key: string) =>
    (await ctx.database.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)))[0]?.value as
      | Record<string, unknown>
      | undefined;
  const getAll = async () => {
    const response = await api('GET', '/api/admin/settings');
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('a fresh shop answers the defaults, with the environment as its first name and contact', async () => {
    const all = await getAll();
    expect(Object.keys(all)).toEqual([...SETTINGS_SECTIONS]);
    expect(all.site).toMatchObject({
      shop_name: 'Byblos Gadgets',
      email: 'info@byblos.example',
      phone: '09 540 123',
      whatsapp_number: '+961 71 222 333',
      address: 'Old Souk, Byblos',
      time_zone: 'Asia/Beirut',
      logo_url: null,
      currency_display: { currency: 'USD', show_lbp: false, lbp_rate: 89_500 },
    });
    expect(all.payment.cash_on_delivery).toMatchObject({ enabled: true, label: 'Cash on delivery' });
    for (const method of ['bank_transfer', 'money_transfer', 'card']) expect(all.payment[method].enabled).toBe(false);
    expect(Object.keys(all.shipping.zones)).toEqual([...GOVERNORATES]);
    for (const zone of GOVERNORATES) expect(all.shipping.zones[zone].rate).toBe(0);
    expect(all.shipping.free_delivery_threshold).toBeNull();
    expect(all.tax).toEqual({ rate: 11, label: 'VAT', vat_number: '', prices_include_tax: false });
    expect(all.email).toMatchObject({
      smtp_host: '',
      smtp_password: { set: false },
      from_name: 'Byblos Gadgets',
      from_address: 'info@byblos.example',
    });
    expect(all.email.messages.customer.order_placed).toBe(true);
    expect(all.system).toEqual({
      maintenance_mode: false,
      guest_checkout: true,
      reviews_enabled: true,
      low_stock_threshold: 5,
      staff_session_length: '7d',
      backups: { schedule: 'off', keep: 7 },
    });
    // One section alone answers the same value.
    const site = await api('GET', '/api/admin/settings/site');
    expect(site.json().data).toEqual(all.site);
  });

  it('saves each section and reads it back; fields left out keep their value', async () => {
    const patches = {
      site: {
        shop_name: '  Cedar Phones  ',
        social_links: { instagram: 'https://instagram.com/cedarphones' },
        currency_display: { show_lbp: true, lbp_rate: 90_000 },
      },
      payment: { bank_transfer: { enabled: true, instructions: 'IBAN LB00 0000 0000; send the order number.' } },
      shipping: {
        zones: { beirut: { rate: 3.5 }, akkar: { rate: 6, delivery_days_max: 5 } },
        free_delivery_threshold: 100,
      },
      tax: { rate: 12.5, vat_number: 'LB-123456' },
      email: {
        smtp_host: 'smtp.example.com',
        smtp_port: 465,
        smtp_security: 'tls',
        messages: { shop: { low_stock: false } },
      },
      system: { maintenance_mode: true, staff_session_length: '12h', backups: { schedule: 'daily' } },
    } as const;
    for (const section of SETTINGS_SECTIONS) {
      const response = await api('PUT', `/api/admin/settings/${section}`, patches[section]);
      expect(response.statusCode, `${section}: ${response.body}`).toBe(200);
    }
    const all = await getAll();
    expect(all.site.shop_name).toBe('Cedar Phones');
    expect(all.site.social_links).toEqual({
      facebook: '',
      instagram: 'https://instagram.com/cedarphones',
      tiktok: '',
      x: '',
      youtube: '',
    });
    expect(all.site.currency_display).toEqual({ currency: 'USD', show_lbp: true, lbp_rate: 90_000 });
    expect(all.site.email).toBe('info@byblos.example');
    expect(all.payment.bank_transfer).toEqual({
      enabled: true,
      label: 'Bank transfer',
      instructions: 'IBAN LB00 0000 0000; send the order number.',
    });
    expect(all.payment.cash_on_delivery.enabled).toBe(true);
    expect(all.shipping.zones.beirut).toEqual({ rate: 3.5, delivery_days_min: 1, delivery_days_max: 3 });
    expect(all.shipping.zones.akkar).toEqual({ rate: 6, delivery_days_min: 1, delivery_days_max: 5 });
    expect(all.shipping.zones.south.rate).toBe(0);
    expect(all.shipping.free_delivery_threshold).toBe(100);
    expect(all.tax).toEqual({ rate: 12.5, label: 'VAT', vat_number: 'LB-123456', prices_include_tax: false });
    expect(all.email).toMatchObject({ smtp_host: 'smtp.example.com', smtp_port: 465, smtp_security: 'tls' });
    expect(all.email.messages.shop).toEqual({ new_order: true, low_stock: false });
    expect(all.system).toMatchObject({
      maintenance_mode: true,
      staff_session_length: '12h',
      backups: { schedule: 'daily', keep: 7 },
    });

    // Several sections at once answer everything.
    const both = await api('PUT', '/api/admin/settings', {
      tax: { label: 'TVA' },
      system: { maintenance_mode: false },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data.tax.label).toBe('TVA');
    expect(both.json().data.system.maintenance_mode).toBe(false);
    expect(both.json().data.site.shop_name).toBe('Cedar Phones');
  });

  it('refuses bad values with a 400 naming each field, and saves nothing', async () => {
    const before = await getAll();
    const rowsBefore = await ctx.database.db.select().from(settings);
    const auditsBefore = (await ctx.database.db.select().from(auditLogs)).length;
    const refused = async (url: string, body: unknown, paths: Record<string, RegExp>) => {
      const response = await api('PUT', url, body);
      expect(response.statusCode, response.body).toBe(400);
      const json = response.json();
      expect(json).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      for (const [path, message] of Object.entries(paths)) {
        const error = json.errors.find((item: { path: string }) => item.path === path);
        expect(error?.message, `${path} in ${response.body}`).toMatch(message);
      }
    };
    // Field rules, checked on the request.
    await refused(
      '/api/admin/settings/site',
      { shop_name: '', email: 'not-an-email', time_zone: 'Mars/Olympus' },
      {
        shop_name: /Shop name is required/,
        email: /Shop email must be an email address/,
        time_zone: /Time zone must be a known zone/,
      },
    );
    await refused(
      '/api/admin/settings/site',
      { whatsapp_number: 'call me', social_links: { facebook: 'http://fb.com/x' } },
      {
        whatsapp_number: /WhatsApp number must be a phone number/,
        'social_links.facebook': /must be a web address starting with https:\/\//,
      },
    );
    await refused(
      '/api/admin/settings/shipping',
      { zones: { beirut: { rate: -1 }, bekaa: { rate: 2.555 } } },
      {
        'zones.beirut.rate': /Beirut delivery rate cannot be negative/,
        'zones.bekaa.rate': /at most 2 decimals/,
      },
    );
    // A misspelt field is refused, not dropped (reported at the section's root).
    await refused(
      '/api/admin/settings/tax',
      { rate: 150, colour: 'red' },
      {
        rate: /at most 100/,
        body: /Unknown setting: colour/,
      },
    );
    await refused(
      '/api/admin/settings/system',
      { staff_session_length: '2y', low_stock_threshold: -1 },
      {
        staff_session_length: /between 15m and 90d/,
        low_stock_threshold: /at least 0/,
      },
    );
    // Sign-in attempts moved to the security configuration (PUT /admin/security/config).
    await refused(
      '/api/admin/settings/system',
      { sign_in_attempts: 4 },
      {
        body: /Unknown setting: sign_in_attempts/,
      },
    );
    // Rules across fields, checked on the merged section.
    await refused(
      '/api/admin/settings/payment',
      { money_transfer: { enabled: true }, card: { enabled: true } },
      {
        'money_transfer.instructions': /Money transfer needs instructions/,
        'card.enabled': /Card payments are not available yet/,
      },
    );
    await refused(
      '/api/admin/settings/payment',
      { cash_on_delivery: { enabled: false }, bank_transfer: { enabled: false } },
      {
        'cash_on_delivery.enabled': /Turn on at least one payment method/,
      },
    );
    await refused(
      '/api/admin/settings/shipping',
      { zones: { north: { delivery_days_min: 4, delivery_days_max: 2 } } },
      {
        'zones.north.delivery_days_max': /must not be fewer than the fewest/,
      },
    );
    // Several sections: one bad section keeps the good one from being saved too.
    await refused(
      '/api/admin/settings',
      { site: { shop_name: 'Never Saved' }, payment: { card: { enabled: true } } },
      {
        'payment.card.enabled': /Card payments are not available yet/,
      },
    );
    await refused('/api/admin/settings', {}, { body: /Send at least one section/ });
    expect(await getAll()).toEqual(before);
    expect(await ctx.database.db.select().from(settings)).toEqual(rowsBefore);
    expect((await ctx.database.db.select().from(auditLogs)).length).toBe(auditsBefore);
  });

  it('keeps the SMTP password write-only, sealed at rest and masked in the audit', async () => {
    const password = 'smtp-Pa55word-never-shown';
    const set = await api('PUT', '/api/admin/settings/email', {
      smtp_user: 'shop@example.com',
      smtp_password: password,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.smtp_password).toEqual({ set: true });
    expect(set.body).not.toContain(password);
    for (const url of ['/api/admin/settings', '/api/admin/settings/email', '/api/site/settings']) {
      const response = await api('GET', url);
      expect(response.body, url).not.toContain(password);
    }
    expect((await getAll()).email.smtp_password).toEqual({ set: true });

    // At rest: sealed for this row and field, opened only by the server.
    const row = await storedRow(SECTION_KEYS.email);
    expect(row?.smtp_password).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain(password);
    expect(ctx.app.settings.secret('email', 'smtp_password')).toBe(password);
    // Under another instance secret it does not open (fail closed).
    expect(
      settingsSecretBox(`${TEST_SECRETS.jwtSecret}-other`).open(
        row?.smtp_password as string,
        'email_settings:smtp_password',
      ),
    ).toBeNull();

    // An app with another instance secret (JWT_SECRET changed) cannot open it: it reads as not set.
    const rekeyed = await createTestApp({
      database: ctx.database,
      env,
      secrets: { jwtSecret: `${TEST_SECRETS.jwtSecret}-new` },
    });
    try {
      const staff = await createUser(ctx.database.db, { role: 'admin' });
      const read = await apiAs(rekeyed.app, (await signInAs(rekeyed.app, staff.email)).token)(
        'GET',
        '/api/admin/settings/email',
      );
      expect(read.json().data.smtp_password).toEqual({ set: false });
      expect(rekeyed.app.settings.secret('email', 'smtp_password')).toBeNull();
    } finally {
      await rekeyed.close();
    }

    // Leaving it out, sending "" or echoing {set: true} keeps it.
    for (const body of [{ smtp_port: 2525 }, { smtp_password: '' }, { smtp_password: { set: true } }]) {
      const kept = await api('PUT', '/api/admin/settings/email', body);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(ctx.app.settings.secret('email', 'smtp_password')).toBe(password);
    }
    // null clears it.
    const cleared = await api('PUT', '/api/admin/settings/email', { smtp_password: null });
    expect(cleared.json().data.smtp_password).toEqual({ set: false });
    expect((await storedRow(SECTION_KEYS.email))?.smtp_password).toBeNull();
    expect(ctx.app.settings.secret('email', 'smtp_password')).toBeNull();

    // The audit says it changed, never what it is.
    const audits = await auditOf(ctx.database.db, 'setting', SECTION_KEYS.email);
    expect(audits.length).toBeGreaterThanOrEqual(3);
    for (const audit of audits) expect(JSON.stringify([audit.before, audit.after])).not.toContain(password);
    const setting = audits.find((audit) => (audit.after as { smtp_user?: string }).smtp_user === 'shop@example.com');
    expect(setting?.before).toMatchObject({ smtp_password: { set: false } });
    expect(setting?.after).toMatchObject({ smtp_password: { set: true, changed: true } });
    expect(audits.at(-1)?.after).toMatchObject({ smtp_password: { set: false, changed: true } });
  });

  it('keeps both of two saves made at once to different fields of one section', async () => {
    const [beirut, nabatieh] = await Promise.all([
      api('PUT', '/api/admin/settings/shipping', { zones: { mount_lebanon: { rate: 2.25 } } }),
      api('PUT', '/api/admin/settings/shipping', { zones: { nabatieh: { rate: 5.75 } } }),
    ]);
    expect([beirut.statusCode, nabatieh.statusCode]).toEqual([200, 200]);
    const zones = (await getAll()).shipping.zones;
    expect(zones.mount_lebanon.rate).toBe(2.25);
    expect(zones.nabatieh.rate).toBe(5.75);
  });

  it('audits each change with before and after, and writes nothing when nothing changed', async () => {
    const auditsOf = () => auditOf(ctx.database.db, 'setting', SECTION_KEYS.tax);
    const count = (await auditsOf()).length;
    const changed = await api('PUT', '/api/admin/settings/tax', { prices_include_tax: true });
    expect(changed.statusCode).toBe(200);
    const audits = await auditsOf();
    expect(audits).toHaveLength(count + 1);
    expect(audits.at(-1)).toMatchObject({
      action: 'settings.update',
      before: { prices_include_tax: false },
      after: { prices_include_tax: true },
    });
    expect(audits.at(-1)?.userEmail).toMatch(/@example\.com$/);
    const same = await api('PUT', '/api/admin/settings/tax', { prices_include_tax: true });
    expect(same.statusCode).toBe(200);
    expect(await auditsOf()).toHaveLength(count + 1);
  });

  it('answers the public settings from memory: enabled methods and zones, no secrets or staff switches', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/site/settings' });
    expect(response.statusCode).toBe(200);
    const site = response.json().data;
    expect(site).toMatchObject({ shop_name: 'Cedar Phones', whatsapp_number: '+961 71 222 333' });
    expect(site.payment_methods.map((method: { method: string }) => method.method)).toEqual([
      'cash_on_delivery',
      'bank_transfer',
    ]);
    expect(site.delivery.zones[0]).toEqual({
      zone: 'beirut',
      name: 'Beirut',
      rate: 3.5,
      delivery_days_min: 1,
      delivery_days_max: 3,
    });
    expect(site.delivery.free_delivery_threshold).toBe(100);
    expect(JSON.stringify(site)).not.toMatch(/smtp|backups|sign_in_attempts/);

    // A row changed behind the app's back (no notification) is not seen: reads come from memory…
    const row = await storedRow(SECTION_KEYS.site);
    await ctx.database.db
      .update(settings)
      .set({ value: { ...row, shop_name: 'Changed Quietly' } })
      .where(eq(settings.key, SECTION_KEYS.site));
    await ctx.app.settings.fresh();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data.shop_name).toBe(
      'Cedar Phones',
    );
    // …and the notification is what refreshes them.
    await ctx.database.db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'site')`);
    await ctx.app.settings.fresh();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data.shop_name).toBe(
      'Changed Quietly',
    );
  });

  it('a change made through one app reaches another app on the same database', async () => {
    const second = await createTestApp({ database: ctx.database, env });
    try {
      const read = async () => (await second.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data;
      expect((await read()).shop_name).toBe('Changed Quietly');
      const saved = await api('PUT', '/api/admin/settings', {
        site: { shop_name: 'Tyre Electronics' },
        shipping: { zones: { south: { rate: 4 } } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Waits only for what the database has announced: the second app reloads on the notification.
      await second.app.settings.fresh();
      const seen = await read();
      expect(seen.shop_name).toBe('Tyre Electronics');
      expect(seen.delivery.zones.find((zone: { zone: string }) => zone.zone === 'south').rate).toBe(4);
    } finally {
      await second.close();
    }
  });

  it('reads a stored section over the defaults: a field it lacks reads as its default', async () => {
    const row = await storedRow(SECTION_KEYS.system);
    const { reviews_enabled: _dropped, ...older } = row as Record<string, unknown>;
    await ctx.database.db
      .update(settings)
      .set({ value: { ...older, guest_checkout: false, low_stock_threshold: 'many' } })
      .where(eq(settings.key, SECTION_KEYS.system));
    await ctx.database.db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'system')`);
    const system = (await getAll()).system;
    expect(system.reviews_enabled).toBe(true);
    expect(system.guest_checkout).toBe(false);
    // A stored value the rules refuse reads as its default.
    expect(system.low_stock_threshold).toBe(5);
  });

  it('is for staff only: 401 without a token, 403 for a shopper', async () => {
    const shopper = await signUpShopper(ctx.app);
    const customer = bearer(shopper.access_token);
    for (const section of ['', ...SETTINGS_SECTIONS.map((name) => `/${name}`)]) {
      const url = `/api/admin/settings${section}`;
      for (const method of ['GET', 'PUT'] as const) {
        const payload = method === 'PUT' ? { shop_name: 'Hijacked' } : undefined;
        const anonymous = await ctx.app.inject({ method, url, payload });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const asShopper = await ctx.app.inject({ method, url, payload, headers: customer });
        expect(asShopper.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await getAll()).site.shop_name).not.toBe('Hijacked');
  });
});

describe('first-start settings', () => {
  it('stores the environment of the first start; a later environment changes nothing', async () => {
    const database = await openTestDatabase();
    try {
      const start = (SHOP_NAME: string) =>
        prepareInstance(database, loadConfig({ NODE_ENV: 'test', SHOP_NAME, SEED_DEMO_DATA: 'false' }));
      await start('First Start Shop');
      await start('Renamed In Env');
      const stored = await database.db.select({ key: settings.key }).from(settings);
      expect(stored.map((row) => row.key)).toEqual(expect.arrayContaining(Object.values(SECTION_KEYS)));
      const app = await createTestApp({ database, env: { SHOP_NAME: 'Renamed In Env' } });
      try {
        const site = (await app.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data;
        expect(site.shop_name).toBe('First Start Shop');
      } finally {
        await app.close();
      }
    } finally {
      await database.dispose();
    }
  });
});

/**
 * Two server processes on one PostgreSQL: each app with its own pool and its own listening
 * connection, as two `npm start`s would have. (On PGlite one process owns the database; the test
 * above shares its handle between two apps.)
 */
describe.skipIf(!(await postgresForTests()))('settings across two processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const databases: Database[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('cedar_settings');
    for (let index = 0; index < 2; index++) {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 2 });
      if (index === 0) await runMigrations(database);
      databases.push(database);
      // Both may call the local fake SMS provider (the guarded fetcher allows 127.0.0.1).
      apps.push(await createTestApp({ database, env: { ...LOCAL_FAKES_ENV } }));
    }
    sms = await startFakeTextProvider();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch?.drop();
    await sms?.close();
  });
  let sms: FakeTextProvider;

  it("a save in one process is in the other's memory once the notification is heard", async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const staff = await createUser(first.database.db, { role: 'admin' });
    const api = apiAs(first.app, (await signInAs(first.app, staff.email)).token);
    const read = async () => (await second.app.inject({ method: 'GET', url: '/api/site/settings' })).json().data;
    expect((await read()).maintenance_mode).toBe(false);

    const saved = await api('PUT', '/api/admin/settings/system', { maintenance_mode: true });
    expect(saved.statusCode, saved.body).toBe(200);
    await second.app.settings.fresh();
    expect((await read()).maintenance_mode).toBe(true);

    // Staff reads in the other process see it too (they wait for what was committed).
    const staffRead = await apiAs(second.app, (await signInAs(second.app, staff.email)).token)(
      'GET',
      '/api/admin/settings/system',
    );
    expect(staffRead.json().data.maintenance_mode).toBe(true);
  });

  it("the text channel chosen in one process is the other's next text, without a restart", async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const staff = await createUser(first.database.db, { role: 'admin' });
    const api = apiAs(first.app, (await signInAs(first.app, staff.email)).token);
    expect(second.app.messages.name).toBe('outbox');
    // The shop reopens (the test above closed it) and texts through SMS, in one save.
    const saved = await api('PUT', '/api/admin/settings', {
      system: { maintenance_mode: false },
      email: {
        text_channel: 'sms',
        sms_api_url: sms.url,
        sms_account_sid: 'AC0123456789',
        sms_auth_token: 'two-process-sms-token',
        sms_from: '+15005550006',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await second.app.settings.fresh();
    expect(second.app.messages.name).toBe('sms');
    // A code asked of the other process goes to the provider with the key saved in the first.
    const phone = '+96171923470';
    await signUpShopper(second.app, { phone });
    await second.app.background.idle();
    expect(sms.received.map((request) => request.form.get('To'))).toEqual([phone]);
    expect(sms.received[0]?.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:two-process-sms-token').toString('base64')}`,
    );

    // And back: the other process writes the next text to its outbox folder.
    expect((await api('PUT', '/api/admin/settings/email', { text_channel: 'outbox' })).statusCode).toBe(200);
    await second.app.settings.fresh();
    expect(second.app.messages.name).toBe('outbox');
    await signUpShopper(second.app, { phone: '+96171923471' });
    await second.app.background.idle();
    expect(sms.received).toHaveLength(1);
  });
});
