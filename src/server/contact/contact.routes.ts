import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceRateLimit } from '#server/plugins/rate-limiter.ts';
import { ErrorBodySchema } from '#shared/contracts/common.ts';
import { ContactRequestSchema, ContactResponseSchema } from '#shared/contracts/contact.ts';
import { saveContactMessage } from './contact.service.ts';

export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };
export const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages. Please try again later.';

/** `POST /contact` (only registered when FEATURE_CONTACT_FORM is on; see app.ts). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shared by every process through Redis when REDIS_URL is set (plugins/rate-limiter.ts).
  const limiter = app.rateLimiter('contact', CONTACT_RATE_LIMIT);

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop (stored and emailed); 5 per IP per 10 minutes',
        body: ContactRequestSchema,
        response: { 201: ContactResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimit(limiter, `contact:${request.ip}`, reply, CONTACT_RATE_LIMITED_MESSAGE);
      // The honeypot: a bot that filled the hidden field gets the same answer, and nothing happens.
      if (!request.body.website) {
        const mail = await saveContactMessage(
          app.db,
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'] },
          { COMPANY_EMAIL: app.settings.values.site.email },
        );
        // No email or name in the context: logs never carry personal data.
        app.mailer.sendLater(mail, { kind: 'contact' });
      }
      return reply.status(201).send({ data: { received: true as const } });
    },
  );
};
