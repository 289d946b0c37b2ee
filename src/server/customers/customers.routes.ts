import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import {
  CustomerCreateSchema,
  CustomerDeletedSchema,
  CustomerIdParamsSchema,
  CustomerLookupQuerySchema,
  CustomerMatchSchema,
  CustomerSchema,
  CustomersQuerySchema,
  CustomerUpdateSchema,
} from '#shared/contracts/customers.ts';
import { lookUpCustomers } from './customer-lookup.ts';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customers.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * `GET/POST /admin/customers`, `GET /admin/customers/lookup`, `GET/PUT/DELETE /admin/customers/{id}` (docs/product.md#admin-endpoints),
 * inside the admin scope. A customer's orders (`GET /admin/customers/{id}/orders`) are an orders
 * query: orders/admin-orders.routes.ts serves them.
 */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customers with orders count, total spent and last order: search, sort, pages',
        querystring: CustomersQuerySchema,
        response: { 200: paginatedEnvelope(CustomerSchema), 400: ErrorBodySchema },
      },
    },
    (request) => listCustomers(app.db, request.query),
  );

  app.post(
    '/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a customer (one per phone number)',
        body: CustomerCreateSchema,
        response: { 201: dataEnvelope(CustomerSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createCustomer(app.db, request.body, auditContextOf(request)) }),
  );

  app.get(
    '/customers/lookup',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customers and shopper accounts by phone (any typed form) or name, as staff type: at most 8',
        querystring: CustomerLookupQuerySchema,
        response: { 200: dataEnvelope(z.array(CustomerMatchSchema)), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await lookUpCustomers(app.db, request.query.q) }),
  );

  app.get(
    '/customers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One customer with their figures',
        params: CustomerIdParamsSchema,
        response: { 200: dataEnvelope(CustomerSchema), ...errors },
      },
    },
    async (request) => ({ data: await getCustomer(app.db, request.params.id) }),
  );

  app.put(
    '/customers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a customer's name, phone, email, address or notes",
        params: CustomerIdParamsSchema,
        body: CustomerUpdateSchema,
        response: { 200: dataEnvelope(CustomerSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateCustomer(app.db, request.params.id, request.body, auditContextOf(request)),
    }),
  );

  app.delete(
    '/customers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a customer; one with orders is anonymised instead (200), the orders kept',
        params: CustomerIdParamsSchema,
        response: { 200: dataEnvelope(CustomerDeletedSchema), 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await deleteCustomer(app.db, request.params.id, auditContextOf(request));
      if ('deleted' in outcome) return reply.status(204).send(null);
      return { data: { anonymised: true as const, message: outcome.message } };
    },
  );
};
