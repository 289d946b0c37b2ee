import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsSchema } from '#shared/contracts/auth.ts';
import { dataEnvelope } from '#shared/contracts/common.ts';
import { adminStats } from './admin-stats.service.ts';

/** `GET /admin/stats` (docs/product.md#admin-endpoints): the dashboard home; inside the admin scope. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { schema: { tags: ['admin'], summary: 'Dashboard figures', response: { 200: dataEnvelope(AdminStatsSchema) } } },
    async () => ({ data: await adminStats(app.db) }),
  );
};
