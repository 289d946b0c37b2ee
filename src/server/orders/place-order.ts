import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import { toShippingAddress } from '#server/db/address-column.ts';
import type { Db } from '#server/db/client.ts';
import { errorChain } from '#server/db/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError, badRequest, outOfStock } from '#server/errors.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import {
  discountFor,
  findPromoCodeForQuote,
  findPromoCodeFresh,
  forgetPromoCode,
  PROMO_CHANGED,
  PROMO_GUARD_MESSAGES,
  type PromoCodeRow,
  PromoRefusedError,
  promoRuleOf,
  refusalOf,
} from '#server/promo-codes/promo-validation.ts';
import type { CreateOrderRequest, Order, OrderStatus, PaymentStatus } from '#shared/contracts/orders.ts';
import type { SettingsValues } from '#shared/contracts/settings.ts';
import { PROMO_MESSAGES } from '#shared/promo-codes.ts';
import { type Idempotency, idempotencyOf, placeOnce } from './order-idempotency.ts';
import {
  confirmPromoRefusal,
  INVALID_LINES_MESSAGE,
  invalidLineErrors,
  loadOrderProducts,
  type OrderProduct,
  orderProductsFromCatalogue,
  type PricedLine,
  type PricingSettings,
  priceLines,
  pricingToday,
  type StockClaim,
  stockClaims,
  stockErrors,
  type TakenVariantRow,
  totalsOf,
  wantedStock,
  withTakenStock,
} from './order-pricing.ts';
import { ORDER_ID_SLOT, ORDER_NUMBER_SLOT, type PlacedOrderMessage } from './placed-order-message.ts';

/**
 * `POST /orders` (docs/engineering.md#data-rules): stock is taken by one conditional UPDATE inside one
 * short transaction, so no order can oversell on PGlite or PostgreSQL; prices are those of the
 * rows that UPDATE locked. Mail is the caller's job, after commit.
 *
 * The database side is `cedar_place_order`, defined in src/server/db/sql/place-order.sql (decision 011): the
 * placement rules (active, price, stock, max_per_order, lock order) are written there and in
 * `takeStock` below, and explained line by line by order-pricing.ts `priceLines`. Change one,
 * change all three; tests/api/order-placement-paths.test.ts checks each rule on both paths.
 *
 * A promo code (docs/product.md#counting-uses) is read (through the short read cache of
 * promo-validation.ts) and checked before either path, its discount computed from the lines as
 * priced, and its use counted by cedar_place_order on both paths (a conditional UPDATE of the
 * code's row, after the stock): a refusal there rolls the whole order back and answers the 400
 * `PromoRefusedError` on `promo_code`. A cached code is never trusted alone: if the stored rule
 * differs from the one the order was priced with, cedar_place_order writes nothing
 * (`PROMO_CHANGED`), and a refusal the cached row would give is not answered either
 * (`PromoRecheck`); both make placeOrder read the code afresh and place the order again.
 */

export interface PlaceOrderResult {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key made this order. */
  replayed: boolean;
}

/** Who placed the order and from where; cedar_place_order (place-order.sql) reads both from `head`. */
export interface PlaceOrderOptions {
  /**
   * The shop's delivery zones, tax and payment methods (`app.settings.values`, read from memory:
   * no query per order). The order's zone is `shipping_address.governorate`; without one, no
   * delivery cost. The tax's name and rate and the method's name and instructions are kept on
   * the order as they are now (docs/product.md#order-fields).
   */
  settings: PricingSettings & Pick<SettingsValues, 'payment'>;
  /** 'checkout' (the storefront, the default) or 'admin' (a phone or counter sale). */
  source?: 'checkout' | 'admin';
  /** The admin who entered it; recorded on the order and its first history entry. */
  createdBy?: string;
  /**
   * Who entered it and from where: an order an admin enters is audited ('order.create'), the
   * row written by cedar_place_order in the order's own transaction (head.audit).
   */
  audit?: AuditContext;
  /**
   * The order's messages (the receipt, the shop's new-order mail, the order-placed text: built by
   * placed-order-messages.ts from the order as it will be), queued by cedar_place_order in the
   * order's own transaction. The order has no id or number yet: ORDER_ID_SLOT and
   * ORDER_NUMBER_SLOT stand in for them and the function writes the real ones.
   */
  messagesFor?: (order: Order) => readonly PlacedOrderMessage[];
}

export async function placeOrder(
  db: Db,
  request: CreateOrderRequest,
  idempotencyKey: string | undefined,
  catalogue: CatalogueIndex | undefined,
  options: PlaceOrderOptions,
): Promise<PlaceOrderResult> {
  const idempotency = idempotencyOf(request, idempotencyKey);
  const place = async (promo: UsableCode | undefined) => {
    // The usual case costs one statement; anything unusual (a price or stock the in-memory
    // catalogue has not caught up with, a problem to explain) takes the careful transaction.
    const quick = catalogue ? await placeInOneStatement(db, catalogue, request, idempotency, options, promo) : null;
    return quick ?? (await inTransaction(db, (tx) => insertOrder(tx, request, idempotency, options, promo)));
  };
  return placeOnce(db, idempotency, async () => {
    const code = request.promo_code;
    if (!code) return place(undefined);
    // The shop's date, read once: the cached and the fresh read judge the code on the same day.
    const today = pricingToday(options.settings);
    let promo = await usablePromoCode(db, code, false, today);
    for (let attempt = 1; ; attempt++) {
      try {
        return await place(promo);
      } catch (error) {
        // The stored row refused what the cached one allowed: the next validate reads it again too.
        // (Any other refusal came from a fresh read, which refreshed the cache.)
        if (error instanceof PromoGuardRefusal) forgetPromoCode(db, code);
        if (!(error instanceof PromoRecheck)) throw error;
        // Only a code edited again between each fresh read and its order gets here twice.
        if (attempt >= PROMO_ATTEMPTS) throw new AppError(409, 'CONFLICT', PROMO_CHANGED_MESSAGE);
        promo = await usablePromoCode(db, code, true, today);
      }
    }
  });
}

/** A code as placeOrder read it: `fresh` when read from the database for this attempt, not the cache. */
interface UsableCode {
  row: PromoCodeRow;
  fresh: boolean;
}

/** Tries of one order whose code changes under it (the first may use the cache, the others read afresh). */
const PROMO_ATTEMPTS = 3;
export const PROMO_CHANGED_MESSAGE = 'This promo code has just been changed: please review your order and try again';

/**
 * "The code as cached may be stale: read it afresh and place the order again." Thrown (never
 * answered) when cedar_place_order finds another rule stored (`PROMO_CHANGED`), or when a code
 * read from the cache would refuse the cart (its minimum, its products): refusals are given on
 * fresh reads only.
 */
class PromoRecheck extends Error {}

/** A refusal cedar_place_order gave from the stored row (used up, switched off…). */
class PromoGuardRefusal extends PromoRefusedError {}

/**
 * The code the order names, if it can be used today (a refusal is the 400 on `promo_code`), read
 * through the short read cache unless `fresh`. A refusal is only given from a fresh read (a cached
 * code may have been switched on again, or a use given back, since). Not the customer's own limit:
 * cedar_place_order counts their uses under the code's row lock.
 */
async function usablePromoCode(db: Db, text: string, fresh: boolean, today: string): Promise<UsableCode> {
  // Only codes that exist are cached: a miss was read afresh already.
  const row = fresh ? await findPromoCodeFresh(db, text) : await findPromoCodeForQuote(db, text);
  if (!row) throw new PromoRefusedError(PROMO_MESSAGES.unknown, true);
  const refusal = refusalOf(row, today);
  if (refusal && !fresh) return usablePromoCode(db, text, true, today);
  if (refusal) throw new PromoRefusedError(refusal);
  return { row, fresh };
}

/** The order's promo code and what it takes off these lines. */
interface AppliedCode {
  row: PromoCodeRow;
  discountCents: number;
}

/**
 * What cedar_place_order raised about the code (place-order.sql), if that is what `error` is: a
 * refusal (a key of PROMO_GUARD_MESSAGES) or PROMO_CHANGED.
 */
function promoGuardOf(error: unknown): string | undefined {
  for (const { message } of errorChain(error)) {
    const match = message && /cedar:promo-[a-z-]+/.exec(message);
    if (match) return match[0];
  }
  return undefined;
}

/** What cedar_place_order raises when it could not take the stock of every line (place-order.sql: RAISE). */
const STOCK_GUARD_MESSAGE = 'cedar:order-stock-guard';

function isStockGuardFailure(error: unknown): boolean {
  for (const { message } of errorChain(error)) if (message?.includes(STOCK_GUARD_MESSAGE)) return true;
  return false;
}

/**
 * Prices the lines from the in-memory catalogue, then takes the stock and writes the order in ONE
 * statement whose UPDATE only touches rows still active, at that price, with that much stock;
 * unless every product was taken, cedar_place_order raises and the statement leaves no trace.
 * Null means "use the careful path" (never an error the shopper sees).
 */
async function placeInOneStatement(
  db: Db,
  catalogue: CatalogueIndex,
  request: CreateOrderRequest,
  idempotency: Idempotency | undefined,
  options: PlaceOrderOptions,
  promo: UsableCode | undefined,
): Promise<Order | null> {
  const byId = orderProductsFromCatalogue(
    catalogue,
    request.items.map((line) => line.product_id),
  );
  if (!byId) return null;
  const lines = priceLines(request.items, byId);
  if (lines.some((line) => !line.available)) return null;
  let applied: AppliedCode | undefined;
  if (promo) {
    const check = await discountFor(db, promo.row, lines);
    if (!check.ok) {
      // A cached code may have a stale rule: read it afresh before anything else.
      if (!promo.fresh) throw new PromoRecheck();
      // The catalogue may lag the database: the refusal is answered only if the database's
      // prices say the same; otherwise the careful path decides.
      const refusal = await confirmPromoRefusal(db, promo.row, request.items);
      if (refusal) throw new PromoRefusedError(refusal);
      return null;
    }
    applied = { row: promo.row, discountCents: check.discountCents };
  }

  const stock = stockClaims(lines);
  try {
    return await insertOrderRows(db, request, lines, idempotency, options, stock, applied);
  } catch (error) {
    if (isStockGuardFailure(error)) return null;
    throw error;
  }
}

async function insertOrder(
  tx: Db,
  request: CreateOrderRequest,
  idempotency: Idempotency | undefined,
  options: PlaceOrderOptions,
  promo: UsableCode | undefined,
): Promise<Order> {
  // Which variant each line buys, from the rows as they are (resolveVariant); the UPDATE below
  // is what decides whether they are still active, priced and in stock.
  const fresh = await loadOrderProducts(
    tx,
    request.items.map((line) => line.product_id),
  );
  const wanted = wantedStock(request.items, fresh);
  const taken = await takeStock(tx, wanted.variants, wanted.products, fresh);

  // Price from the rows taken (stock as it was before this order took its share). The lines the
  // UPDATE refused are explained from their products read again now (on PostgreSQL the first
  // read may predate a concurrent order that took the last units). Throwing rolls back what was taken.
  const takenIds = new Set(taken.map((row) => row.id));
  const refused = request.items
    .map((line) => line.product_id)
    .filter((id) =>
      fresh.get(id)?.variants.some((variant) => wanted.variants.has(variant.id) && !takenIds.has(variant.id)),
    );
  const reread = refused.length > 0 ? await loadOrderProducts(tx, refused) : new Map<string, OrderProduct>();
  const byId = withTakenStock(new Map([...fresh, ...reread]), taken, wanted.variants);
  const lines = priceLines(request.items, byId);
  const invalid = invalidLineErrors(lines);
  if (invalid.length > 0) throw badRequest(INVALID_LINES_MESSAGE, invalid);
  const short = stockErrors(lines);
  if (short.length > 0) throw outOfStock(short);
  if (taken.length < wanted.variants.size) {
    // Only on PostgreSQL's read committed: the row changed again between the UPDATE and the read.
    throw outOfStock([{ path: 'items', message: 'Some items are out of stock' }]);
  }
  let applied: AppliedCode | undefined;
  if (promo) {
    const check = await discountFor(tx, promo.row, lines);
    // Thrown, either rolls back the stock taken above.
    if (!check.ok) throw promo.fresh ? new PromoRefusedError(check.message) : new PromoRecheck();
    applied = { row: promo.row, discountCents: check.discountCents };
  }
  return insertOrderRows(tx, request, lines, idempotency, options, [], applied);
}

/**
 * The careful path's half of the placement rules (the other half is cedar_place_order's guard in
 * place-order.sql; keep them in step): one conditional UPDATE per variant, all in one statement
 * (one round trip). A variant that lacks the stock, whose product's lines exceed its
 * max_per_order, or which (or whose product) is inactive or unknown, is simply not updated;
 * unlike the guard it takes any price, since this path prices from the rows it took. The rows
 * are locked first in variant-id order (the `locked` CTE: LockRows above the sort), never in the
 * cart's order, and the roll-up trigger then locks the products in id order: two carts holding
 * the same variants in a different order cannot deadlock on PostgreSQL
 * (docs/engineering.md#data-rules). Refused lines are re-read from `fresh`, as they were.
 */
async function takeStock(
  tx: Db,
  wanted: ReadonlyMap<string, number>,
  productQuantities: ReadonlyMap<string, number>,
  fresh: ReadonlyMap<string, OrderProduct>,
): Promise<TakenVariantRow[]> {
  if (wanted.size === 0) return [];
  const productOf = new Map<string, string>();
  for (const product of fresh.values()) for (const variant of product.variants) productOf.set(variant.id, product.id);
  const values = sql.join(
    [...wanted].map(
      ([id, quantity]) =>
        sql`(${id}::uuid, ${quantity}::integer, ${productQuantities.get(productOf.get(id) ?? '') ?? quantity}::integer)`,
    ),
    sql`, `,
  );
  const ids = sql.join(
    [...wanted.keys()].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
  const taken = (await tx.execute(sql`
    with locked as materialized (
      select l.id from ${productVariants} as l where l.id in (${ids}) order by l.id for no key update
    )
    update ${productVariants} as v set stock_quantity = v.stock_quantity - w.quantity, updated_at = now()
    from (values ${values}) as w(id, quantity, product_quantity), locked, ${products} as p
    where v.id = w.id and locked.id = v.id and p.id = v.product_id and p.is_active and v.is_active
      and v.stock_quantity >= w.quantity and w.product_quantity <= p.max_per_order
    returning v.id, v.product_id, v.sku, v.options, v.price, v.stock_quantity, v.image, p.name, p.slug,
      p.images, p.max_per_order, p.variations`)) as unknown as {
    rows: TakenVariantRow[];
  };
  return taken.rows;
}

/**
 * The order, its lines, its first status and the admins' notification, written by
 * cedar_place_order (place-order.sql; `head` and `items` below are its arguments' keys, the row
 * read back its RETURNS columns: a PL/pgSQL function keeps its plans for the session, and on
 * PGlite's single connection every round trip and every plan counts; budget (docs/engineering.md#budgets): order
 * placement p95 ≤ 50 ms). With `stock`, the same call takes the stock first (the usual path);
 * the careful path has taken it already and passes none.
 */
/** What cedar_place_order answers of the order it wrote. */
interface PlacedRow {
  id: string;
  order_number: string;
  status: string;
  payment_status: string;
  created_ms: number;
}

async function insertOrderRows(
  tx: Db,
  request: CreateOrderRequest,
  lines: readonly PricedLine[],
  idempotency: Idempotency | undefined,
  options: PlaceOrderOptions,
  stock: readonly StockClaim[] = [],
  promo?: AppliedCode,
): Promise<Order> {
  const { totals } = totalsOf(lines, promo?.discountCents ?? 0, options.settings, request.shipping_address.governorate);
  const accessToken = randomBytes(32).toString('base64url');
  const customerEmail = request.customer.email ?? null;
  const notes = request.notes ?? null;
  // The snapshot (docs/product.md#counting-uses): the code as stored (upper-case), its type and value.
  const promoCode = promo?.row.code ?? null;
  const promoDiscountType = (promo?.row.discountType as Order['promo_discount_type']) ?? null;
  const promoDiscountValue = promo ? promo.row.discountValue : null;
  // What the shopper was told (docs/product.md#order-fields), kept as it is now, in the same call.
  const { tax } = options.settings;
  const payment = options.settings.payment[request.payment_method];
  const terms = {
    tax_label: tax.label,
    tax_rate: tax.rate,
    prices_include_tax: tax.prices_include_tax,
    tax_number: tax.vat_number,
    payment_label: payment.label,
    payment_instructions: payment.instructions,
  };
  const head = {
    customer_name: request.customer.name,
    customer_phone: request.customer.phone,
    customer_email: customerEmail,
    shipping_address: request.shipping_address,
    payment_method: request.payment_method,
    notes,
    promo_code: promoCode,
    promo_code_id: promo?.row.id ?? null,
    promo_discount_type: promoDiscountType,
    promo_discount_value: promoDiscountValue,
    // What cedar_place_order compares with the stored code: the rule these totals were priced with.
    promo_rule: promo ? promoRuleOf(promo.row) : null,
    ...totals,
    ...terms,
    access_token: accessToken,
    idempotency_key: idempotency?.key ?? null,
    request_hash: idempotency?.requestHash ?? null,
    source: options.source ?? 'checkout',
    created_by: options.createdBy ?? null,
    // The zone of the shop's day, on which cedar_place_order judges the code's dates (place-order.sql).
    time_zone: options.settings.site?.time_zone ?? null,
    ...(options.audit && {
      audit: {
        user_id: options.audit.actor?.id ?? null,
        user_email: options.audit.actor?.email ?? null,
        ip: options.audit.ip ?? null,
        user_agent: options.audit.userAgent ?? null,
      },
    }),
  };
  const itemRows = lines.map((line, position) => ({
    product_id: line.product_id,
    variant_id: line.variant_id,
    product_name: line.name,
    sku: line.sku,
    image: line.image,
    unit_price: line.unit_price,
    quantity: line.quantity,
    selected_variations: line.selectedVariations,
    line_total: line.line_total,
    position,
  }));
  // Built from what is written; GET /orders/{id} maps the stored rows to the same shape.
  const orderOf = (row: PlacedRow): Order => ({
    id: row.id,
    order_number: row.order_number,
    access_token: accessToken,
    status: row.status as OrderStatus,
    payment_status: row.payment_status as PaymentStatus,
    payment_method: request.payment_method,
    customer: { name: request.customer.name, phone: request.customer.phone, email: customerEmail },
    shipping_address: toShippingAddress(request.shipping_address),
    notes,
    promo_code: promoCode,
    promo_discount_type: promoDiscountType,
    promo_discount_value: promoDiscountValue,
    ...totals,
    ...terms,
    shipment: null,
    out_for_delivery_at: null,
    items: lines.map((line) => ({
      product_id: line.product_id,
      variant_id: line.variant_id,
      name: line.name,
      sku: line.sku,
      image: line.image,
      unit_price: line.unit_price,
      quantity: line.quantity,
      selectedVariations: line.selectedVariations,
      line_total: line.line_total,
    })),
    created_at: new Date(Number(row.created_ms)).toISOString(),
  });
  // A new order starts pending and unpaid (the orders table's defaults).
  const messages = options.messagesFor?.(
    orderOf({
      id: ORDER_ID_SLOT,
      order_number: ORDER_NUMBER_SLOT,
      status: 'pending',
      payment_status: 'pending',
      created_ms: Date.now(),
    }),
  );
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const notification = `${request.customer.name} ordered ${itemCount} item${itemCount === 1 ? '' : 's'} for $${totals.total.toFixed(2)}`;

  const result = (await tx
    .execute(sql`
    select * from cedar_place_order(${JSON.stringify(stock)}::jsonb, ${JSON.stringify(messages ? { ...head, messages } : head)}::jsonb,
      ${JSON.stringify(itemRows)}::jsonb, ${notification})`)
    .catch((error: unknown) => {
      const guard = promoGuardOf(error);
      if (guard === PROMO_CHANGED) throw new PromoRecheck();
      const refusal = guard && PROMO_GUARD_MESSAGES[guard];
      throw refusal ? new PromoGuardRefusal(refusal) : error;
    })) as unknown as { rows: PlacedRow[] };
  const row = result.rows[0];
  if (!row) throw new Error('order insert returned nothing');

  return orderOf(row);
}
