import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsDashboardSchema,
  AnalyticsDaysQuerySchema,
  AnalyticsOverviewSchema,
  OrderAnalyticsQuerySchema,
  OrderAnalyticsSchema,
  ProductAnalyticsSchema,
  SalesQuerySchema,
  SalesSeriesSchema,
} from '#shared/contracts/analytics.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { analyticsDashboard } from './analytics-dashboard.service.ts';
import { orderAnalytics } from './analytics-orders.service.ts';
import { analyticsOverview } from './analytics-overview.service.ts';
import { productAnalytics } from './analytics-products.service.ts';
import { analyticsCalendar } from './analytics-queries.ts';
import { salesSeries } from './analytics-sales.service.ts';

/**
 * `/admin/analytics`, `/dashboard`, `/sales`, `/products`, `/orders` (docs/product.md#analytics),
 * inside the admin scope: reads of the roll-ups, in the shop's days on the app's clock.
 */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const calendar = () => analyticsCalendar(app.db, app.clock.now());
  // Active products: the storefront's in-memory catalogue holds exactly those.
  const activeProducts = async () => (await app.catalogue.fresh()).size;

  app.get(
    '/analytics',
    {
      schema: {
        tags: ['admin'],
        summary: 'The overview against the previous period, promo codes and new or returning customers',
        querystring: AnalyticsDaysQuerySchema,
        response: { 200: dataEnvelope(AnalyticsOverviewSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await analyticsOverview(app.db, await calendar(), request.query.days, await activeProducts()),
    }),
  );

  app.get(
    '/analytics/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'The overview, recent activity, sales by day and month, top products and categories',
        querystring: AnalyticsDaysQuerySchema,
        response: { 200: dataEnvelope(AnalyticsDashboardSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await analyticsDashboard(app.db, await calendar(), request.query.days, await activeProducts()),
    }),
  );

  app.get(
    '/analytics/sales',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revenue, orders and average order value per day, week, month, quarter or year',
        querystring: SalesQuerySchema,
        response: { 200: dataEnvelope(SalesSeriesSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await salesSeries(app.db, await calendar(), request.query.period) }),
  );

  app.get(
    '/analytics/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Top sellers, slow movers, categories against the previous period and stock value',
        querystring: AnalyticsDaysQuerySchema,
        response: { 200: dataEnvelope(ProductAnalyticsSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await productAnalytics(app.db, await calendar(), request.query.days) }),
  );

  app.get(
    '/analytics/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders by status, payment status and source; delivery time, cancellation and refund rates',
        querystring: OrderAnalyticsQuerySchema,
        response: { 200: dataEnvelope(OrderAnalyticsSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await orderAnalytics(app.db, await calendar(), request.query.days) }),
  );
};
