import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditEntrySchema,
  AuditFiltersQuerySchema,
  AuditFiltersSchema,
  AuditLogsPageSchema,
  AuditLogsQuerySchema,
  AuditStatsSchema,
  auditExportFileName,
} from '#shared/contracts/audit.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema } from '#shared/contracts/common.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { recordAudit } from './audit.service.ts';
import { auditCsvPieces } from './audit-export.ts';
import { auditFilterChoices, getAuditEntry, listAuditLogs } from './audit-log.service.ts';
import { auditStats } from './audit-stats.service.ts';
import { auditContextOf } from './request-audit-context.ts';

/** The CSV file, streamed as it is written (AUDIT_CSV_HEADERS; a stream, so not a zod string). */
const csvStream = z.any().describe('a CSV file (text/csv), downloaded as an attachment');

/**
 * `/admin/audit/logs`, `/logs/{id}`, `/filters`, `/stats`, `/export` (docs/product.md#audit-log);
 * inside the admin scope. Reads only: no route changes or deletes an entry (the export adds one,
 * saying who took a copy of the log).
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = () => app.settings.values.site.time_zone;

  app.get(
    '/audit/logs',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: search, filters and pages',
        querystring: AuditLogsQuerySchema,
        response: { 200: AuditLogsPageSchema, 400: ErrorBodySchema },
      },
    },
    (request) => listAuditLogs(app.db, request.query, timeZone()),
  );

  app.get(
    '/audit/logs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One audit entry, with its before and after',
        params: z.object({ id: IdSchema }),
        response: { 200: dataEnvelope(AuditEntrySchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await getAuditEntry(app.db, request.params.id) }),
  );

  app.get(
    '/audit/filters',
    {
      schema: {
        tags: ['admin'],
        summary: 'The actions and resource types in the log, and the staff, for the filters',
        response: { 200: dataEnvelope(AuditFiltersSchema) },
      },
    },
    async () => ({ data: await auditFilterChoices(app.db) }),
  );

  app.get(
    '/audit/stats',
    {
      schema: {
        tags: ['admin'],
        summary: "Totals, today's figures, top users and actions, and the last 24 hours by hour",
        response: { 200: dataEnvelope(AuditStatsSchema) },
      },
    },
    async () => ({ data: await auditStats(app.db, app.clock.now(), timeZone()) }),
  );

  app.get(
    '/audit/export',
    {
      schema: {
        tags: ['admin'],
        summary: "Every entry the list's filters match, as CSV (streamed; cells safe against formula injection)",
        querystring: AuditFiltersQuerySchema,
        response: { 200: csvStream, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Taking a copy of the log is itself on the record (as a backup's download is).
      await recordAudit(app.db, {
        context: auditContextOf(request),
        action: 'audit.export',
        entityType: 'audit_log',
        after: request.query,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${auditExportFileName(shopToday(app.clock.now(), timeZone()))}"`,
        )
        .send(Readable.from(auditCsvPieces(app.db, request.query, timeZone())));
    },
  );
};
