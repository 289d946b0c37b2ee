import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  PROMO_IMPORT_MAX_BYTES,
  PROMO_TEMPLATE_FILE_NAME,
  PromoCodesImportResultSchema,
  PromoCodesImportSchema,
  PromoCodesQuerySchema,
  promoExportFileName,
  shopToday,
} from '#shared/contracts/promo-codes.ts';
import { allPromoCodes } from './promo-codes.service.ts';
import { importPromoCodes } from './promo-codes-import.ts';
import { promoCodesCsv, promoTemplateCsv } from './promo-csv.ts';

const csvFile = {
  description: 'A CSV file, downloaded as an attachment',
  content: { 'text/csv': { schema: z.string() } },
};
const CSV_TYPE = 'text/csv; charset=utf-8';
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * The import's JSON body: up to 5 MB of CSV text, which JSON can make several times larger (a
 * character of UTF-8 takes up to 3 bytes; quotes and line breaks are escaped). The admin scope's
 * onRequest check runs before the body is read, so only staff can send this much.
 */
const IMPORT_BODY_LIMIT = 4 * PROMO_IMPORT_MAX_BYTES;

/** `/admin/promo-codes/template`, `/export`, `/import` (docs/product.md#csv-import-and-export). */
export const promoCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/promo-codes/template',
    {
      schema: {
        tags: ['admin'],
        summary: 'The CSV template: the import columns and one example row',
        response: { 200: csvFile },
      },
    },
    async (_request, reply) =>
      reply.type(CSV_TYPE).header('content-disposition', attachment(PROMO_TEMPLATE_FILE_NAME)).send(promoTemplateCsv()),
  );

  app.get(
    '/promo-codes/export',
    {
      schema: {
        tags: ['admin'],
        summary: "Every promo code the list's filters match, as CSV (cells safe against formula injection)",
        querystring: PromoCodesQuerySchema.omit({ page: true, limit: true }),
        response: { 200: csvFile, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const timeZone = app.settings.values.site.time_zone;
      const codes = await allPromoCodes(app.db, request.query, timeZone);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', attachment(promoExportFileName(shopToday(new Date(), timeZone))))
        .send(promoCodesCsv(codes));
    },
  );

  app.post(
    '/promo-codes/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary: 'Import promo codes from CSV text (≤ 5 MB, ≤ 10,000 rows); a dry run writes nothing',
        body: PromoCodesImportSchema,
        response: {
          200: dataEnvelope(PromoCodesImportResultSchema),
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request) => ({ data: await importPromoCodes(app.db, request.body, auditContextOf(request)) }),
  );
};
