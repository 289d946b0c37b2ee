import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `/admin/promo-codes/template`, `/export`, `/import` (docs/product.md#csv-import-and-export). */
export const promoCsvRoutes: FastifyPluginAsyncZod = async () => {};
