import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { dataEnvelope } from '#shared/contracts/common.ts';
import { DemoDataPresentSchema, DemoRemovalSchema } from '#shared/contracts/demo-data.ts';
import { demoDataPresent, removeDemoData } from './remove-demo-data.ts';

/**
 * `GET /admin/settings/demo` and `POST /admin/settings/demo/remove` (docs/product.md#demo-data),
 * inside the admin scope (staff only).
 */
export const adminDemoDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/demo',
    {
      schema: {
        tags: ['admin'],
        summary: 'The demo data nobody changed, counted per kind (all zeros once removed)',
        response: { 200: dataEnvelope(DemoDataPresentSchema) },
      },
    },
    async () => ({ data: await demoDataPresent(app.db) }),
  );

  app.post(
    '/settings/demo/remove',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Remove the demo data nobody changed: products, categories, reviews, posts, pictures, demo accounts; answers counts per kind',
        response: { 200: dataEnvelope(DemoRemovalSchema) },
      },
    },
    async (request) => {
      // The catalogue's read model hears the deletes (NOTIFY) and syncs before each read.
      const removal = await removeDemoData(app.db, {
        uploadsDir: app.config.paths.uploads,
        context: auditContextOf(request),
        now: app.clock.now(),
      });
      return { data: removal };
    },
  );
};
