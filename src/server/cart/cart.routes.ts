import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireShopper } from '#server/auth/authenticate.ts';
import { AddCartItemRequestSchema, RemoteCartRowSchema, UpdateCartItemRequestSchema } from '#shared/contracts/cart.ts';
import { dataEnvelope, ErrorBodySchema, IdSchema } from '#shared/contracts/common.ts';
import { addCartItem, listCart, removeCartItem, setCartItemQuantity } from './cart.service.ts';

const RowEnvelope = dataEnvelope(RemoteCartRowSchema);
const ListEnvelope = dataEnvelope(z.array(RemoteCartRowSchema));
const NoContent = z.null().describe('No content');
const Params = z.object({ id: IdSchema });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The signed-in shopper's server cart (docs/product.md#cart-sync): only shopper sessions (401
 * without one, 403 for staff), and only the shopper's own lines (404 otherwise).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireShopper(app));

  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The shopper's server cart (lines of products no longer sold are left out)",
        response: { 200: ListEnvelope, ...errors },
      },
    },
    async (request) => ({ data: await listCart(app.db, currentUser(request).id) }),
  );

  app.post(
    '/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add to the matching line (same product and choices) or start one',
        body: AddCartItemRequestSchema,
        response: { 201: RowEnvelope, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await addCartItem(app.db, currentUser(request).id, request.body) }),
  );

  app.put(
    '/cart/items/:id',
    {
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity; 0 removes the line (204)",
        params: Params,
        body: UpdateCartItemRequestSchema,
        response: { 200: RowEnvelope, 204: NoContent, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await setCartItemQuantity(app.db, currentUser(request).id, request.params.id, request.body.quantity);
      return row ? { data: row } : reply.status(204).send(null);
    },
  );

  app.delete(
    '/cart/items/:id',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        params: Params,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await removeCartItem(app.db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
