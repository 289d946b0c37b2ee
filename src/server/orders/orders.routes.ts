import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound, unauthorized } from '#server/errors.ts';
import {
  RateLimitedError,
  type RateLimiter,
  type RateLimitOptions,
  type RateLimitResult,
  refuseIfLimited,
} from '#server/plugins/rate-limiter.ts';
import { trustedJsonSerializer } from '#server/plugins/trusted-serializer.ts';
import { startPromoAttempt } from '#server/promo-codes/promo-codes.routes.ts';
import { PromoRefusedError } from '#server/promo-codes/promo-validation.ts';
import { ShopperOrderSchema } from '#shared/contracts/accounts.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  CalculateOrderRequestSchema,
  CreateOrderHeadersSchema,
  CreateOrderRequestSchema,
  GUEST_CHECKOUT_OFF_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  OrderCalculationSchema,
  OrderSchema,
} from '#shared/contracts/orders.ts';
import { safeText } from '#shared/contracts/text.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { announceNewOrder, newOrderMessages } from './announce-new-order.ts';
import { calculateOrder, paymentMethodErrors } from './order-pricing.ts';
import { findOrderWithToken } from './order-queries.ts';
import { placeOrder } from './place-order.ts';
import { checkoutShopper, readShopperOrder } from './shopper-orders.routes.ts';
import { linkOrderToShopper } from './shopper-orders.service.ts';

/** The window of ORDER_RATE_LIMIT (config.ts): that many checkout orders per IP per 10 minutes. */
export const ORDER_RATE_WINDOW_MS = 10 * 60 * 1000;
export const ORDER_RATE_LIMITED_MESSAGE = 'Too many orders. Please try again later.';

export const orderRoutes: FastifyPluginAsyncZod<{ rateLimit: RateLimitOptions; promoLimiter: RateLimiter }> = async (
  app,
  options,
) => {
  // A guest checkout costs nothing to send: per-IP, like the contact form (shared through Redis
  // when REDIS_URL is set, plugins/rate-limiter.ts). Staff orders (POST /admin/orders) are not counted.
  const limiter = app.rateLimiter('orders', options.rateLimit);

  app.post(
    '/orders/calculate',
    {
      schema: {
        tags: ['orders'],
        summary: 'Price a cart from the database: lines in request order, unavailable lines flagged, totals',
        body: CalculateOrderRequestSchema,
        response: { 200: dataEnvelope(OrderCalculationSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => {
      // An unknown code costs a promo attempt here as on validate, and once the address has none
      // left no code is looked up: calculate is no free oracle for guessing codes (docs/product.md#rate-limits).
      const promo = await startPromoAttempt(options.promoLimiter, request.body.promo_code, request.ip, request.log);
      const { calculation, unknownPromo } = await calculateOrder(app.db, request.body, app.settings.values, {
        promoBlocked: !promo.allowed,
      });
      if (!unknownPromo) await promo.giveBack();
      return { data: calculation };
    },
  );

  app.post(
    '/orders',
    {
      // The Order is built by typed code (place-order.ts) and the route is the checkout's hot
      // path: skip re-validating the answer at runtime (the schema still documents it).
      ...trustedJsonSerializer,
      schema: {
        tags: ['orders'],
        summary:
          'Place an order (an enabled payment method, the delivery zone in shipping_address.governorate); a repeated Idempotency-Key returns the same order',
        body: CreateOrderRequestSchema,
        headers: CreateOrderHeadersSchema,
        response: {
          200: dataEnvelope(OrderSchema),
          201: dataEnvelope(OrderSchema),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Fails open: a rate-limit store that is down (Redis) must not stop the shop from selling.
      const limit = await limiter.hit(`orders:${request.ip}`).catch((error: unknown): RateLimitResult => {
        request.log.warn({ err: error }, 'order rate limit unavailable; order let through');
        return { allowed: true, retryAfterSeconds: 0 };
      });
      refuseIfLimited(limit, reply, ORDER_RATE_LIMITED_MESSAGE);
      // Signed in (docs/product.md#signed-in-checkout): the order joins the account after placement.
      // A guest sends no bearer token and this costs nothing.
      const shopperId = await checkoutShopper(app, request);
      // The shop's settings, from memory (settings-store.ts): no query per order.
      const settings = app.settings.values;
      if (!shopperId && !settings.system.guest_checkout) throw unauthorized(GUEST_CHECKOUT_OFF_MESSAGE);
      const paymentRefused = paymentMethodErrors(settings, request.body.payment_method);
      if (paymentRefused.length > 0) throw badRequest(paymentRefused[0]?.message ?? '', paymentRefused);
      const promo = await startPromoAttempt(options.promoLimiter, request.body.promo_code, request.ip, request.log);
      if (!promo.allowed) {
        throw new RateLimitedError(PROMO_MESSAGES.tooManyAttempts, promo.retryAfterSeconds, [
          { path: 'promo_code', message: PROMO_MESSAGES.tooManyAttempts },
        ]);
      }
      const messages = newOrderMessages(app, request);
      const { order, replayed } = await placeOrder(
        app.db,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
        app.catalogue.current,
        { settings, messagesFor: messages.messagesFor },
      ).catch(async (error: unknown) => {
        // Only an unknown code keeps its attempt (docs/product.md#rate-limits).
        if (!(error instanceof PromoRefusedError && error.unknown)) await promo.giveBack();
        throw error;
      });
      await promo.giveBack();
      if (shopperId) await linkOrderToShopper(app.db, shopperId, order.id);
      if (replayed) {
        // The order exists already: 200 (not 201) with the same body, and nothing is mailed twice.
        return reply.status(200).header('idempotent-replayed', 'true').send({ data: order });
      }
      messages.remember(order);
      announceNewOrder(app, order);
      return reply.status(201).send({ data: order });
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary:
          "One order: with ?token= (the confirmation page's access token), or without it for the signed-in shopper's own order",
        // Loose on purpose: a malformed id or a missing token answers the same 404 as a wrong one.
        params: z.object({ id: safeText().max(100) }),
        querystring: z.object({ token: safeText().max(200).optional() }),
        response: {
          200: dataEnvelope(z.union([OrderSchema, ShopperOrderSchema])),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      // No token but a bearer: the account's order history (shopper-orders.routes.ts).
      if (request.query.token === undefined && request.headers.authorization) {
        return { data: await readShopperOrder(app, request, request.params.id) };
      }
      const order = await findOrderWithToken(app.db, request.params.id, request.query.token);
      if (!order) throw notFound('Order');
      return { data: order };
    },
  );
};
