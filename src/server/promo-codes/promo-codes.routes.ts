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
  shopToday,
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

/** A promo attempt of calculate or checkout, counted before its code is looked up. */
export interface PromoAttempt extends RateLimitResult {
  /** The code was known (or never looked up): only unknown codes cost an attempt there. */
  giveBack(): Promise<void>;
}

/**
 * Counts an attempt for `code` before it is looked up (decision 017: a burst of guesses cannot
 * all be looked up before any is counted); no code, no attempt. Refused: no code may be looked
 * up. Fails open like the rest, and gives back only what it counted.
 */
export async function startPromoAttempt(
  limiter: RateLimiter,
  code: string | undefined,
  ip: string,
  log: FastifyBaseLogger,
): Promise<PromoAttempt> {
  const nothing = async () => {};
  if (code === undefined) return { allowed: true, retryAfterSeconds: 0, giveBack: nothing };
  let counted = false;
  const result = await limiter.hit(promoLimitKey(ip)).then(
    (hit) => {
      counted = hit.allowed;
      return hit;
    },
    (error: unknown): RateLimitResult => {
      log.warn({ err: error }, 'promo rate limit unavailable; attempt let through');
      return { allowed: true, retryAfterSeconds: 0 };
    },
  );
  return {
    ...result,
    giveBack: counted
      ? () =>
          limiter.reward(promoLimitKey(ip)).catch((error: unknown) => {
            log.warn({ err: error }, 'promo rate limit unavailable; attempt not given back');
          })
      : nothing,
  };
}

export interface PromoCodeRoutesOptions {
  /** Promo code attempts per address, shared with the checkout's unknown codes (app.ts). */
  limiter: RateLimiter;
  /**
   * Prices the cart exactly as checkout does (order-pricing.ts `priceCartItems`, handed in by
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
      const check = await checkPromo(app.db, row, lines, {
        customerPhone,
        today: shopToday(new Date(), app.settings.values.site.time_zone),
      });
      if (!check.ok) throw validateRefusal(check.message);
      return { data: check.applied };
    },
  );
};
