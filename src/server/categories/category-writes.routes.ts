import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `POST /categories`, `POST /categories/{id}` (a sub-category), `PUT/DELETE /categories/{id}` for staff (inside the staff scope). */
export const categoryWriteRoutes: FastifyPluginAsyncZod = async (_app) => {};
