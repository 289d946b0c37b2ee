import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors.ts';
import { APP_VERSION } from '#server/version.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { HealthSchema } from '#shared/contracts/health.ts';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability (503 when the database is down)',
        response: { 200: dataEnvelope(HealthSchema), 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unavailable');
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Database is unavailable');
      } finally {
        clearTimeout(timer);
      }
      return {
        data: {
          status: 'ok' as const,
          database: app.database.kind,
          version: APP_VERSION,
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
  );
};
