import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { explainMailError, type Mail, mailRouteOf } from '#server/mail/mailer.ts';
import { explainTextError } from '#server/messages/text-errors.ts';
import { previewOrderMail } from '#server/orders/order-mail-preview.ts';
import { enforceRateLimit } from '#server/plugins/rate-limiter.ts';
import { linkBase } from '#server/seo/link-base.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  AllSettingsSchema,
  MailPreviewQuerySchema,
  MailPreviewRequestSchema,
  MailPreviewSchema,
  type MailWording,
  type OrderMailEvent,
  SECTION_PATCH_SCHEMAS,
  SECTION_RESPONSE_SCHEMAS,
  SETTINGS_SECTIONS,
  type SettingsPatch,
  SettingsPatchSchema,
  TEST_EMAIL_LIMIT,
  TEST_EMAIL_MESSAGES,
  TEST_TEXT_LIMIT,
  TEST_TEXT_MESSAGES,
  TestEmailRequestSchema,
  TestEmailResultSchema,
  TestTextRequestSchema,
  type TestTextResult,
  TestTextResultSchema,
} from '#shared/contracts/settings.ts';
import { formatPhone } from '#shared/phone.ts';
import { SECTION_KEYS } from './setting-keys.ts';
import { maskedSection, maskedSettings } from './shop-settings.service.ts';

const SECTION_SUMMARIES = {
  site: 'shop name, contact details, social links, time zone, LBP prices',
  payment: 'payment methods: on/off and the text shown at checkout',
  shipping: 'delivery rate and days per governorate, free-delivery threshold',
  tax: 'rate, name, VAT number, prices entered with tax',
  email:
    'SMTP server (password write-only), sender, which mails go out, each order mail’s subject and introduction, the text channel (SMS or WhatsApp keys write-only)',
  system: 'maintenance, guest checkout, reviews, stock threshold, sign-in, backups',
} as const;

/**
 * `/admin/settings` (docs/product.md#shop-settings), inside the admin scope: all sections, or one.
 * Staff reads wait for changes other processes committed (`fresh()`); a PUT is a patch, checked
 * whole and saved in one transaction (shop-settings.service.ts saveSettings).
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every settings section; secrets answered as {set}',
        response: { 200: dataEnvelope(AllSettingsSchema) },
      },
    },
    async () => ({ data: maskedSettings(await app.settings.fresh()) }),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change fields of several sections at once: all saved or none',
        body: SettingsPatchSchema,
        response: { 200: dataEnvelope(AllSettingsSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: maskedSettings(await app.settings.save(request.body, auditContextOf(request), true)) }),
  );

  // One GET and one PUT per section, each with its own schemas (and its own page in /api/docs).
  for (const section of SETTINGS_SECTIONS) {
    app.get(
      `/settings/${section}`,
      {
        schema: {
          tags: ['admin'],
          summary: `Settings: ${SECTION_SUMMARIES[section]}`,
          response: { 200: dataEnvelope(SECTION_RESPONSE_SCHEMAS[section]) },
        },
      },
      async () => ({ data: maskedSection(await app.settings.fresh(), section) }),
    );

    app.put(
      `/settings/${section}`,
      {
        schema: {
          tags: ['admin'],
          summary: `Change settings (fields left out are kept): ${SECTION_SUMMARIES[section]}`,
          body: SECTION_PATCH_SCHEMAS[section],
          response: { 200: dataEnvelope(SECTION_RESPONSE_SCHEMAS[section]), 400: ErrorBodySchema },
        },
      },
      async (request) => {
        const saved = await app.settings.save(
          { [section]: request.body } as SettingsPatch,
          auditContextOf(request),
          false,
        );
        return { data: maskedSection(saved, section) };
      },
    );
  }

  /**
   * An order mail with the sample order (orders/order-mail-preview.ts) and the settings now; links
   * and the logo at this request's link base (PUBLIC_URL, or an ALLOWED_HOSTS host), as the mails
   * that request's changes send would have them.
   */
  const sampleMail = async (request: FastifyRequest, event: OrderMailEvent, wording?: MailWording) => {
    await app.settings.fresh();
    return previewOrderMail(event, app.settings.values, {
      linkBase: linkBase({ publicUrl: app.config.PUBLIC_URL, allowedHosts: app.config.ALLOWED_HOSTS }, request),
      currency: app.config.CURRENCY,
      ...(wording ? { wording } : {}),
    });
  };

  app.get(
    '/settings/email/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'An order mail (subject, HTML and text) with a sample order and the saved wording',
        querystring: MailPreviewQuerySchema,
        response: { 200: dataEnvelope(MailPreviewSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await sampleMail(request, request.query.event) }),
  );

  app.post(
    '/settings/email/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'An order mail with a sample order and wording not saved yet (the form being edited)',
        body: MailPreviewRequestSchema,
        response: { 200: dataEnvelope(MailPreviewSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await sampleMail(request, request.body.event, request.body.wording) }),
  );

  // Each test talks to a mail server: counted before the work (decision 017), per staff member.
  const testEmails = app.rateLimiter('settings-email-test', TEST_EMAIL_LIMIT);

  app.post(
    '/settings/email/test',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Send a test email with the saved Email settings (with `event`: that order mail, sample order); answers the mail server's verdict in words",
        body: TestEmailRequestSchema,
        response: { 200: dataEnvelope(TestEmailResultSchema), 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const staffId = request.user?.id ?? request.ip;
      await enforceRateLimit(testEmails, `staff:${staffId}`, reply, TEST_EMAIL_MESSAGES.rateLimited);
      const { to, event } = request.body;
      await app.settings.fresh();
      const route = mailRouteOf(app.settings);
      // No server in the settings but SMTP_URL set: that one is used (mailer.ts), so name it.
      const url = !route.host && app.config.SMTP_URL ? new URL(app.config.SMTP_URL) : undefined;
      const host = route.host || url?.hostname || '';
      const port = route.host ? route.port : Number(url?.port || (url?.protocol === 'smtps:' ? 465 : 587));
      const shop = app.settings.values.site.shop_name;
      let result: { delivered: boolean; transport: 'smtp' | 'outbox'; message: string };
      try {
        // Sent now, not handed to the background: the merchant waits for the verdict.
        const mail: Mail = event
          ? { to, ...(await sampleMail(request, event)) }
          : { to, subject: TEST_EMAIL_MESSAGES.subject(shop), text: TEST_EMAIL_MESSAGES.body(shop) };
        const sent = await app.mailer.send(mail);
        result = {
          delivered: true,
          transport: sent.transport,
          message: sent.transport === 'outbox' ? TEST_EMAIL_MESSAGES.outbox(to) : TEST_EMAIL_MESSAGES.sent(to, host),
        };
      } catch (error) {
        request.log.warn({ err: error, kind: 'settings.email_test' }, 'test email not sent');
        result = {
          delivered: false,
          transport: 'smtp',
          message: explainMailError(error, host, port, route.password),
        };
      }
      await recordAudit(app.db, {
        context: auditContextOf(request),
        action: 'settings.email_test',
        entityType: 'setting',
        entityId: SECTION_KEYS.email,
        after: { to, ...(event ? { event } : {}), delivered: result.delivered, transport: result.transport },
      });
      return { data: result };
    },
  );

  // Each test may cost the shop a message: counted before the work (decision 017), per staff member.
  const testTexts = app.rateLimiter('settings-text-test', TEST_TEXT_LIMIT);

  app.post(
    '/settings/email/test-text',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Send a test text through the saved text channel (outbox, SMS or WhatsApp); answers the provider's verdict in words",
        body: TestTextRequestSchema,
        response: { 200: dataEnvelope(TestTextResultSchema), 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const staffId = request.user?.id ?? request.ip;
      await enforceRateLimit(testTexts, `staff:${staffId}`, reply, TEST_TEXT_MESSAGES.rateLimited);
      const { to } = request.body;
      // The settings as committed (another process may have just saved them), then the channel they name.
      await app.settings.fresh();
      const channel = app.settings.values.email.text_channel;
      const shown = formatPhone(to);
      let result: TestTextResult;
      try {
        // Sent now, not through the outbox table: the merchant waits for the verdict.
        await app.messages.send({ to, text: TEST_TEXT_MESSAGES.body(app.settings.values.site.shop_name) });
        result = { delivered: true, channel, message: TEST_TEXT_MESSAGES[channel](shown) };
      } catch (error) {
        request.log.warn({ err: error, kind: 'settings.text_test', channel }, 'test text not sent');
        result = { delivered: false, channel, message: explainTextError(error) };
      }
      await recordAudit(app.db, {
        context: auditContextOf(request),
        action: 'settings.text_test',
        entityType: 'setting',
        entityId: SECTION_KEYS.email,
        after: { to, channel, delivered: result.delivered },
      });
      return { data: result };
    },
  );
};
