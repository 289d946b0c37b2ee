import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import { FeaturedQuerySchema, ProductListQuerySchema, ProductSchema } from '#shared/contracts/products.ts';
import { getActiveProduct, listFeaturedProducts, listProducts } from './products.service.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'List active products',
        querystring: ProductListQuerySchema,
        response: { 200: paginatedEnvelope(ProductSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => listProducts(app.db, request.query),
  );

  app.get(
    '/products/featured',
    {
      schema: {
        tags: ['products'],
        summary: 'Featured products',
        querystring: FeaturedQuerySchema,
        response: { 200: dataEnvelope(z.array(ProductSchema)), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await listFeaturedProducts(app.db, request.query.limit) }),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'One active product by id or slug',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: dataEnvelope(ProductSchema), 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await getActiveProduct(app.db, request.params.id) }),
  );
};
