import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { CustomerAccountSchema } from '#shared/contracts/accounts.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { CustomerAccountStatusRequestSchema, CustomerIdParamsSchema } from '#shared/contracts/customers.ts';
import { setCustomerAccountStatus } from './customer-account.service.ts';

/**
 * `PUT /admin/customers/{id}/account` (docs/product.md#accounts-in-the-admin), inside the admin
 * scope: a customer's shopper account disabled (every session ends at once) or enabled again.
 */
export const customerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/customers/:id/account',
    {
      schema: {
        tags: ['admin'],
        summary: "Disable or enable a customer's shopper account (disabling signs it out everywhere)",
        params: CustomerIdParamsSchema,
        body: CustomerAccountStatusRequestSchema,
        response: { 200: dataEnvelope(CustomerAccountSchema), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({
      data: await setCustomerAccountStatus(app.db, request.params.id, request.body.is_active, auditContextOf(request)),
    }),
  );
};
