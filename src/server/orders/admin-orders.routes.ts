import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '#server/audit/audit.service.ts';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { currentUser } from '#server/auth/authenticate.ts';
import { csvOfRecords } from '#server/csv.ts';
import { assertCustomerExists } from '#server/customers/customers.service.ts';
import { linkBase } from '#server/seo/link-base.ts';
import {
  AdminOrderCreateSchema,
  AdminOrderSchema,
  AdminOrderStatsSchema,
  AdminOrdersListSchema,
  AdminOrdersQuerySchema,
  AdminOrderUpdateSchema,
  OrderIdParamsSchema,
  OutForDeliveryRequestSchema,
  RefundRequestSchema,
  WhatsAppMessageSchema,
} from '#shared/contracts/admin-orders.ts';
import {
  BulkOrderStatusResultSchema,
  BulkOrderStatusSchema,
  ORDER_ROW_COLUMNS,
  ordersExportFileName,
} from '#shared/contracts/analytics.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { CustomerIdParamsSchema } from '#shared/contracts/customers.ts';
import { CreateOrderHeadersSchema, IDEMPOTENCY_KEY_HEADER } from '#shared/contracts/orders.ts';
import { shopToday } from '#shared/promo-codes.ts';
import { listWalk, orderRowPages } from './admin-order-export.ts';
import { getAdminOrder, listAdminOrders } from './admin-order-queries.ts';
import { adminOrderStats } from './admin-order-stats.ts';
import { announceNewOrder, newOrderMessages } from './announce-new-order.ts';
import { bulkUpdateOrderStatus } from './bulk-order-status.ts';
import { orderMailSettingsOf } from './order-mail-view.ts';
import { refundOrder } from './order-refunds.ts';
import type { StatusMailSettings } from './order-status-mail.ts';
import { updateAdminOrder } from './order-transitions.ts';
import { sendOrderWhatsApp } from './order-whatsapp.ts';
import { markOutForDelivery } from './out-for-delivery.ts';
import { placeOrder } from './place-order.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The CSV file, streamed as it is written (ORDER_ROW_COLUMNS; a stream, so not a zod string). */
const csvStream = z.any().describe('a CSV file (text/csv), downloaded as an attachment');

/**
 * `GET/POST /admin/orders`, `GET /admin/orders/stats`, `GET /admin/orders/export`,
 * `POST /admin/orders/bulk-update`, `GET/PUT /admin/orders/{id}`,
 * `POST /admin/orders/{id}/out-for-delivery`, `POST /admin/orders/{id}/refund`,
 * `POST /admin/orders/{id}/whatsapp` (docs/product.md#admin-endpoints),
 * and a customer's orders, `GET /admin/customers/{id}/orders` (the same list, one customer's),
 * inside the admin scope. Writes announce to the admins' sockets only after their commit.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * What the shopper's status and refund mails are written with, as the settings stand now: the
   * order page's link at linkBase (PUBLIC_URL, or this request's host when ALLOWED_HOSTS names it),
   * the shop's logo and contact details, and the merchant's wording (settings: email `templates`).
   */
  const shopperMailSettings = (request: FastifyRequest): StatusMailSettings => {
    const values = app.settings.values;
    const base = linkBase({ publicUrl: app.config.PUBLIC_URL, allowedHosts: app.config.ALLOWED_HOSTS }, request);
    return {
      shopName: values.site.shop_name,
      switches: values.email.messages.customer,
      texts: values.email.messages.texts,
      linkBase: base,
      mail: orderMailSettingsOf(values, base, app.config.CURRENCY),
    };
  };
  app.get(
    '/orders/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders by status, revenue today / 7 / 30 days, average order value, refunds',
        response: { 200: dataEnvelope(AdminOrderStatsSchema) },
      },
    },
    async () => ({ data: await adminOrderStats(app.db) }),
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders: search, status, payment status, customer, date range, sort, pages; meta.status_counts',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersListSchema, 400: ErrorBodySchema },
      },
    },
    (request) => listAdminOrders(app.db, request.query),
  );

  app.get(
    '/orders/export',
    {
      schema: {
        tags: ['admin'],
        summary: "Every order the list's filters match, in its sort, as CSV (streamed; cells safe against formulas)",
        querystring: AdminOrdersQuerySchema,
        response: { 200: csvStream, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const timeZone = app.settings.values.site.time_zone;
      // A copy of the customers' orders leaving the shop is on the record (as the reports' files are).
      const { page: _page, limit: _limit, ...filters } = request.query;
      await recordAudit(app.db, {
        context: auditContextOf(request),
        action: 'order.export',
        entityType: 'order',
        after: filters,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${ordersExportFileName(shopToday(app.clock.now(), timeZone))}"`,
        )
        .send(Readable.from(csvOfRecords(ORDER_ROW_COLUMNS, orderRowPages(app.db, listWalk(request.query), timeZone))));
    },
  );

  app.post(
    '/orders/bulk-update',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Move several orders to one status, each by the rules of PUT /admin/orders/{id}; lists moved and refused',
        body: BulkOrderStatusSchema,
        response: { 200: dataEnvelope(BulkOrderStatusResultSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const { result, messageQueued } = await bulkUpdateOrderStatus(
        app.db,
        request.body,
        auditContextOf(request),
        shopperMailSettings(request),
      );
      for (const order of result.moved) app.realtime.announceOrder(order.id, 'order_status');
      if (messageQueued) app.messageSender.kick();
      return { data: result };
    },
  );

  app.get(
    '/customers/:id/orders',
    {
      schema: {
        tags: ['admin'],
        summary: "A customer's orders (the orders list's filters, sort and pages)",
        params: CustomerIdParamsSchema,
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersListSchema, ...errors },
      },
    },
    async (request) => {
      await assertCustomerExists(app.db, request.params.id);
      return listAdminOrders(app.db, { ...request.query, customer_id: request.params.id });
    },
  );

  app.post(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enter an order for a phone or counter customer (checkout pricing, tax and stock rules)',
        body: AdminOrderCreateSchema,
        headers: CreateOrderHeadersSchema,
        response: {
          200: dataEnvelope(AdminOrderSchema),
          201: dataEnvelope(AdminOrderSchema),
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const messages = newOrderMessages(app, request);
      const { order, replayed } = await placeOrder(
        app.db,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        app.catalogue.current,
        // The audit row ('order.create') is written with the order, in its transaction.
        {
          source: 'admin',
          createdBy: user.id,
          audit: auditContextOf(request),
          settings: app.settings.values,
          messagesFor: messages.messagesFor,
        },
      );
      const created = await getAdminOrder(app.db, order.id);
      if (replayed) return reply.status(200).header('idempotent-replayed', 'true').send({ data: created });
      messages.remember(order);
      announceNewOrder(app, order);
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order: lines, totals, customer, address, history, refunds, allowed transitions',
        params: OrderIdParamsSchema,
        response: { 200: dataEnvelope(AdminOrderSchema), ...errors },
      },
    },
    async (request) => ({ data: await getAdminOrder(app.db, request.params.id) }),
  );

  app.put(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the status (with a note), internal notes, the address before shipping, or mark paid',
        params: OrderIdParamsSchema,
        body: AdminOrderUpdateSchema,
        response: { 200: dataEnvelope(AdminOrderSchema), ...errors },
      },
    },
    async (request) => {
      const { order, statusChanged, messageQueued } = await updateAdminOrder(
        app.db,
        request.params.id,
        request.body,
        auditContextOf(request),
        shopperMailSettings(request),
      );
      if (statusChanged) app.realtime.announceOrder(order.id, 'order_status');
      // After the commit: the sender delivers it, the request never waits for mail.
      if (messageQueued) app.messageSender.kick();
      return { data: order };
    },
  );

  app.post(
    '/orders/:id/out-for-delivery',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A shipped order is out for delivery (a step, not a status): once; 409 for an order not shipped or already out',
        params: OrderIdParamsSchema,
        body: OutForDeliveryRequestSchema,
        response: { 200: dataEnvelope(AdminOrderSchema), ...errors },
      },
    },
    async (request) => {
      const { order, messageQueued } = await markOutForDelivery(
        app.db,
        request.params.id,
        request.body,
        auditContextOf(request),
        shopperMailSettings(request),
      );
      // No admin notification: the order's status did not change (docs/product.md#out-for-delivery).
      if (messageQueued) app.messageSender.kick();
      return { data: order };
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund part or all of what remains of a paid order',
        params: OrderIdParamsSchema,
        body: RefundRequestSchema,
        response: { 200: dataEnvelope(AdminOrderSchema), ...errors },
      },
    },
    async (request) => {
      const { order, messageQueued } = await refundOrder(
        app.db,
        request.params.id,
        request.body,
        auditContextOf(request),
        {
          ...shopperMailSettings(request),
          currency: app.config.CURRENCY,
        },
      );
      if (messageQueued) app.messageSender.kick();
      return { data: order };
    },
  );

  // FEATURE_WHATSAPP off: no route at all (404), as for the contact form.
  if (app.config.FEATURE_WHATSAPP) {
    app.post(
      '/orders/:id/whatsapp',
      {
        schema: {
          tags: ['admin'],
          summary: "The wa.me link and message about the order for the customer's number; records it was sent",
          params: OrderIdParamsSchema,
          response: { 200: dataEnvelope(WhatsAppMessageSchema), ...errors },
        },
      },
      async (request) => ({
        data: await sendOrderWhatsApp(
          app.db,
          request.params.id,
          app.settings.values.site.shop_name,
          auditContextOf(request),
        ),
      }),
    );
  }
};
