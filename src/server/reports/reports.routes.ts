import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { csvOfRecords } from '#server/csv.ts';
import { ReportQuerySchema, ReportSchema, reportFileName, reportRange } from '#shared/contracts/analytics.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { toZonedInput } from '#shared/time-zone.ts';
import { REPORT_DEFINITIONS, reportPreview } from './report-definitions.ts';
import { reportPeriod } from './report-kit.ts';

/** The CSV or PDF file, streamed as it is written (a stream, so not a zod shape). */
const fileStream = z.any().describe('the report as a file: text/csv or application/pdf, streamed');

/**
 * `GET /admin/reports?type&date_from&date_to&format=json|csv|pdf` (docs/product.md#reports), inside
 * the admin scope: the JSON preview, or the whole report as a streamed CSV or PDF file. Taking a
 * file is recorded in the audit log (it is a copy of the shop's figures and customers).
 */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A report (sales, orders, products, customers, promo_codes, inventory, tax) over shop-zone days: a JSON preview, or the whole as CSV or PDF',
        querystring: ReportQuerySchema,
        response: { 200: dataEnvelope(ReportSchema).or(fileStream), 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { type, format, download } = request.query;
      const timeZone = app.settings.values.site.time_zone;
      const now = app.clock.now();
      const today = shopToday(now, timeZone);
      const { from, to } = reportRange(request.query, today);
      const period = reportPeriod(from, to, timeZone, today);
      if (format === 'json') return { data: await reportPreview(app.db, type, period) };

      const definition = REPORT_DEFINITIONS[type];
      await recordAudit(app.db, {
        context: auditContextOf(request),
        action: 'report.download',
        entityType: 'report',
        after: { type, format, date_from: from, date_to: to },
      });
      reply.header(
        'content-disposition',
        `${download === false ? 'inline' : 'attachment'}; filename="${reportFileName(type, from, to, format)}"`,
      );
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .send(Readable.from(csvOfRecords(definition.columns, definition.pages(app.db, period))));
      }
      // The count and totals first: the pages are numbered "n of N" as they stream.
      const summary = await definition.preview(app.db, period, 0);
      const heading = {
        shopName: app.settings.values.site.shop_name,
        generatedAt: toZonedInput(now.toISOString(), timeZone).replace('T', ' '),
      };
      // pdfkit and its fonts load on the first PDF, not with the server: they cost its idle memory
      // ~10 MB for a download most shops make a few times a month.
      const { reportPdf } = await import('./report-pdf.ts');
      return reply.type('application/pdf').send(reportPdf(app.db, definition, period, summary, heading));
    },
  );
};
