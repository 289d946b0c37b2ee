import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET/POST /admin/products`, `PUT/DELETE /admin/products/{id}`, `POST /admin/products/bulk`, `GET /admin/products/stats` (inside the admin scope). */
export const adminProductRoutes: FastifyPluginAsyncZod = async (_app) => {};
