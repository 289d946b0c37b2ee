import type { FastifyPluginAsync } from 'fastify';

/** `POST /upload/images`, `DELETE /upload/images/{id}` (inside the staff scope). */
export const uploadRoutes: FastifyPluginAsync = async (_app) => {};
