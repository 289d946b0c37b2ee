import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import {
  AdminReviewListQuerySchema,
  AdminReviewSchema,
  ReviewBulkResultSchema,
  ReviewBulkSchema,
  ReviewIdParamsSchema,
  ReviewReplySchema,
  ReviewSettingsSchema,
  ReviewStatsSchema,
  ReviewStatusUpdateSchema,
} from '#shared/contracts/reviews.ts';
import { getAdminReview, listAdminReviews, reviewStats } from './admin-review-queries.ts';
import {
  bulkModerateReviews,
  deleteReview,
  getReviewSettings,
  setReviewReply,
  setReviewStatus,
  updateReviewSettings,
} from './admin-reviews.service.ts';
import { reviewNotFound } from './review-errors.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

const byReviewId = paramsNotFound(reviewNotFound);

/**
 * The shop's review moderation under `/admin/reviews` (docs/product.md#admin-review-endpoints; the list is in
 * #shared/contracts/reviews.ts). Registered in the admin scope, so every route needs staff. The
 * fixed paths (`stats`, `settings`, `bulk`) are static segments, which the router always prefers
 * to `/{id}`.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews in every status: status, stars, product, verified, search, sort, pages',
        querystring: AdminReviewListQuerySchema,
        response: { 200: paginatedEnvelope(AdminReviewSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listAdminReviews(app.db, request.query),
  );

  app.get(
    '/reviews/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews per status (the sidebar shows the pending count)',
        response: { 200: dataEnvelope(ReviewStatsSchema) },
      },
    },
    async () => ({ data: await reviewStats(app.db) }),
  );

  app.get(
    '/reviews/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Review moderation settings: mode and banned words',
        response: { 200: dataEnvelope(ReviewSettingsSchema) },
      },
    },
    async () => ({ data: await getReviewSettings(app.db) }),
  );

  app.put(
    '/reviews/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace the review moderation settings (duplicate banned words dropped)',
        body: ReviewSettingsSchema,
        response: { 200: dataEnvelope(ReviewSettingsSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await updateReviewSettings(app.db, request.body, auditContextOf(request)) }),
  );

  app.post(
    '/reviews/bulk',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve, reject or hide several reviews; unknown ids are skipped',
        body: ReviewBulkSchema,
        response: { 200: dataEnvelope(ReviewBulkResultSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await bulkModerateReviews(app.db, request.body, auditContextOf(request)) }),
  );

  app.get(
    '/reviews/:id',
    {
      ...byReviewId,
      schema: {
        tags: ['admin'],
        summary: 'One review with its product and author',
        params: ReviewIdParamsSchema,
        response: { 200: dataEnvelope(AdminReviewSchema), ...errors },
      },
    },
    async (request) => ({ data: await getAdminReview(app.db, request.params.id) }),
  );

  app.put(
    '/reviews/:id/status',
    {
      ...byReviewId,
      schema: {
        tags: ['admin'],
        summary: "Approve, reject, hide or set back to pending (recomputes the product's rating)",
        params: ReviewIdParamsSchema,
        body: ReviewStatusUpdateSchema,
        response: { 200: dataEnvelope(AdminReviewSchema), ...errors },
      },
    },
    async (request) => ({
      data: await setReviewStatus(app.db, request.params.id, request.body.status, auditContextOf(request)),
    }),
  );

  app.put(
    '/reviews/:id/reply',
    {
      ...byReviewId,
      schema: {
        tags: ['admin'],
        summary: "The shop's reply under the review (blank removes it)",
        params: ReviewIdParamsSchema,
        body: ReviewReplySchema,
        response: { 200: dataEnvelope(AdminReviewSchema), ...errors },
      },
    },
    async (request) => ({
      data: await setReviewReply(
        app.db,
        request.params.id,
        request.body.reply,
        auditContextOf(request),
        app.settings.values.site.shop_name,
      ),
    }),
  );

  app.delete(
    '/reviews/:id',
    {
      ...byReviewId,
      schema: {
        tags: ['admin'],
        summary: 'Delete a review and its votes',
        params: ReviewIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReview(app.db, request.params.id, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );
};
