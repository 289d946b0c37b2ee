import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategorySchema } from '#shared/contracts/categories.ts';
import { dataEnvelope } from '#shared/contracts/common.ts';
import { listActiveCategories } from './categories.service.ts';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Every active category, by sort order, with parent and product count',
        response: { 200: dataEnvelope(z.array(CategorySchema)) },
      },
    },
    async () => ({ data: await listActiveCategories(app.db) }),
  );
};
