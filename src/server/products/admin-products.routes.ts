import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { alertOnBulkDelete } from '#server/security/security-alerts.service.ts';
import {
  AdminProductSchema,
  AdminProductStatsSchema,
  AdminProductsQuerySchema,
  BulkProductsRequestSchema,
  BulkProductsResultSchema,
} from '#shared/contracts/admin-products.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import { safeText } from '#shared/contracts/text.ts';
import { getAdminProduct, listAdminProducts } from './admin-products.service.ts';
import { bulkUpdateProducts } from './product-bulk.service.ts';
import { productStats } from './product-stats.service.ts';
import { productWriteRoutesFor } from './product-writes.routes.ts';

/**
 * `GET/POST /admin/products`, `GET/PUT/DELETE /admin/products/{id}`, `POST /admin/products/bulk`,
 * `GET /admin/products/stats` (inside the admin scope). The static paths are declared first for
 * the reader; find-my-way prefers static segments over `:id` whatever the order.
 */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Product counts, stock and inventory value, overall and by category',
        response: { 200: dataEnvelope(AdminProductStatsSchema) },
      },
    },
    async () => ({ data: await productStats(app.db) }),
  );

  app.post(
    '/products/bulk',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change many products at once, all or nothing',
        body: BulkProductsRequestSchema,
        response: {
          200: dataEnvelope(BulkProductsResultSchema),
          400: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const context = auditContextOf(request);
      const result = await bulkUpdateProducts(app.db, request.body, context);
      if (result.action === 'delete')
        await alertOnBulkDelete(app, { count: result.affected, what: 'products', context });
      return { data: result };
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every product, inactive too (search, category with sub-categories, brand, status, stock)',
        querystring: AdminProductsQuerySchema,
        response: { 200: paginatedEnvelope(AdminProductSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listAdminProducts(app.db, request.query),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One product by id or slug, whatever its status',
        params: z.object({ id: safeText().trim().min(1).max(200) }),
        response: { 200: dataEnvelope(AdminProductSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await getAdminProduct(app.db, request.params.id) }),
  );

  await app.register(productWriteRoutesFor('admin'));
};
