import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { alertOnBulkDelete } from '#server/security/security-alerts.service.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import {
  PromoCodeIdParamsSchema,
  PromoCodeSchema,
  PromoCodeStatsSchema,
  PromoCodesBulkDeletedSchema,
  PromoCodesBulkDeleteSchema,
  PromoCodesQuerySchema,
  PromoCodeUsageEnvelopeSchema,
  PromoCodeUsageQuerySchema,
  PromoCodeWriteSchema,
} from '#shared/contracts/promo-codes.ts';
import {
  bulkDeletePromoCodes,
  createPromoCode,
  deletePromoCode,
  getPromoCode,
  listPromoCodes,
  promoCodeStats,
  promoCodeUsage,
  updatePromoCode,
} from './promo-codes.service.ts';
import { promoCsvRoutes } from './promo-csv.routes.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * `/admin/promo-codes` (docs/product.md#managing-codes-admin), inside the admin scope: list,
 * figures, one code, its usage, writes. The CSV routes (template, export, import) are in
 * promo-csv.routes.ts, registered here so the fixed paths sit beside `/{id}`.
 */
export const adminPromoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The shop's time zone now (settings: site): a code's dates and status are the shop's calendar days. */
  const shopZone = () => app.settings.values.site.time_zone;
  app.get(
    '/promo-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Promo codes: search (code or description), status, type, sort, pages',
        querystring: PromoCodesQuerySchema,
        response: { 200: paginatedEnvelope(PromoCodeSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listPromoCodes(app.db, request.query, shopZone()),
  );

  app.get(
    '/promo-codes/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Promo code figures: counts, uses, discount given, the most used and the newest codes',
        response: { 200: dataEnvelope(PromoCodeStatsSchema) },
      },
    },
    async () => ({ data: await promoCodeStats(app.db, shopZone()) }),
  );

  await app.register(promoCsvRoutes);

  app.post(
    '/promo-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promo code (the code unique ignoring case; SKUs and categories must exist)',
        body: PromoCodeWriteSchema,
        response: { 201: dataEnvelope(PromoCodeSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createPromoCode(app.db, request.body, auditContextOf(request), shopZone()) }),
  );

  app.post(
    '/promo-codes/bulk-delete',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete several promo codes; used ones are kept and named',
        body: PromoCodesBulkDeleteSchema,
        response: { 200: dataEnvelope(PromoCodesBulkDeletedSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const result = await bulkDeletePromoCodes(app.db, request.body.ids, context);
      await alertOnBulkDelete(app, { count: result.deleted_count, what: 'promo codes', context });
      return { data: result };
    },
  );

  app.get(
    '/promo-codes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One promo code',
        params: PromoCodeIdParamsSchema,
        response: { 200: dataEnvelope(PromoCodeSchema), ...errors },
      },
    },
    async (request) => ({ data: await getPromoCode(app.db, request.params.id, shopZone()) }),
  );

  app.get(
    '/promo-codes/:id/usage',
    {
      schema: {
        tags: ['admin'],
        summary: 'The orders that used a promo code, newest first, with totals over the orders not cancelled',
        params: PromoCodeIdParamsSchema,
        querystring: PromoCodeUsageQuerySchema,
        response: { 200: PromoCodeUsageEnvelopeSchema, ...errors },
      },
    },
    (request) => promoCodeUsage(app.db, request.params.id, request.query, shopZone()),
  );

  app.put(
    '/promo-codes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a promo code (its uses so far are kept)',
        params: PromoCodeIdParamsSchema,
        body: PromoCodeWriteSchema,
        response: { 200: dataEnvelope(PromoCodeSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updatePromoCode(app.db, request.params.id, request.body, auditContextOf(request), shopZone()),
    }),
  );

  app.delete(
    '/promo-codes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a promo code no order used (409 for a used one: deactivate it instead)',
        params: PromoCodeIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deletePromoCode(app.db, request.params.id, auditContextOf(request), shopZone());
      return reply.status(204).send(null);
    },
  );
};
