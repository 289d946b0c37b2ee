import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import {
  AdminCategoriesQuerySchema,
  AdminCategorySchema,
  AdminCategoryStatsSchema,
  CategoryReorderSchema,
} from '#shared/contracts/admin-categories.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { categoryStats, listAdminCategories, reorderCategories } from './admin-categories.service.ts';
import { categoryWriteRoutesFor } from './category-writes.routes.ts';

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
    '/categories/reorder',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set sort order (and parent) of many categories in one transaction; answers the new list',
        body: CategoryReorderSchema,
        response: { 200: dataEnvelope(z.array(AdminCategorySchema)), ...errors },
      },
    },
    async (request) => ({
      data: await reorderCategories(app.db, request.body.categoryOrders, auditContextOf(request)),
    }),
  );

  await app.register(categoryWriteRoutesFor('admin', { subCategoryPath: false }));
};
