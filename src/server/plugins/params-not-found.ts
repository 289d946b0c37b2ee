import type { FastifyRequest } from 'fastify';

/**
 * Route options for a route on one record (`/{id}`, `/{id or slug}`): a path parameter that
 * cannot name a record (not a uuid, too long, a NUL byte) answers the same 404 as an unknown one,
 * not the 400 of a bad field. Fastify validates the params first, so a bad id wins over a bad
 * body; any other validation error goes on to the error handler as usual.
 */
export function paramsNotFound(notFound: () => Error) {
  return {
    attachValidation: true,
    preHandler: async (request: FastifyRequest) => {
      const error = request.validationError;
      if (!error) return;
      if (error.validationContext === 'params') throw notFound();
      throw error;
    },
  };
}
