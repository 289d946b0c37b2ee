import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireShopper } from '#server/auth/authenticate.ts';
import { AccountAddressInputSchema, AccountAddressSchema, AccountIdParamsSchema } from '#shared/contracts/accounts.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The signed-in shopper's address book (docs/product.md#account-area). Another account's address
 * answers 404, as an unknown one does.
 */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const shopper = { onRequest: requireShopper(app) };

  app.get(
    '/account/addresses',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: "The shopper's saved addresses, the default first",
        response: { 200: dataEnvelope(z.array(AccountAddressSchema)), ...errors },
      },
    },
    async (request) => ({ data: await listAddresses(app.db, currentUser(request).id) }),
  );

  app.post(
    '/account/addresses',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Save an address (the first one is the default; at most 20)',
        body: AccountAddressInputSchema,
        response: { 201: dataEnvelope(AccountAddressSchema), 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const address = await createAddress(app.db, currentUser(request).id, request.body);
      return reply.status(201).send({ data: address });
    },
  );

  app.put(
    '/account/addresses/:id',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Replace a saved address; is_default true makes it the default',
        params: AccountIdParamsSchema,
        body: AccountAddressInputSchema,
        response: { 200: dataEnvelope(AccountAddressSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateAddress(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/account/addresses/:id',
    {
      ...shopper,
      schema: {
        tags: ['account'],
        summary: 'Delete a saved address (deleting the default promotes the newest remaining one)',
        params: AccountIdParamsSchema,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAddress(app.db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
