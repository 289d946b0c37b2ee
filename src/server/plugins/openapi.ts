import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '#server/version.ts';

/**
 * Only the API is documented. The web app's own routes (pages, sitemap, and above all the hidden
 * admin sign-in path, decision 008) are not API, and the document is public.
 */
export const documentedTransform: typeof jsonSchemaTransform = (input) =>
  input.url === '/api' || input.url.startsWith('/api/')
    ? jsonSchemaTransform(input)
    : { schema: { ...input.schema, hide: true }, url: input.url };

/** OpenAPI generated from the zod route schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cedar Shop API',
        description:
          'Storefront and admin API of Cedar Shop. Errors use one body: { message, statusCode, code, errors }.',
        version: APP_VERSION,
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: documentedTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
