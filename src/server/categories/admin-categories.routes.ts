import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCategoriesQuerySchema,
  AdminCategorySchema,
  AdminCategoryStatsSchema,
  CategoryCreateSchema,
  CategoryDeleteQuerySchema,
  CategoryReorderSchema,
  CategoryUpdateSchema,
} from '#shared/contracts/admin-categories.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema } from '#shared/contracts/common.ts';
import {
  categoryStats,
  createCategory,
  deleteCategory,
  listAdminCategories,
  reorderCategories,
  updateCategory,
} from './admin-categories.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** `GET/POST /admin/categories`, `PUT/DELETE /admin/categories/{id}`, `POST /admin/categories/reorder`, `GET /admin/categories/stats` (inside the admin scope). */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every category (inactive too with include_inactive) with its counts, parents before children',
        querystring: AdminCategoriesQuerySchema,
        response: { 200: dataEnvelope(z.array(AdminCategorySchema)), 400: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await listAdminCategories(app.db, { includeInactive: request.query.include_inactive }),
    }),
  );

  app.get(
    '/categories/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Category totals and per-category stock and inventory value',
        response: { 200: AdminCategoryStatsSchema },
      },
    },
    () => categoryStats(app.db),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a category',
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
    '/categories/reorder',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set sort order (and parent) of many categories in one transaction; answers the new list',
        body: CategoryReorderSchema,
        response: { 200: dataEnvelope(z.array(AdminCategorySchema)), ...errors },
      },
    },
    async (request) => ({ data: await reorderCategories(app.db, request.body.categoryOrders, request) }),
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a category',
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
        tags: ['admin'],
        summary: 'Delete a category; move_to says where its products and sub-categories go',
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
