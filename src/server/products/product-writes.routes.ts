import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `POST /products`, `PUT /products/{id}`, `DELETE /products/{id}` for staff (inside the staff scope). */
export const productWriteRoutes: FastifyPluginAsyncZod = async (_app) => {};
