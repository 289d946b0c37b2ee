import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/errors.ts';
import { trustedJsonSerializer } from '#server/plugins/trusted-serializer.ts';
import { CategoryDetailSchema, CategorySchema, CategoryTreeNodeSchema } from '#shared/contracts/categories.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { safeText } from '#shared/contracts/text.ts';

/** The public category reads; all served from the in-memory catalogue (catalogue-index.ts). */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      ...trustedJsonSerializer,
      schema: {
        tags: ['categories'],
        summary: 'Every active category, by sort order, with parent and product count',
        response: { 200: dataEnvelope(z.array(CategorySchema)) },
      },
    },
    async () => ({ data: (await app.catalogue.fresh()).listCategories() }),
  );

  app.get(
    '/categories/tree',
    {
      ...trustedJsonSerializer,
      schema: {
        tags: ['categories'],
        summary: 'The active categories nested under their parents',
        response: { 200: dataEnvelope(z.array(CategoryTreeNodeSchema)) },
      },
    },
    async () => ({ data: (await app.catalogue.fresh()).categoryTree() }),
  );

  app.get(
    '/categories/:id',
    {
      ...trustedJsonSerializer,
      schema: {
        tags: ['categories'],
        summary: 'One active category by id or slug, with its ancestors and children',
        params: z.object({ id: safeText().min(1).max(200) }),
        response: { 200: dataEnvelope(CategoryDetailSchema), 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const category = (await app.catalogue.fresh()).getCategory(request.params.id);
      if (!category) throw notFound('Category');
      return { data: category };
    },
  );
};
