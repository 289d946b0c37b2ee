import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '#server/db/client.ts';
import { loadOrderProducts, type PricedLine, priceLines } from '#server/orders/orders.service.ts';
import { type RateLimiter, type RateLimitResult, refuseIfLimited } from '#server/plugins/rate-limiter.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import type { OrderLineInput } from '#shared/contracts/orders.ts';
import { AppliedPromoSchema, PROMO_MESSAGES, PromoValidateRequestSchema } from '#shared/contracts/promo-codes.ts';
import { checkPromo, findPromoCode, validateRefusal } from './promo-validation.ts';

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

type CartItem = {
  product_id?: string;
  variant_id?: string;
  sku?: string;
  selectedVariations?: Record<string, string>;
  quantity: number;
};

/**
 * The storefront's cart lines priced exactly as checkout prices them (loadOrderProducts +
 * priceLines), whatever price the client sent. A line named by `sku` is the variant with that SKU
 * (any case), else the product with it (its default variant); an unknown SKU is left out.
 */
export async function priceCartItems(db: Db, items: readonly CartItem[]): Promise<PricedLine[]> {
  const skus = [...new Set(items.flatMap((item) => (item.product_id || !item.sku ? [] : [item.sku.toLowerCase()])))];
  const bySku = new Map<string, { productId: string; variantId?: string }>();
  if (skus.length > 0) {
    const list = sql.join(
      skus.map((sku) => sql`${sku}`),
      sql`, `,
    );
    const [variants, named] = await Promise.all([
      db
        .select({ sku: productVariants.sku, productId: productVariants.productId, id: productVariants.id })
        .from(productVariants)
        .where(sql`lower(${productVariants.sku}) in (${list})`),
      db.select({ sku: products.sku, id: products.id }).from(products).where(sql`lower(${products.sku}) in (${list})`),
    ]);
    for (const row of named) bySku.set(row.sku.toLowerCase(), { productId: row.id });
    // A variant's own SKU names that variant (a product's default variant shares its SKU).
    for (const row of variants) bySku.set(row.sku.toLowerCase(), { productId: row.productId, variantId: row.id });
  }
  const lines: OrderLineInput[] = items.flatMap((item) => {
    if (item.product_id) {
      return [
        {
          product_id: item.product_id,
          variant_id: item.variant_id,
          selectedVariations: item.selectedVariations,
          quantity: item.quantity,
        },
      ];
    }
    const found = item.sku ? bySku.get(item.sku.toLowerCase()) : undefined;
    if (!found) return [];
    return [{ product_id: found.productId, variant_id: item.variant_id ?? found.variantId, quantity: item.quantity }];
  });
  const productsById = await loadOrderProducts(
    db,
    lines.map((line) => line.product_id),
  );
  return priceLines(lines, productsById);
}

/**
 * `POST /promo-codes/validate` (docs/product.md#applying-a-code): what a code takes off this
 * cart, or a 400 with the one message saying why not. Every call counts against the address's
 * promo limit (`limiter`, shared with the checkout's unknown codes: guessing codes is an attack).
 */
export const promoCodeRoutes: FastifyPluginAsyncZod<{ limiter: RateLimiter }> = async (app, { limiter }) => {
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
      const [lines, row] = await Promise.all([priceCartItems(app.db, items), findPromoCode(app.db, code)]);
      const check = await checkPromo(app.db, row, lines, { customerPhone });
      if (!check.ok) throw validateRefusal(check.message);
      return { data: check.applied };
    },
  );
};
