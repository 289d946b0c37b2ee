import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The shop's review moderation under `/admin/reviews` (docs/product.md#reviews; the list is in
 * #shared/contracts/reviews.ts). Registered in the admin scope, so every route needs staff.
 */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (_app) => {};
