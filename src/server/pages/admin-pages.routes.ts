import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { notFound } from '#server/errors.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  AdminShopPageListSchema,
  ShopPageSchema,
  ShopPageSlugParamsSchema,
  ShopPageUpdateSchema,
} from '#shared/contracts/pages.ts';
import { getAdminShopPage, listAdminShopPages, updateShopPage } from './pages.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The fixed pages for staff under `/admin/pages` (docs/product.md#fixed-pages), in the admin scope
 * (src/server/admin/admin-scope.ts): its onRequest hook checks the staff bearer before the body is
 * read. Every save is in the audit log (`shop_page.update`).
 */
export const adminShopPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages',
    {
      schema: {
        tags: ['pages admin'],
        summary: 'The six fixed pages, and whether each still shows its default text',
        response: { 200: AdminShopPageListSchema },
      },
    },
    async () => ({ data: await listAdminShopPages(app.db, app.siteConfig()) }),
  );

  app.get(
    '/pages/:slug',
    {
      ...paramsNotFound(() => notFound('Page')),
      schema: {
        tags: ['pages admin'],
        summary: 'One fixed page as stored (or its default text)',
        params: ShopPageSlugParamsSchema,
        response: { 200: dataEnvelope(ShopPageSchema), ...errors },
      },
    },
    async (request) => ({ data: await getAdminShopPage(app.db, app.siteConfig(), request.params.slug) }),
  );

  app.put(
    '/pages/:slug',
    {
      ...paramsNotFound(() => notFound('Page')),
      schema: {
        tags: ['pages admin'],
        summary: 'Change a fixed page: the fields sent (content sanitised); the first save stores it',
        params: ShopPageSlugParamsSchema,
        body: ShopPageUpdateSchema,
        response: { 200: dataEnvelope(ShopPageSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateShopPage(app.db, app.siteConfig(), request.params.slug, request.body, auditContextOf(request)),
    }),
  );
};
