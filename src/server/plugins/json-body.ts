import type { FastifyInstance } from 'fastify';

/**
 * The JSON body parser for every route: Fastify's own (same limits and prototype-poisoning
 * refusal), except that an empty or blank body is no body at all. Clients such as the web app's send
 * `Content-Type: application/json` on every call, bodiless ones too (logout, DELETE, WhatsApp);
 * Fastify's parser refuses those with 400 "body is empty". A route that needs a body still
 * answers 400 VALIDATION_ERROR from its zod schema.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
