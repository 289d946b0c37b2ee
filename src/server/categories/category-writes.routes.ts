import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import {
  AdminCategorySchema,
  CategoryCreateSchema,
  CategoryDeleteQuerySchema,
  CategoryUpdateSchema,
} from '#shared/contracts/admin-categories.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema } from '#shared/contracts/common.ts';
import { createCategory, deleteCategory, updateCategory } from './admin-categories.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * The category writes, registered twice with one behaviour: at `/categories` in the staff scope
 * (docs/product.md#catalogue-endpoints, with `POST /categories/{id}` for a sub-category) and at
 * `/admin/categories` in the admin scope. `tag` groups them in the OpenAPI document.
 */
export function categoryWriteRoutesFor(tag: string, options: { subCategoryPath: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/categories',
      {
        schema: {
          tags: [tag],
          summary: 'Create a category',
          body: CategoryCreateSchema,
          response: { 201: dataEnvelope(AdminCategorySchema), ...errors },
        },
      },
      async (request, reply) => {
        reply.status(201);
        return { data: await createCategory(app.db, request.body, auditContextOf(request)) };
      },
    );

    if (options.subCategoryPath) {
      app.post(
        '/categories/:id',
        {
          schema: {
            tags: [tag],
            summary: 'Create a sub-category of {id}; any parent_id in the body is ignored',
            params: z.object({ id: IdSchema }),
            body: CategoryCreateSchema,
            response: { 201: dataEnvelope(AdminCategorySchema), ...errors },
          },
        },
        async (request, reply) => {
          reply.status(201);
          return { data: await createCategory(app.db, request.body, auditContextOf(request), request.params.id) };
        },
      );
    }

    app.put(
      '/categories/:id',
      {
        schema: {
          tags: [tag],
          summary: 'Change a category',
          params: z.object({ id: IdSchema }),
          body: CategoryUpdateSchema,
          response: { 200: dataEnvelope(AdminCategorySchema), ...errors },
        },
      },
      async (request) => ({
        data: await updateCategory(app.db, request.params.id, request.body, auditContextOf(request)),
      }),
    );

    app.delete(
      '/categories/:id',
      {
        schema: {
          tags: [tag],
          summary: 'Delete a category; move_to says where its products and sub-categories go',
          params: z.object({ id: IdSchema }),
          querystring: CategoryDeleteQuerySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteCategory(app.db, request.params.id, request.query.move_to, auditContextOf(request));
        return reply.status(204).send(null);
      },
    );
  };
}

export const categoryWriteRoutes = categoryWriteRoutesFor('categories', { subCategoryPath: true });
