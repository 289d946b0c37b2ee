import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, optionalShopper, requireShopper } from '#server/auth/authenticate.ts';
import { AppError } from '#server/errors.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import {
  type RateLimiter,
  type RateLimitOptions,
  type RateLimitResult,
  refuseIfLimited,
} from '#server/plugins/rate-limiter.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  HelpfulVoteSchema,
  REVIEW_MESSAGES,
  REVIEW_VOTE_LIMIT_PER_HOUR,
  REVIEW_WRITE_LIMIT_PER_HOUR,
  ReviewIdParamsSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewProductParamsSchema,
  ReviewSchema,
  ReviewSummarySchema,
  ReviewWriteSchema,
} from '#shared/contracts/reviews.ts';
import { reviewNotFound } from './review-errors.ts';
import {
  findActiveProduct,
  findOwnReview,
  findVisibleReview,
  listApprovedReviews,
  reviewSummary,
} from './review-queries.ts';
import { voteOnReview } from './review-votes.service.ts';
import { createReview, deleteReview, productNotFound, updateReview } from './reviews.service.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Per shopper: reviews written (creates and edits) and helpful votes (docs/product.md#rate-limits). */
export interface ReviewRateLimits {
  writes: RateLimitOptions;
  votes: RateLimitOptions;
}

export const DEFAULT_REVIEW_RATE_LIMITS: ReviewRateLimits = {
  writes: { limit: REVIEW_WRITE_LIMIT_PER_HOUR, windowMs: HOUR_MS },
  votes: { limit: REVIEW_VOTE_LIMIT_PER_HOUR, windowMs: HOUR_MS },
};

const ReviewEnvelope = dataEnvelope(ReviewSchema);
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const shopperErrors = { ...errors, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Shoppers' review calls under `/reviews` (docs/product.md#reviews; the list is in
 * #shared/contracts/reviews.ts). Reads are public (a shopper's bearer adds their own vote and
 * review); writes need a shopper session.
 */
/** A path id that cannot name a product or review answers its 404, like an unknown one. */
const byProduct = paramsNotFound(productNotFound);
const byReview = paramsNotFound(reviewNotFound);

export const reviewRoutes: FastifyPluginAsyncZod<{ limits: ReviewRateLimits }> = async (app, { limits }) => {
  const writeLimiter = app.rateLimiter('review-writes', limits.writes);
  const voteLimiter = app.rateLimiter('review-votes', limits.votes);

  // Reviews turned off (settings: system): no new review, edit or vote; reading and deleting
  // one's own review still work (the storefront hides them).
  app.addHook('onRequest', async (request) => {
    if (app.settings.values.system.reviews_enabled) return;
    if (request.method === 'POST' || request.method === 'PUT') {
      throw new AppError(403, 'FORBIDDEN', REVIEW_MESSAGES.reviewsOff);
    }
  });

  /**
   * Counts one attempt for the signed-in shopper, 429 over the limit. Fails open like the order
   * limit: a limit store that is down (Redis) must not stop shoppers from writing.
   */
  const countAttempt = async (limiter: RateLimiter, request: FastifyRequest, reply: FastifyReply, message: string) => {
    const result = await limiter.hit(currentUser(request).id).catch((error: unknown): RateLimitResult => {
      request.log.warn({ err: error }, 'review rate limit unavailable; request let through');
      return { allowed: true, retryAfterSeconds: 0 };
    });
    refuseIfLimited(result, reply, message);
  };

  const requireProduct = async (id: string) => {
    if (!(await findActiveProduct(app.db, id))) throw productNotFound();
  };

  app.get(
    '/reviews/products/:id/reviews',
    {
      ...byProduct,
      schema: {
        tags: ['reviews'],
        summary: "A product's approved reviews, paginated; with a shopper's bearer each holds their own vote",
        params: ReviewProductParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await optionalShopper(app, request);
      await requireProduct(request.params.id);
      return listApprovedReviews(app.db, request.params.id, request.query, viewer?.id);
    },
  );

  app.get(
    '/reviews/products/:id/reviews/summary',
    {
      ...byProduct,
      schema: {
        tags: ['reviews'],
        summary: "A product's review summary: average, count, distribution, verified purchases, share who recommend",
        params: ReviewProductParamsSchema,
        response: { 200: dataEnvelope(ReviewSummarySchema), ...errors },
      },
    },
    async (request) => {
      await requireProduct(request.params.id);
      return { data: await reviewSummary(app.db, request.params.id) };
    },
  );

  app.get(
    '/reviews/products/:id/reviews/mine',
    {
      onRequest: requireShopper(app),
      ...byProduct,
      schema: {
        tags: ['reviews'],
        summary: "The signed-in shopper's own review of the product, in any status, or 404",
        params: ReviewProductParamsSchema,
        response: { 200: ReviewEnvelope, ...shopperErrors },
      },
    },
    async (request) => {
      const review = await findOwnReview(app.db, request.params.id, currentUser(request).id);
      if (!review) throw reviewNotFound();
      return { data: review };
    },
  );

  app.post(
    '/reviews/products/:id/reviews',
    {
      onRequest: requireShopper(app),
      ...byProduct,
      schema: {
        tags: ['reviews'],
        summary: 'Review a product (one per shopper): approved at once or held for moderation',
        params: ReviewProductParamsSchema,
        body: ReviewWriteSchema,
        response: { 201: ReviewEnvelope, ...shopperErrors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await countAttempt(writeLimiter, request, reply, REVIEW_MESSAGES.tooManyWrites);
      const { review, announce } = await createReview(app.db, request.params.id, currentUser(request).id, request.body);
      if (announce) app.realtime.announceReview(review.id);
      return reply.status(201).send({ data: review });
    },
  );

  app.get(
    '/reviews/reviews/:id',
    {
      ...byReview,
      schema: {
        tags: ['reviews'],
        summary: "One review: an approved one to anyone, the shopper's own in any status; else 404",
        params: ReviewIdParamsSchema,
        response: { 200: ReviewEnvelope, ...errors },
      },
    },
    async (request) => {
      const viewer = await optionalShopper(app, request);
      const review = await findVisibleReview(app.db, request.params.id, viewer?.id);
      if (!review) throw reviewNotFound();
      return { data: review };
    },
  );

  app.put(
    '/reviews/reviews/:id',
    {
      onRequest: requireShopper(app),
      ...byReview,
      schema: {
        tags: ['reviews'],
        summary: 'Edit your own review: verified purchase and status are decided again',
        params: ReviewIdParamsSchema,
        body: ReviewWriteSchema,
        response: { 200: ReviewEnvelope, ...shopperErrors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await countAttempt(writeLimiter, request, reply, REVIEW_MESSAGES.tooManyWrites);
      const { review, announce } = await updateReview(app.db, request.params.id, currentUser(request).id, request.body);
      if (announce) app.realtime.announceReview(review.id);
      return { data: review };
    },
  );

  app.delete(
    '/reviews/reviews/:id',
    {
      onRequest: requireShopper(app),
      ...byReview,
      schema: {
        tags: ['reviews'],
        summary: 'Delete your own review and its votes',
        params: ReviewIdParamsSchema,
        response: { 204: NoContent, ...shopperErrors },
      },
    },
    async (request, reply) => {
      await deleteReview(app.db, request.params.id, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/reviews/reviews/:id/helpful',
    {
      onRequest: requireShopper(app),
      ...byReview,
      schema: {
        tags: ['reviews'],
        summary: 'Vote an approved review helpful or not (one vote per shopper, changeable; not on your own)',
        params: ReviewIdParamsSchema,
        body: HelpfulVoteSchema,
        response: { 200: ReviewEnvelope, ...shopperErrors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await countAttempt(voteLimiter, request, reply, REVIEW_MESSAGES.tooManyVotes);
      const review = await voteOnReview(app.db, request.params.id, currentUser(request).id, request.body.is_helpful);
      return { data: review };
    },
  );
};
