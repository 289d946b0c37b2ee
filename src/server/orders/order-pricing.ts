import { inArray, sql } from 'drizzle-orm';
import type { CatalogueIndex } from '#server/catalogue/catalogue-index.ts';
import type { Db } from '#server/db/client.ts';
import { loadVariantsByProduct } from '#server/products/product-variants.mapper.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import type { ProductVariationRow } from '#server/products/products.table.ts';
import { products } from '#server/products/products.table.ts';
import {
  checkPromo,
  discountFor,
  findPromoCodeForQuote,
  type PromoCodeRow,
} from '#server/promo-codes/promo-validation.ts';
import type { FieldError } from '#shared/contracts/common.ts';
import {
  type CalculatedLine,
  type CalculateOrderRequest,
  type OrderCalculation,
  type OrderDelivery,
  type OrderLineInput,
  type PaymentMethod,
  paymentMethodOffMessage,
  VARIANT_GONE_MESSAGE,
  VARIANT_UNAVAILABLE_MESSAGE,
} from '#shared/contracts/orders.ts';
import type { SettingsValues } from '#shared/contracts/settings.ts';
import { computeTotals, fromCents, lineTotalCents, sumCents, type Totals, toCents } from '#shared/money.ts';
import { lineLabel, sameOptions } from '#shared/product-variants.ts';
import { PROMO_MESSAGES, shopToday } from '#shared/promo-codes.ts';
import { GOVERNORATE_NAMES, type Governorate } from '#shared/shop-settings.ts';

/**
 * Order pricing: the one module that says what a cart costs and whether it can be ordered
 * (docs/architecture.md#order-pricing). Checkout (`POST /orders`, place-order.ts), the quote
 * (`POST /orders/calculate`, `calculateOrder`), promo validation (`priceCartItems`, handed to
 * the promo routes by app.ts), admin orders (place-order.ts with `source: 'admin'`) and, next,
 * quotations all price here: lines at their variant's price (`priceLines`), a promo code's
 * discount on them (`applyPromo`), totals with the shop's tax and the delivery zone's cost
 * (`totalsOf`, from the in-memory settings), and the refusals placement answers
 * (`invalidLineErrors`, `stockErrors`) and the stock it claims (`stockClaims`). Prices, names and
 * stock always come from the database (or its in-memory read model), never from the client.
 */

/** What pricing needs of a variant (decision 012): price and stock are the variant's. */
export interface OrderVariant {
  id: string;
  sku: string;
  options: Record<string, string>;
  priceCents: number;
  stockQuantity: number;
  image: string | null;
  isActive: boolean;
}

/** What pricing needs of a product; loaded straight from the tables so stock and is_active are current. */
export interface OrderProduct {
  id: string;
  name: string;
  /** The product's own SKU and category: what a product promo code is matched on (docs/product.md#applying-a-code). */
  sku: string;
  categoryId: string | null;
  slug: string;
  /** The product's first image: a line's photo when its variant has none. */
  image: string | null;
  /** The most one order may take of this product (all its lines, all its variants together). */
  maxPerOrder: number;
  isActive: boolean;
  variations: ProductVariationRow[];
  /** Every variant the source knows (the database: inactive ones too; the catalogue: active ones). */
  variants: OrderVariant[];
}

export const LINE_MESSAGES = {
  not_found: 'Product not found or unavailable',
  unavailable: 'Product not found or unavailable',
  out_of_stock: 'Product is out of stock',
  insufficient_stock: (left: number) => `Only ${left} left in stock`,
  over_limit: (limit: number) => `At most ${limit} per order`,
} as const;

/** Products by id with ALL their variants: two queries, whatever the number of lines. */
export async function loadOrderProducts(db: Db, ids: readonly string[]): Promise<Map<string, OrderProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, variants] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        categoryId: products.categoryId,
        slug: products.slug,
        images: products.images,
        maxPerOrder: products.maxPerOrder,
        isActive: products.isActive,
        variations: products.variations,
      })
      .from(products)
      .where(inArray(products.id, unique)),
    loadVariantsByProduct(db, unique),
  ]);
  return new Map(
    rows.map((row) => [row.id, toOrderProduct({ ...row, variants: (variants.get(row.id) ?? []).map(toOrderVariant) })]),
  );
}

/**
 * The products of these ids as the in-memory catalogue (the database's read model) holds them, or
 * null when one is not there (unknown or inactive: the caller then reads the database). The
 * catalogue holds active variants only, so a line naming another one is priced as gone; the
 * order's one-statement path then takes its careful path.
 */
export function orderProductsFromCatalogue(
  catalogue: CatalogueIndex,
  ids: readonly string[],
): Map<string, OrderProduct> | null {
  const byId = new Map<string, OrderProduct>();
  for (const id of ids) {
    if (byId.has(id)) continue;
    const product = catalogue.getProduct(id);
    if (product?.id !== id) return null;
    byId.set(
      id,
      toOrderProduct({
        ...product,
        categoryId: product.category_id,
        maxPerOrder: product.max_per_order,
        isActive: true,
        variants: product.variants.map((variant) =>
          toOrderVariant({ ...variant, stockQuantity: variant.stock_quantity, isActive: true }),
        ),
      }),
    );
  }
  return byId;
}

/** What pricing needs of a variant, from a database row or the in-memory catalogue. */
export function toOrderVariant(row: {
  id: string;
  sku: string;
  options: Record<string, string>;
  price: string | number;
  stockQuantity: number;
  image: string | null;
  isActive: boolean;
}): OrderVariant {
  return {
    id: row.id,
    sku: row.sku,
    options: row.options,
    priceCents: toCents(row.price),
    stockQuantity: row.stockQuantity,
    image: row.image,
    isActive: row.isActive,
  };
}

/** What pricing needs of a product, from a database row or the in-memory catalogue. */
export function toOrderProduct(row: {
  id: string;
  name: string;
  sku: string;
  categoryId: string | null;
  slug: string;
  images: readonly string[];
  maxPerOrder: number;
  isActive: boolean;
  variations: ProductVariationRow[];
  variants: OrderVariant[];
}): OrderProduct {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    categoryId: row.categoryId,
    slug: row.slug,
    image: row.images[0] ?? null,
    maxPerOrder: row.maxPerOrder,
    isActive: row.isActive,
    variations: row.variations,
    variants: row.variants,
  };
}

/**
 * The variant a line buys (decision 012 §3): `variant_id` if given (`gone` unless it is one of
 * the product's variants); else the ACTIVE default variant; else the active one whose options
 * equal `selectedVariations` (the spec's client, carts stored before variants existed). Only
 * when no active variant matches: the inactive one with those options, or the inactive default
 * of a product with no active variant, so the line is reported unavailable ("no longer
 * available") rather than as a wrong choice. An inactive default kept for past orders beside
 * combinations is never taken for a line that names a combination. Pure.
 */
export function resolveVariant(
  product: Pick<OrderProduct, 'variants'>,
  line: Pick<OrderLineInput, 'variant_id' | 'selectedVariations'>,
): { variant: OrderVariant } | { problem: 'gone' | 'no_match' } {
  if (line.variant_id !== undefined) {
    const named = product.variants.find((variant) => variant.id === line.variant_id);
    return named ? { variant: named } : { problem: 'gone' };
  }
  const isDefault = (variant: OrderVariant) => Object.keys(variant.options).length === 0;
  const chosen = (variant: OrderVariant) => sameOptions(variant.options, line.selectedVariations ?? {});
  const active = product.variants.filter((variant) => variant.isActive);
  const inactive = product.variants.filter((variant) => !variant.isActive);
  const fallback =
    active.find(isDefault) ??
    active.find(chosen) ??
    inactive.find(chosen) ??
    (active.length === 0 ? inactive.find(isDefault) : undefined);
  return fallback ? { variant: fallback } : { problem: 'no_match' };
}

/**
 * selectedVariations must name every variation of the product exactly once with one of its
 * options, and nothing else: the order snapshot then always says which variant was bought.
 */
export function variationProblem(
  variations: readonly ProductVariationRow[],
  selected: Readonly<Record<string, string>> | undefined,
): string | null {
  const chosen = selected ?? {};
  for (const variation of variations) {
    const value = chosen[variation.name];
    if (value === undefined || !variation.options.includes(value)) return `Choose a valid ${variation.name}`;
  }
  const known = new Set(variations.map((variation) => variation.name));
  for (const key of Object.keys(chosen)) {
    if (!known.has(key)) {
      return variations.length === 0
        ? 'This product has no options to choose'
        : `${key} is not an option of this product`;
    }
  }
  return null;
}

/** A calculated line plus what the order snapshot and the placement messages need. */
export interface PricedLine extends CalculatedLine {
  unitPriceCents: number;
  lineTotalCents: number;
  /** How messages name the line: "Raspberry Pi 4 Model B (8 GB)" (src/shared/product-variants.ts `lineLabel`). */
  label: string;
  /** Set when the line's variant (not its product) is the problem: placement words it differently. */
  variantProblem?: 'unavailable' | 'gone';
  /** The product's SKU and category (a promo code's eligibility; `sku` is the variant's). */
  productSku: string | null;
  categoryId: string | null;
}

/**
 * Prices each line in request order at its variant's price (decision 012 §3). Stock is claimed
 * per variant, the per-order limit per product (all its variants together), so lines of one
 * variant share its stock and lines of one product share its limit: a line that would take more
 * than what the lines before it left is refused and claims nothing. It is `over_limit` when the
 * product's max_per_order is the tighter bound, else `insufficient_stock`.
 * These are the placement rules that cedar_place_order (place-order.sql) and place-order.ts
 * `takeStock` enforce in SQL: this function says why a line breaks one; keep the three in step.
 */
export function priceLines(
  lines: readonly OrderLineInput[],
  productsById: ReadonlyMap<string, OrderProduct>,
): PricedLine[] {
  const claimedByVariant = new Map<string, number>();
  const claimedByProduct = new Map<string, number>();
  return lines.map((line) => {
    const product = productsById.get(line.product_id);
    const choices = line.selectedVariations ?? {};
    if (!product) {
      return {
        product_id: line.product_id,
        variant_id: null,
        name: 'Unavailable product',
        label: 'Unavailable product',
        slug: null,
        image: null,
        sku: null,
        unit_price: 0,
        unitPriceCents: 0,
        quantity: line.quantity,
        selectedVariations: choices,
        line_total: 0,
        lineTotalCents: 0,
        available: false,
        reason: 'not_found',
        message: LINE_MESSAGES.not_found,
        stock_quantity: 0,
        max_per_order: 0,
        productSku: null,
        categoryId: null,
      };
    }
    const resolved = product.isActive ? resolveVariant(product, line) : undefined;
    const variant = resolved && 'variant' in resolved ? resolved.variant : undefined;
    const selectedVariations = variant ? { ...choices, ...variant.options } : choices;
    const priceCents = variant?.priceCents ?? 0;
    const totalCents = lineTotalCents(priceCents, line.quantity);
    const stock = variant?.isActive ? variant.stockQuantity : 0;
    const base = {
      product_id: product.id,
      variant_id: variant?.id ?? null,
      name: product.name,
      label: lineLabel(product.name, variant?.options ?? {}, product.variations),
      slug: product.slug,
      image: variant?.image ?? product.image,
      sku: variant?.sku ?? null,
      unit_price: priceCents / 100,
      unitPriceCents: priceCents,
      quantity: line.quantity,
      selectedVariations,
      line_total: totalCents / 100,
      lineTotalCents: totalCents,
      stock_quantity: stock,
      max_per_order: product.maxPerOrder,
      productSku: product.sku,
      categoryId: product.categoryId,
    };
    if (!product.isActive) {
      return { ...base, available: false, reason: 'unavailable', message: LINE_MESSAGES.unavailable };
    }
    if (resolved && 'problem' in resolved) {
      // A variant named but gone is "no longer sold"; choices naming no variant say what is wrong.
      const message =
        resolved.problem === 'gone'
          ? VARIANT_GONE_MESSAGE
          : (variationProblem(product.variations, line.selectedVariations) ?? VARIANT_GONE_MESSAGE);
      return {
        ...base,
        available: false,
        reason: 'invalid_variation',
        message,
        variantProblem: resolved.problem === 'gone' ? 'gone' : undefined,
      };
    }
    if (!variant) throw new Error('unreachable: an active product resolves a variant or a problem');
    if (!variant.isActive) {
      return {
        ...base,
        available: false,
        reason: 'unavailable',
        message: VARIANT_UNAVAILABLE_MESSAGE,
        variantProblem: 'unavailable',
      };
    }
    // Shared-stock choices of a default variant, and extra keys next to a variant's own options.
    const variation = variationProblem(product.variations, selectedVariations);
    if (variation) return { ...base, available: false, reason: 'invalid_variation', message: variation };
    if (variant.stockQuantity <= 0) {
      return { ...base, available: false, reason: 'out_of_stock', message: LINE_MESSAGES.out_of_stock };
    }
    const productAlready = claimedByProduct.get(product.id) ?? 0;
    const variantAlready = claimedByVariant.get(variant.id) ?? 0;
    const overLimit = productAlready + line.quantity > product.maxPerOrder;
    const overStock = variantAlready + line.quantity > variant.stockQuantity;
    if (overLimit && (!overStock || product.maxPerOrder - productAlready < variant.stockQuantity - variantAlready)) {
      return {
        ...base,
        available: false,
        reason: 'over_limit',
        message: LINE_MESSAGES.over_limit(product.maxPerOrder),
      };
    }
    if (overStock) {
      return {
        ...base,
        available: false,
        reason: 'insufficient_stock',
        message: LINE_MESSAGES.insufficient_stock(variant.stockQuantity),
      };
    }
    claimedByProduct.set(product.id, productAlready + line.quantity);
    claimedByVariant.set(variant.id, variantAlready + line.quantity);
    return { ...base, available: true };
  });
}

/**
 * What pricing reads of the shop's settings (docs/product.md#money-and-totals): the delivery zones
 * and free-delivery threshold, the tax rate and whether prices include it. Always the in-memory
 * `app.settings.values` (settings-store.ts): pricing an order never costs a settings query.
 */
export type PricingSettings = Pick<SettingsValues, 'shipping' | 'tax'> & {
  /** The shop's time zone (settings: site), whose calendar day a promo code's dates are; Asia/Beirut without. */
  site?: Pick<SettingsValues['site'], 'time_zone'>;
};

/** Today's date (YYYY-MM-DD) in the shop's time zone: the day a promo code's dates are compared with. */
export function pricingToday(settings: PricingSettings, now: Date = new Date()): string {
  return shopToday(now, settings.site?.time_zone);
}

/**
 * The delivery of an order to `zone` whose goods (subtotal − discount) come to `goodsCents`: the
 * zone's rate and days, free once the goods reach the free-delivery threshold. Null without a zone.
 */
export function deliveryOf(
  settings: PricingSettings,
  zone: Governorate | undefined,
  goodsCents: number,
): OrderDelivery | null {
  if (!zone) return null;
  const { rate, delivery_days_min, delivery_days_max } = settings.shipping.zones[zone];
  const threshold = settings.shipping.free_delivery_threshold;
  const free = threshold !== null && goodsCents >= toCents(threshold);
  return { zone, name: GOVERNORATE_NAMES[zone], rate, delivery_days_min, delivery_days_max, free };
}

/**
 * A checkout's payment method must be one the shop has turned on (docs/product.md#checkout-zone-and-payment): the
 * 400 on `payment_method` otherwise. Staff orders (`POST /admin/orders`) may record any method.
 */
export function paymentMethodErrors(settings: Pick<SettingsValues, 'payment'>, method: PaymentMethod): FieldError[] {
  const configured = settings.payment[method];
  if (configured.enabled) return [];
  return [{ path: 'payment_method', message: paymentMethodOffMessage(configured.label) }];
}

/** An order's totals and the delivery they include. */
export interface PricedTotals {
  totals: Totals;
  delivery: OrderDelivery | null;
}

/**
 * Totals over the available lines only (docs/product.md#money-and-totals): the discount, tax at
 * the shop's rate (added on top, or the part of the prices that is tax), and the delivery of `zone`
 * (none without one). The one place totals are made: quote, checkout and admin orders alike.
 */
export function totalsOf(
  lines: readonly PricedLine[],
  discountCents: number,
  settings: PricingSettings,
  zone: Governorate | undefined,
): PricedTotals {
  const subtotalCents = sumCents(lines.filter((line) => line.available).map((line) => line.lineTotalCents));
  const goodsCents = subtotalCents - Math.min(Math.max(discountCents, 0), subtotalCents);
  const delivery = deliveryOf(settings, zone, goodsCents);
  const totals = computeTotals(subtotalCents, discountCents, {
    taxRatePercent: settings.tax.rate,
    pricesIncludeTax: settings.tax.prices_include_tax,
    shippingCents: delivery && !delivery.free ? toCents(delivery.rate) : 0,
  });
  return { totals, delivery };
}

/** The public shape of a priced line (drops the cents kept for the order snapshot). */
export function toCalculatedLine(line: PricedLine): CalculatedLine {
  const {
    unitPriceCents: _unit,
    lineTotalCents: _total,
    label: _label,
    variantProblem: _problem,
    productSku: _productSku,
    categoryId: _categoryId,
    ...rest
  } = line;
  return rest;
}

export interface CalculateOrderOptions {
  /** The address has used up its promo attempts (docs/product.md#rate-limits): the code is not even looked up. */
  promoBlocked?: boolean;
}

/**
 * `POST /orders/calculate`. With a `promo_code`, the code is checked against these lines as
 * placing the order would (promo-validation.ts): `promo` and the discount, or `promo_error` and
 * no discount. `unknownPromo` tells the route to count the attempt against the address's limit.
 */
export async function calculateOrder(
  db: Db,
  request: CalculateOrderRequest,
  settings: PricingSettings,
  options: CalculateOrderOptions = {},
): Promise<{ calculation: OrderCalculation; unknownPromo: boolean }> {
  const code = request.promo_code && !options.promoBlocked ? request.promo_code : undefined;
  // The code is read beside the products (on PostgreSQL, two pooled connections at once).
  const [productsById, row] = await Promise.all([
    loadOrderProducts(
      db,
      request.items.map((line) => line.product_id),
    ),
    code ? findPromoCodeForQuote(db, code) : undefined,
  ]);
  const lines = priceLines(request.items, productsById);
  let promo: OrderCalculation['promo'] = null;
  let promoError: string | null = null;
  let discountCents = 0;
  let unknownPromo = false;
  if (request.promo_code) {
    if (options.promoBlocked) {
      promoError = PROMO_MESSAGES.tooManyAttempts;
    } else {
      const check = await checkPromo(db, row, lines, { today: pricingToday(settings) });
      if (check.ok) {
        promo = check.applied;
        discountCents = check.discountCents;
      } else {
        promoError = check.message;
        unknownPromo = check.unknown;
      }
    }
  }
  const { totals, delivery } = totalsOf(lines, discountCents, settings, request.governorate);
  return {
    calculation: {
      ...totals,
      delivery,
      tax_label: settings.tax.label,
      tax_rate: settings.tax.rate,
      prices_include_tax: settings.tax.prices_include_tax,
      items: lines.map(toCalculatedLine),
      unavailable: lines.flatMap((line, index) => (line.available ? [] : [index])),
      promo,
      promo_error: promoError,
    },
    unknownPromo,
  };
}

/** A storefront cart line as `POST /promo-codes/validate` names it (PromoCartItemSchema). */
export interface CartItemRef {
  product_id?: string;
  variant_id?: string;
  sku?: string;
  selectedVariations?: Record<string, string>;
  quantity: number;
}

/**
 * The storefront's cart lines priced exactly as checkout prices them (priceLines), whatever price
 * the client sent: from the in-memory `catalogue` when it holds every product (as an order's
 * one-statement path does; no database read, so validate stays within its budget,
 * docs/engineering.md#budgets), else from the database (loadOrderProducts, the careful path's
 * source). A line named by `sku` is the variant with that SKU (any case), else the product with
 * it (its default variant); an unknown SKU is left out.
 */
export async function priceCartItems(
  db: Db,
  items: readonly CartItemRef[],
  catalogue?: CatalogueIndex,
): Promise<PricedLine[]> {
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
  const ids = lines.map((line) => line.product_id);
  const fromCatalogue = catalogue ? orderProductsFromCatalogue(catalogue, ids) : null;
  const priced = fromCatalogue ? priceLines(lines, fromCatalogue) : undefined;
  // A line the catalogue cannot price (an inactive variant named by id) is read from the database.
  if (priced?.every((line) => line.available)) return priced;
  return priceLines(lines, await loadOrderProducts(db, ids));
}

export const INVALID_LINES_MESSAGE = 'Some items in your cart cannot be ordered';

/**
 * Lines that no stock can fix (unknown, inactive, wrong variation, more than the product's
 * max_per_order) are a 400: nothing is written.
 */
export function invalidLineErrors(lines: readonly PricedLine[]): FieldError[] {
  return lines.flatMap((line, index) => {
    if (line.reason === 'over_limit') {
      return [{ path: `items.${index}`, message: overLimitMessage(line.name, line.max_per_order) }];
    }
    // A variant deactivated or removed after it went into the cart (docs/product.md#orders).
    if (line.variantProblem === 'unavailable') {
      return [{ path: `items.${index}`, message: variantUnavailableMessage(line.label) }];
    }
    if (line.variantProblem === 'gone') return [{ path: `items.${index}`, message: variantGoneMessage(line.name) }];
    return line.reason === 'not_found' || line.reason === 'unavailable' || line.reason === 'invalid_variation'
      ? [{ path: `items.${index}`, message: line.message ?? 'Invalid item' }]
      : [];
  });
}

export function variantUnavailableMessage(label: string): string {
  return `${label} is no longer available`;
}

export function variantGoneMessage(name: string): string {
  return `This option of ${name} is no longer sold: choose another`;
}

function overLimitMessage(name: string, limit: number): string {
  return `At most ${limit} of ${name} per order`;
}

function stockMessage(name: string, left: number): string {
  return left > 0 ? `Only ${left} left of ${name}` : `${name} is out of stock`;
}

export function stockErrors(lines: readonly PricedLine[]): FieldError[] {
  return lines.flatMap((line, index) =>
    line.reason === 'out_of_stock' || line.reason === 'insufficient_stock'
      ? [{ path: `items.${index}`, message: stockMessage(line.label, line.stock_quantity) }]
      : [],
  );
}

/**
 * Stock cedar_place_order must take (its `stock` argument): this much of the variant, still
 * active (and its product), still at this price, with `product_quantity` (all lines of its
 * product) within the product's max_per_order.
 */
export interface StockClaim {
  variant_id: string;
  quantity: number;
  product_quantity: number;
  price: number;
}

/** One claim per variant (its lines summed), each carrying its product's total (decision 012 §3). */
export function stockClaims(lines: readonly PricedLine[]): StockClaim[] {
  const byVariant = new Map<string, StockClaim & { product_id: string }>();
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    if (!line.variant_id) continue;
    const claim = byVariant.get(line.variant_id) ?? {
      variant_id: line.variant_id,
      product_id: line.product_id,
      quantity: 0,
      product_quantity: 0,
      price: fromCents(line.unitPriceCents),
    };
    claim.quantity += line.quantity;
    byVariant.set(line.variant_id, claim);
    byProduct.set(line.product_id, (byProduct.get(line.product_id) ?? 0) + line.quantity);
  }
  return [...byVariant.values()].map(({ product_id, ...claim }) => ({
    ...claim,
    product_quantity: byProduct.get(product_id) ?? claim.quantity,
  }));
}

/**
 * What the careful path asks place-order.ts `takeStock` for: per variant the quantity of its lines,
 * per product the quantity of all its lines (its max_per_order), each line's variant resolved
 * from the rows as read (resolveVariant). Lines that resolve none claim nothing.
 */
export function wantedStock(
  items: readonly OrderLineInput[],
  productsById: ReadonlyMap<string, OrderProduct>,
): { variants: Map<string, number>; products: Map<string, number> } {
  const variants = new Map<string, number>();
  const productQuantities = new Map<string, number>();
  for (const line of items) {
    const product = productsById.get(line.product_id);
    const resolved = product ? resolveVariant(product, line) : undefined;
    if (!resolved || !('variant' in resolved)) continue;
    const id = resolved.variant.id;
    variants.set(id, (variants.get(id) ?? 0) + line.quantity);
    productQuantities.set(line.product_id, (productQuantities.get(line.product_id) ?? 0) + line.quantity);
  }
  return { variants, products: productQuantities };
}

/** A variant place-order.ts `takeStock` took (its RETURNING), with what pricing needs of it and its product. */
export interface TakenVariantRow {
  id: string;
  product_id: string;
  sku: string;
  options: Record<string, string>;
  price: string | number;
  stock_quantity: number;
  image: string | null;
  name: string;
  slug: string;
  images: string[];
  max_per_order: number;
  variations: OrderProduct['variations'];
}

/**
 * The products as the rows the careful path took say they are: price, name and limits as
 * locked, stock as it was before this order took `taken` of it, so priceLines sees what the
 * order bought from. Products without a taken variant stay as read.
 */
export function withTakenStock(
  productsById: ReadonlyMap<string, OrderProduct>,
  taken: readonly TakenVariantRow[],
  takenQuantities: ReadonlyMap<string, number>,
): Map<string, OrderProduct> {
  const byId = new Map(productsById);
  for (const row of taken) {
    const product = byId.get(row.product_id);
    if (!product) continue;
    const variant = toOrderVariant({
      ...row,
      stockQuantity: row.stock_quantity + (takenQuantities.get(row.id) ?? 0),
      isActive: true,
    });
    byId.set(
      row.product_id,
      toOrderProduct({
        ...row,
        id: row.product_id,
        // The product's SKU and category (the row's `sku` is the variant's).
        sku: product.sku,
        categoryId: product.categoryId,
        maxPerOrder: row.max_per_order,
        isActive: true,
        variants: product.variants.map((known) => (known.id === row.id ? variant : known)),
      }),
    );
  }
  return byId;
}

/**
 * The promo re-check of the one-statement path: the code refused lines priced from the in-memory
 * catalogue, which may lag the database. The refusal's message when the database's prices say
 * the same (answered without the careful path's transaction and its locks); null when they do
 * not, or when a line cannot be bought now: then the careful path decides.
 */
export async function confirmPromoRefusal(
  db: Db,
  row: PromoCodeRow,
  items: readonly OrderLineInput[],
): Promise<string | null> {
  const fromDatabase = priceLines(
    items,
    await loadOrderProducts(
      db,
      items.map((line) => line.product_id),
    ),
  );
  if (fromDatabase.some((line) => !line.available)) return null;
  const confirmed = await discountFor(db, row, fromDatabase);
  return confirmed.ok ? null : confirmed.message;
}
