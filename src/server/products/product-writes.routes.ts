import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import {
  AdminProductSchema,
  ProductArchivedSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
} from '#shared/contracts/admin-products.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema } from '#shared/contracts/common.ts';
import { createProduct, deleteProduct, updateProduct } from './product-writes.service.ts';

const NoContent = z.null().describe('Deleted');

/**
 * The product writes, registered twice with one behaviour: at `/products` in the staff scope
 * (docs/product.md#catalogue-endpoints) and at `/admin/products` in the admin scope (docs/product.md#admin-endpoints).
 */
export function productWriteRoutesFor(tag: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/products',
      {
        schema: {
          tags: [tag],
          summary: 'Create a product (slug and SKU made when not given)',
          body: ProductCreateSchema,
          response: {
            201: dataEnvelope(AdminProductSchema),
            400: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const data = await createProduct(app.db, request.body, auditContextOf(request), {
          lowStockThreshold: app.settings.values.system.low_stock_threshold,
        });
        return reply.status(201).send({ data });
      },
    );

    app.put(
      '/products/:id',
      {
        schema: {
          tags: [tag],
          summary: 'Change any of a product’s fields',
          params: z.object({ id: IdSchema }),
          body: ProductUpdateSchema,
          response: {
            200: dataEnvelope(AdminProductSchema),
            400: ErrorBodySchema,
            404: ErrorBodySchema,
            409: ErrorBodySchema,
          },
        },
      },
      async (request) => ({
        data: await updateProduct(app.db, request.params.id, request.body, auditContextOf(request)),
      }),
    );

    app.delete(
      '/products/:id',
      {
        schema: {
          tags: [tag],
          summary: 'Delete a product (204), or archive it when orders reference it (200)',
          params: z.object({ id: IdSchema }),
          response: { 200: ProductArchivedSchema, 204: NoContent, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const outcome = await deleteProduct(app.db, request.params.id, auditContextOf(request));
        if ('archived' in outcome) {
          return reply.status(200).send({ data: { id: outcome.id, archived: true }, message: outcome.message });
        }
        return reply.status(204).send(null);
      },
    );
  };
}

/** `POST /products`, `PUT /products/{id}`, `DELETE /products/{id}` for staff (inside the staff scope). */
export const productWriteRoutes: FastifyPluginAsyncZod = productWriteRoutesFor('products');
