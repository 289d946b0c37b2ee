import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET/POST /admin/categories`, `PUT/DELETE /admin/categories/{id}`, `POST /admin/categories/reorder`, `GET /admin/categories/stats` (inside the admin scope). */
export const adminCategoryRoutes: FastifyPluginAsyncZod = async (_app) => {};
