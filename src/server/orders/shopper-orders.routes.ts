import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, currentUser, requireShopper } from '#server/auth/authenticate.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { type ShopperOrder, ShopperOrderSummarySchema, ShopperOrdersQuerySchema } from '#shared/contracts/accounts.ts';
import { AUTH_MESSAGES } from '#shared/contracts/auth.ts';
import { ErrorBodySchema, IdSchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import { findShopperOrder, listShopperOrders } from './shopper-orders.service.ts';

/**
 * The signed-in shopper's order history (docs/product.md#account-area). GET /orders/{id} stays in
 * orders.routes.ts, where the confirmation page's `?token=` read lives too: with a token it is
 * that read, without one it is `readShopperOrder` below.
 */
export const shopperOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      onRequest: requireShopper(app),
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first (placed signed in, or with a verified phone or email)",
        querystring: ShopperOrdersQuerySchema,
        response: {
          200: paginatedEnvelope(ShopperOrderSummarySchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => listShopperOrders(app.db, currentUser(request).id, request.query),
  );
};

/** GET /orders/{id} without a token: the shopper's own order; 401/403 as requireShopper, 404 when not theirs. */
export async function readShopperOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<ShopperOrder> {
  const user = await authenticate(app, request, 'shopper');
  if (user.role !== 'customer') throw forbidden(AUTH_MESSAGES.forbidden);
  const order = IdSchema.safeParse(id).success ? await findShopperOrder(app.db, user.id, id) : null;
  if (!order) throw notFound('Order');
  return order;
}

/**
 * The shopper placing an order (docs/product.md#signed-in-checkout): no bearer token is a guest, and
 * costs nothing. An expired shopper token answers 401 TOKEN_EXPIRED so the client refreshes and
 * sends the same order again (same Idempotency-Key); any other token that is not a live shopper
 * session (revoked, signed out, a staff token) places the order as a guest rather than refusing it.
 */
export async function checkoutShopper(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    const user = await authenticate(app, request, 'shopper');
    return user.role === 'customer' ? user.id : undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOKEN_EXPIRED') throw error;
    return undefined;
  }
}
