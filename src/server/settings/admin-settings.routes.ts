import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  AllSettingsSchema,
  SECTION_PATCH_SCHEMAS,
  SECTION_RESPONSE_SCHEMAS,
  SETTINGS_SECTIONS,
  type SettingsPatch,
  SettingsPatchSchema,
} from '#shared/contracts/settings.ts';
import { maskedSection, maskedSettings } from './shop-settings.service.ts';

const SECTION_SUMMARIES = {
  site: 'shop name, contact details, social links, time zone, LBP prices',
  payment: 'payment methods: on/off and the text shown at checkout',
  shipping: 'delivery rate and days per governorate, free-delivery threshold',
  tax: 'rate, name, VAT number, prices entered with tax',
  email: 'SMTP server (password write-only), sender, which mails go out',
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
};
