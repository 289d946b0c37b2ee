import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { OrderIdParamsSchema } from '#shared/contracts/admin-orders.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { OrderMessageParamsSchema, OrderMessageSchema, OrderMessagesSchema } from '#shared/contracts/order-messages.ts';
import { listOrderMessages, retryOrderMessage } from './order-messages.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * An order's delivery log inside the admin scope (docs/product.md#delivery-log):
 * `GET /admin/orders/{id}/messages` and `POST /admin/orders/{id}/messages/{messageId}/retry`.
 */
export const adminOrderMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/messages',
    {
      schema: {
        tags: ['admin'],
        summary: "The order's messages to the shopper, newest first: event, channel, masked recipient, status",
        params: OrderIdParamsSchema,
        response: { 200: dataEnvelope(OrderMessagesSchema), ...errors },
      },
    },
    async (request) => ({ data: await listOrderMessages(app.db, request.params.id) }),
  );

  app.post(
    '/orders/:id/messages/:messageId/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a failed message again (back to pending, due now); 409 for a message that has not failed',
        params: OrderMessageParamsSchema,
        response: { 200: dataEnvelope(OrderMessageSchema), ...errors },
      },
    },
    async (request) => {
      const message = await retryOrderMessage(
        app.db,
        request.params.id,
        request.params.messageId,
        auditContextOf(request),
      );
      // After the commit: the sender picks it up now, the request does not wait for it.
      app.messageSender.kick();
      return { data: message };
    },
  );
};
