import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import { ResendRequestSchema, SentSchema } from '#shared/contracts/accounts.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { CustomerIdParamsSchema } from '#shared/contracts/customers.ts';
import { sendVerification } from './verification-delivery.ts';

/**
 * `POST /admin/customers/{id}/account/resend-verification` (docs/product.md#shopper-endpoints),
 * inside the admin scope: a new email link or phone code for the account linked to this customer
 * (users.customer_id).
 */
export const adminAccountVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:id/account/resend-verification',
    {
      schema: {
        tags: ['admin'],
        summary: "Send a new verification link or code to the customer's account",
        params: CustomerIdParamsSchema,
        body: ResendRequestSchema,
        response: { 202: dataEnvelope(SentSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const [account] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.customerId, request.params.id), eq(users.role, 'customer')))
        .limit(1);
      if (!account) throw notFound('Account');
      const sent = await sendVerification(app, account, request.body.type, auditContextOf(request));
      if (!sent) {
        const field = request.body.type === 'verify_email' ? 'email' : 'phone';
        throw badRequest(`This account has no ${field}`, [{ path: 'type', message: `This account has no ${field}` }]);
      }
      return reply.status(202).send({ data: { sent: true } });
    },
  );
};
