import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueJsonSerializer } from '#server/plugins/trusted-serializer.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import { FeaturedQuerySchema, ProductListQuerySchema, ProductSchema } from '#shared/contracts/products.ts';
import { safeText } from '#shared/contracts/text.ts';
import { getActiveProduct, listFeaturedProducts, listNewArrivals, listProducts } from './products.service.ts';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      ...catalogueJsonSerializer,
      schema: {
        tags: ['products'],
        summary:
          'List active products (filters: q, category with sub-categories, brand, featured, in_stock, price range)',
        querystring: ProductListQuerySchema,
        response: { 200: paginatedEnvelope(ProductSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => listProducts(await app.catalogue.fresh(), request.query),
  );

  app.get(
    '/products/featured',
    {
      ...catalogueJsonSerializer,
      schema: {
        tags: ['products'],
        summary: 'Featured products, newest first',
        querystring: FeaturedQuerySchema,
        response: { 200: dataEnvelope(z.array(ProductSchema)), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: listFeaturedProducts(await app.catalogue.fresh(), request.query.limit) }),
  );

  app.get(
    '/products/new-arrivals',
    {
      ...catalogueJsonSerializer,
      schema: {
        tags: ['products'],
        summary: 'The newest products that are not featured, those in stock first (the home page)',
        querystring: FeaturedQuerySchema,
        response: { 200: dataEnvelope(z.array(ProductSchema)), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: listNewArrivals(await app.catalogue.fresh(), request.query.limit) }),
  );

  app.get(
    '/products/:id',
    {
      ...catalogueJsonSerializer,
      schema: {
        tags: ['products'],
        summary: 'One active product by id or slug',
        params: z.object({ id: safeText().min(1).max(200) }),
        response: { 200: dataEnvelope(ProductSchema), 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: getActiveProduct(await app.catalogue.fresh(), request.params.id) }),
  );
};
