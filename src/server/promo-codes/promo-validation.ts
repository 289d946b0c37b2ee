import { and, count, eq, sql } from 'drizzle-orm';
import { categories } from '#server/categories/categories.table.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { orders } from '#server/orders/orders.table.ts';
import type { AppliedPromo } from '#shared/contracts/orders.ts';
import { type Cents, fromCents, sumCents } from '#shared/money.ts';
import { type DiscountType, PROMO_MESSAGES, type PromoAppliesTo } from '#shared/promo-codes.ts';
import { type PromoDiscountRule, promoDiscount, promoRefusal } from '#shared/promo-discount.ts';
import type { PromoCodeRow } from './promo-codes.mapper.ts';
import { promoCodes } from './promo-codes.table.ts';

/**
 * A shopper's promo code checked against a cart (docs/product.md#applying-a-code): one module
 * for `POST /promo-codes/validate`, `POST /orders/calculate` and placing an order, so all three
 * refuse with the same message and compute the same discount (#shared/promo-discount.ts) on
 * lines priced from the database. Placing an order checks again when it counts the use, inside
 * its transaction (cedar_place_order, place-order.sql): what is read here can change until then.
 */

export type { PromoCodeRow };

/**
 * What the discount needs of a priced cart line: order-pricing.ts `PricedLine` (lines priced
 * from the database, `sku` the variant's) has these; named here so this domain does not import orders.
 */
export interface PromoPricedLine {
  available: boolean;
  lineTotalCents: Cents;
  sku: string | null;
  productSku: string | null;
  categoryId: string | null;
}

/** Trimmed and upper-cased: codes are stored upper-case, so `summer10` finds `SUMMER10`. */
export function normalisePromoCode(text: string): string {
  return text.trim().toUpperCase();
}

export async function findPromoCode(db: Db, text: string): Promise<PromoCodeRow | undefined> {
  const code = normalisePromoCode(text);
  if (code === '') return undefined;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row;
}

/**
 * How long a code read from the database may be reused (docs/product.md#applying-a-code):
 * validate and calculate are advisory and run on every keystroke of the checkout, and placing an
 * order is PGlite's busiest write; each reads a code at most once per this window per process.
 * Placing an order cannot be fooled by it: cedar_place_order counts the use against the stored
 * row (active, dates, max_uses) and refuses the order if the rule it was priced with is no longer
 * the stored one (`PROMO_CHANGED`); a refusal the cached row would give is checked on a fresh read.
 */
export const PROMO_READ_CACHE_MS = 2000;
const PROMO_READ_CACHE_MAX = 1000;

/**
 * Values kept PROMO_READ_CACHE_MS per database (tests run several apps in one process), at most
 * PROMO_READ_CACHE_MAX keys (then it starts again empty: codes are few, a flood of keys is not).
 */
function shortLivedCache<V>() {
  const byDb = new WeakMap<Db, Map<string, { value: V; until: number }>>();
  const mapOf = (db: Db) => {
    let map = byDb.get(db);
    if (!map) {
      map = new Map();
      byDb.set(db, map);
    }
    return map;
  };
  return {
    get(db: Db, key: string, now: number): V | undefined {
      const hit = byDb.get(db)?.get(key);
      return hit && hit.until > now ? hit.value : undefined;
    },
    set(db: Db, key: string, value: V, now: number): void {
      const map = mapOf(db);
      if (map.size >= PROMO_READ_CACHE_MAX) map.clear();
      map.set(key, { value, until: now + PROMO_READ_CACHE_MS });
    },
    delete(db: Db, key: string): void {
      byDb.get(db)?.delete(key);
    },
  };
}

const codeCache = shortLivedCache<PromoCodeRow>();

/**
 * findPromoCode through the short read cache above. Only codes that exist are kept, so a code
 * created a moment ago is found at once; unknown codes are rate limited instead.
 */
export async function findPromoCodeForQuote(db: Db, text: string, now = Date.now()): Promise<PromoCodeRow | undefined> {
  return codeCache.get(db, normalisePromoCode(text), now) ?? findPromoCodeFresh(db, text, now);
}

/** findPromoCode, keeping what it read in the read cache (or dropping a code that is gone). */
export async function findPromoCodeFresh(db: Db, text: string, now = Date.now()): Promise<PromoCodeRow | undefined> {
  const code = normalisePromoCode(text);
  const row = await findPromoCode(db, code);
  if (row) codeCache.set(db, code, row, now);
  else codeCache.delete(db, code);
  return row;
}

/**
 * The rule an order was priced with, as cedar_place_order compares it with the stored row (its
 * `head.promo_rule`, place-order.sql): the same keys, amounts as numbers (jsonb compares them as numerics).
 */
export function promoRuleOf(row: PromoCodeRow): Record<string, unknown> {
  return { code: row.code, ...storedRuleOf(row) };
}

/** A stored code's discount rule as written: its own category ids, amounts in dollars. */
function storedRuleOf(row: PromoCodeRow): PromoDiscountRule {
  return {
    discount_type: row.discountType as DiscountType,
    discount_value: row.discountValue,
    applies_to: row.appliesTo as PromoAppliesTo,
    product_skus: row.productSkus,
    category_ids: row.categoryIds,
    minimum_order_amount: row.minimumOrderAmount,
    maximum_discount_amount: row.maximumDiscountAmount,
  };
}

/**
 * Uses of a code by one customer (their normalised phone): orders placed with it whose use still
 * counts (not cancelled). cedar_place_order counts the same way, under the code's row lock.
 */
export async function customerUses(db: Db, promoCodeId: string, phone: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.promoCodeId, promoCodeId), eq(orders.customerPhone, phone), eq(orders.promoUseCounted, true)));
  return row?.n ?? 0;
}

const treeCache = shortLivedCache<Promise<string[]>>();

/**
 * A code's categories and every category below them: a code for "Sensors" covers its
 * subcategories' products too. Only read for `product` codes that name categories, and kept for
 * PROMO_READ_CACHE_MS (placing an order too: a category moved a moment ago is not worth a read
 * per order; cedar_place_order compares the code's own category_ids, not the tree below them).
 */
function withSubcategories(db: Db, ids: readonly string[], now = Date.now()): Promise<string[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const key = [...ids].sort().join(',');
  const hit = treeCache.get(db, key, now);
  if (hit) return hit;
  const read = readSubcategories(db, ids);
  treeCache.set(db, key, read, now);
  read.catch(() => treeCache.delete(db, key));
  return read;
}

async function readSubcategories(db: Db, ids: readonly string[]): Promise<string[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with recursive tree(id) as (
      select c.id from ${categories} c where c.id in (${list})
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id
    )
    select id from tree`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** Rules of the rows the read cache holds (a fresh row is a new object, so it is read again). */
const rules = new WeakMap<PromoCodeRow, Promise<PromoDiscountRule>>();

/** The discount rule of a stored code (amounts in dollars), its categories widened to their subcategories. */
function ruleOf(db: Db, row: PromoCodeRow): Promise<PromoDiscountRule> {
  let rule = rules.get(row);
  if (!rule) {
    rule = readRule(db, row);
    rules.set(row, rule);
    rule.catch(() => rules.delete(row));
  }
  return rule;
}

async function readRule(db: Db, row: PromoCodeRow): Promise<PromoDiscountRule> {
  const rule = storedRuleOf(row);
  return { ...rule, category_ids: row.appliesTo === 'product' ? await withSubcategories(db, rule.category_ids) : [] };
}

/**
 * Why `row` cannot be used on `today` (the shop's date, `shopToday` in its time zone), before the
 * cart is looked at (null: it can).
 */
export function refusalOf(row: PromoCodeRow, today: string, customerUseCount?: number): string | null {
  return promoRefusal(
    {
      is_active: row.isActive,
      start_date: row.startDate,
      end_date: row.endDate,
      max_uses: row.maxUses,
      current_uses: row.currentUses,
      max_uses_per_customer: row.maxUsesPerCustomer,
    },
    { today, customerUses: customerUseCount },
  );
}

export type PromoCheck =
  | { ok: true; row: PromoCodeRow; discountCents: Cents; applied: AppliedPromo }
  | { ok: false; message: string; unknown: boolean };

/** The code's discount on the AVAILABLE lines of a priced cart (the minimum compares their subtotal). */
export async function discountFor(db: Db, row: PromoCodeRow, lines: readonly PromoPricedLine[]): Promise<PromoCheck> {
  const available = lines.filter((line) => line.available);
  const result = promoDiscount(
    await ruleOf(db, row),
    available.map((line) => ({
      productSku: line.productSku,
      variantSku: line.sku,
      categoryId: line.categoryId,
      lineTotalCents: line.lineTotalCents,
    })),
    sumCents(available.map((line) => line.lineTotalCents)),
  );
  if (!result.ok) return { ok: false, message: result.message, unknown: false };
  return {
    ok: true,
    row,
    discountCents: result.discountCents,
    applied: {
      code: row.code,
      discount_type: row.discountType as DiscountType,
      discount_value: row.discountValue,
      discount_amount: fromCents(result.discountCents),
      applies_to: row.appliesTo as PromoAppliesTo,
    },
  };
}

/**
 * The whole check of a code read with findPromoCode (undefined: no such code): known, usable
 * today, (with a phone) not used up by this customer, and its discount on these lines. `unknown`
 * tells the caller to count the attempt against the per-IP limit (guessing codes is an attack,
 * docs/product.md#rate-limits).
 */
export async function checkPromo(
  db: Db,
  row: PromoCodeRow | undefined,
  lines: readonly PromoPricedLine[],
  options: { customerPhone?: string; today: string },
): Promise<PromoCheck> {
  if (!row) return { ok: false, message: PROMO_MESSAGES.unknown, unknown: true };
  const uses =
    options.customerPhone && row.maxUsesPerCustomer > 0
      ? await customerUses(db, row.id, options.customerPhone)
      : undefined;
  const refusal = refusalOf(row, options.today, uses);
  if (refusal) return { ok: false, message: refusal, unknown: false };
  return discountFor(db, row, lines);
}

/** A refused code on an order: a 400 naming the `promo_code` field (the order can go without it). */
export class PromoRefusedError extends AppError {
  constructor(
    message: string,
    /** The code does not exist: the route counts the attempt (docs/product.md#rate-limits). */
    readonly unknown = false,
    path = 'promo_code',
  ) {
    super(400, 'VALIDATION_ERROR', message, [{ path, message }]);
  }
}

/** validate's refusal: the one message, on the `code` field. */
export function validateRefusal(message: string): AppError {
  return badRequest(message, [{ path: 'code', message }]);
}

/**
 * What cedar_place_order raises when the code's stored rule is not the one the order was priced
 * with (a cached read, place-order.sql): nothing was written; read the code afresh and price again.
 */
export const PROMO_CHANGED = 'cedar:promo-changed';

/**
 * What cedar_place_order raises when counting the use fails (place-order.sql), and the message
 * each one means. The order is rolled back whole; the shopper may place it without the code.
 */
export const PROMO_GUARD_MESSAGES: Readonly<Record<string, string>> = {
  'cedar:promo-unknown': PROMO_MESSAGES.unknown,
  'cedar:promo-inactive': PROMO_MESSAGES.inactive,
  'cedar:promo-not-started': PROMO_MESSAGES.notStarted,
  'cedar:promo-expired': PROMO_MESSAGES.expired,
  'cedar:promo-used-up': PROMO_MESSAGES.usedUp,
  'cedar:promo-used-by-customer': PROMO_MESSAGES.usedByCustomer,
};

/** Drops a code from the read cache: an order found it changed or refused, so the next read is fresh. */
export function forgetPromoCode(db: Db, text: string): void {
  codeCache.delete(db, normalisePromoCode(text));
}
