import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Shoppers' review calls under `/reviews` (docs/product.md#reviews; the list is in
 * #shared/contracts/reviews.ts).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (_app) => {};
