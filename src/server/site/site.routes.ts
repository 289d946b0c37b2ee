import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettings } from '#server/settings/shop-settings.service.ts';
import { dataEnvelope } from '#shared/contracts/common.ts';
import { PublicSettingsSchema } from '#shared/contracts/settings.ts';

/**
 * `GET /site/settings` (docs/product.md#shop-settings): what the storefront shows and checkout
 * offers, for anyone. Served from this process's memory (settings/settings-store.ts): no database
 * round trip, so it may sit on every storefront request.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site/settings',
    {
      schema: {
        tags: ['site'],
        summary: "The shop's public settings: contact, currency, enabled payment methods, delivery zones",
        response: { 200: dataEnvelope(PublicSettingsSchema) },
      },
    },
    async () => ({ data: publicSettings(app.settings.values) }),
  );
};
