import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { ShopPageListSchema, ShopPageSchema, ShopPageSlugParamsSchema } from '#shared/contracts/pages.ts';
import { getShopPage, listShopPages } from './pages.service.ts';

/**
 * The fixed pages for shoppers (docs/product.md#fixed-pages): the six pages, stored or on their
 * default text; any other slug is a 404. Content is sanitised again on the way out.
 */
export const shopPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages',
    {
      schema: {
        tags: ['pages'],
        summary: "The shop's fixed pages: slug, title and last change of each",
        response: { 200: ShopPageListSchema },
      },
    },
    async () => ({ data: await listShopPages(app.db, app.siteConfig()) }),
  );

  app.get(
    '/pages/:slug',
    {
      ...paramsNotFound(() => notFound('Page')),
      schema: {
        tags: ['pages'],
        summary: 'One fixed page (about, delivery, returns, warranty, privacy, terms)',
        params: ShopPageSlugParamsSchema,
        response: { 200: dataEnvelope(ShopPageSchema), 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await getShopPage(app.db, app.siteConfig(), request.params.slug) }),
  );
};
