import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#server/db/client.ts';
import { type RateLimiter, type RateLimitResult, refuseIfLimited } from '#server/plugins/rate-limiter.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  AppliedPromoSchema,
  PROMO_MESSAGES,
  type PromoValidateRequest,
  PromoValidateRequestSchema,
} from '#shared/contracts/promo-codes.ts';
import { checkPromo, findPromoCodeForQuote, type PromoPricedLine, validateRefusal } from './promo-validation.ts';

/** The window of PROMO_RATE_LIMIT (config.ts): that many promo code attempts per IP per 10 minutes. */
export const PROMO_RATE_WINDOW_MS = 10 * 60 * 1000;

/** One key per client address, shared by validate and the checkout's unknown codes. */
export function promoLimitKey(ip: string): string {
  return `promo:${ip}`;
}

/**
 * Counts one promo code attempt. Fails open like the order limit: a limit store that is down
 * (Redis) must not stop a shopper's checkout.
 */
export function countPromoAttempt(limiter: RateLimiter, ip: string, log: FastifyBaseLogger): Promise<RateLimitResult> {
  return limiter.hit(promoLimitKey(ip)).catch((error: unknown): RateLimitResult => {
    log.warn({ err: error }, 'promo rate limit unavailable; attempt let through');
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/** Whether this address may try a code now, without counting an attempt (fails open too). */
export function peekPromoAttempts(limiter: RateLimiter, ip: string, log: FastifyBaseLogger): Promise<RateLimitResult> {
  return limiter.peek(promoLimitKey(ip)).catch((error: unknown): RateLimitResult => {
    log.warn({ err: error }, 'promo rate limit unavailable; attempt let through');
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

export interface PromoCodeRoutesOptions {
  /** Promo code attempts per address, shared with the checkout's unknown codes (app.ts). */
  limiter: RateLimiter;
  /**
   * Prices the cart exactly as checkout does (orders.service.ts `priceCartItems`, handed in by
   * app.ts: the orders domain uses this one, so this one does not import it back).
   */
  priceCart: (db: Db, items: PromoValidateRequest['cart_items']) => Promise<PromoPricedLine[]>;
}

/**
 * `POST /promo-codes/validate` (docs/product.md#applying-a-code): what a code takes off this
 * cart, or a 400 with the one message saying why not. Every call counts against the address's
 * promo limit (`limiter`, shared with the checkout's unknown codes: guessing codes is an attack).
 */
export const promoCodeRoutes: FastifyPluginAsyncZod<PromoCodeRoutesOptions> = async (app, { limiter, priceCart }) => {
  app.post(
    '/promo-codes/validate',
    {
      schema: {
        tags: ['promo-codes'],
        summary: 'What a promo code takes off a cart priced from the database, or why it is refused',
        body: PromoValidateRequestSchema,
        response: { 200: dataEnvelope(AppliedPromoSchema), 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      refuseIfLimited(await countPromoAttempt(limiter, request.ip, request.log), reply, PROMO_MESSAGES.tooManyAttempts);
      const { code, cart_items: items, customer_phone: customerPhone } = request.body;
      // Both reads at once (on PostgreSQL, two pooled connections).
      const [lines, row] = await Promise.all([priceCart(app.db, items), findPromoCodeForQuote(app.db, code)]);
      const check = await checkPromo(app.db, row, lines, { customerPhone });
      if (!check.ok) throw validateRefusal(check.message);
      return { data: check.applied };
    },
  );
};
