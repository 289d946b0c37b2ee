import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
 * `POST /categories`, `POST /categories/{id}` (a sub-category), `PUT/DELETE /categories/{id}` for
 * staff (inside the staff scope): the spec's paths for the same writes as /admin/categories.
 */
export const categoryWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Create a category (staff)',
        body: CategoryCreateSchema,
        response: { 201: dataEnvelope(AdminCategorySchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await createCategory(app.db, request.body, request) };
    },
  );

  app.post(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Create a sub-category of {id} (staff); any parent_id in the body is ignored',
        params: z.object({ id: IdSchema }),
        body: CategoryCreateSchema,
        response: { 201: dataEnvelope(AdminCategorySchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await createCategory(app.db, request.body, request, request.params.id) };
    },
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Change a category (staff)',
        params: z.object({ id: IdSchema }),
        body: CategoryUpdateSchema,
        response: { 200: dataEnvelope(AdminCategorySchema), ...errors },
      },
    },
    async (request) => ({ data: await updateCategory(app.db, request.params.id, request.body, request) }),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Delete a category (staff); move_to says where its products and sub-categories go',
        params: z.object({ id: IdSchema }),
        querystring: CategoryDeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, request.params.id, request.query.move_to, request);
      return reply.status(204).send(null);
    },
  );
};
