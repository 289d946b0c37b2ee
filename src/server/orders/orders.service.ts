import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ProductVariationRow } from '#server/products/products.table.ts';
import { products } from '#server/products/products.table.ts';
import type {
  CalculatedLine,
  CalculateOrderRequest,
  OrderCalculation,
  OrderLineInput,
} from '#shared/contracts/orders.ts';
import { computeTotals, lineTotalCents, sumCents, toCents } from '#shared/money.ts';

/**
 * Pricing of a cart (docs/product.md#order-endpoints) and the checks POST /orders repeats inside
 * its transaction. Prices, names and stock always come from the database, never from the client.
 */

/** What pricing needs of a product; loaded straight from the table so stock and is_active are current. */
export interface OrderProduct {
  id: string;
  name: string;
  slug: string;
  sku: string;
  image: string | null;
  priceCents: number;
  stockQuantity: number;
  /** The most one order may take of this product (all its lines together). */
  maxPerOrder: number;
  isActive: boolean;
  variations: ProductVariationRow[];
}

export const LINE_MESSAGES = {
  not_found: 'Product not found or unavailable',
  unavailable: 'Product not found or unavailable',
  out_of_stock: 'Product is out of stock',
  insufficient_stock: (left: number) => `Only ${left} left in stock`,
  over_limit: (limit: number) => `At most ${limit} per order`,
} as const;

export async function loadOrderProducts(db: Db, ids: readonly string[]): Promise<Map<string, OrderProduct>> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      images: products.images,
      price: products.price,
      stockQuantity: products.stockQuantity,
      maxPerOrder: products.maxPerOrder,
      isActive: products.isActive,
      variations: products.variations,
    })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(rows.map((row) => [row.id, toOrderProduct(row)]));
}

/** What pricing needs of a product, from a database row or the in-memory catalogue. */
export function toOrderProduct(row: {
  id: string;
  name: string;
  slug: string;
  sku: string;
  images: readonly string[];
  price: string | number;
  stockQuantity: number;
  maxPerOrder: number;
  isActive: boolean;
  variations: ProductVariationRow[];
}): OrderProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sku: row.sku,
    image: row.images[0] ?? null,
    priceCents: toCents(row.price),
    stockQuantity: row.stockQuantity,
    maxPerOrder: row.maxPerOrder,
    isActive: row.isActive,
    variations: row.variations,
  };
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

/** A calculated line plus the cents the order snapshot needs. */
export interface PricedLine extends CalculatedLine {
  unitPriceCents: number;
  lineTotalCents: number;
}

/**
 * Prices each line in request order. Stock and the per-order limit are per product (variations
 * share them), so every line of one product counts against the same stock and limit: a line that
 * would take more than what the lines before it left is refused and does not claim any. It is
 * `over_limit` when the product's max_per_order is the tighter bound, else `insufficient_stock`.
 * These are the placement rules that cedar_place_order (place-order.sql) and place-order.ts
 * `takeStock` enforce in SQL: this function says why a line breaks one; keep the three in step.
 */
export function priceLines(
  lines: readonly OrderLineInput[],
  productsById: ReadonlyMap<string, OrderProduct>,
): PricedLine[] {
  const claimed = new Map<string, number>();
  return lines.map((line) => {
    const product = productsById.get(line.product_id);
    const selectedVariations = line.selectedVariations ?? {};
    if (!product) {
      return {
        product_id: line.product_id,
        variant_id: null,
        name: 'Unavailable product',
        slug: null,
        image: null,
        sku: null,
        unit_price: 0,
        unitPriceCents: 0,
        quantity: line.quantity,
        selectedVariations,
        line_total: 0,
        lineTotalCents: 0,
        available: false,
        reason: 'not_found',
        message: LINE_MESSAGES.not_found,
        stock_quantity: 0,
        max_per_order: 0,
      };
    }
    const totalCents = lineTotalCents(product.priceCents, line.quantity);
    const base = {
      product_id: product.id,
      variant_id: null,
      name: product.name,
      slug: product.slug,
      image: product.image,
      sku: product.sku,
      unit_price: product.priceCents / 100,
      unitPriceCents: product.priceCents,
      quantity: line.quantity,
      selectedVariations,
      line_total: totalCents / 100,
      lineTotalCents: totalCents,
      stock_quantity: product.isActive ? product.stockQuantity : 0,
      max_per_order: product.maxPerOrder,
    };
    if (!product.isActive) {
      return { ...base, available: false, reason: 'unavailable', message: LINE_MESSAGES.unavailable };
    }
    const variation = variationProblem(product.variations, line.selectedVariations);
    if (variation) return { ...base, available: false, reason: 'invalid_variation', message: variation };
    if (product.stockQuantity <= 0) {
      return { ...base, available: false, reason: 'out_of_stock', message: LINE_MESSAGES.out_of_stock };
    }
    const already = claimed.get(product.id) ?? 0;
    if (already + line.quantity > product.maxPerOrder && product.maxPerOrder < product.stockQuantity) {
      return {
        ...base,
        available: false,
        reason: 'over_limit',
        message: LINE_MESSAGES.over_limit(product.maxPerOrder),
      };
    }
    if (already + line.quantity > product.stockQuantity) {
      return {
        ...base,
        available: false,
        reason: 'insufficient_stock',
        message: LINE_MESSAGES.insufficient_stock(product.stockQuantity),
      };
    }
    claimed.set(product.id, already + line.quantity);
    return { ...base, available: true };
  });
}

/** Totals over the available lines only (docs/product.md#money-and-totals: tax 11 % of the subtotal, shipping 0). */
export function totalsOf(lines: readonly PricedLine[], discountCents = 0) {
  const subtotalCents = sumCents(lines.filter((line) => line.available).map((line) => line.lineTotalCents));
  return computeTotals(subtotalCents, discountCents);
}

/** The public shape of a priced line (drops the cents kept for the order snapshot). */
export function toCalculatedLine(line: PricedLine): CalculatedLine {
  const { unitPriceCents: _unit, lineTotalCents: _total, ...rest } = line;
  return rest;
}

/**
 * `POST /orders/calculate`. `promo_code` is accepted and ignored until promo codes exist (the
 * discount stays 0).
 */
export async function calculateOrder(db: Db, request: CalculateOrderRequest): Promise<OrderCalculation> {
  const productsById = await loadOrderProducts(
    db,
    request.items.map((line) => line.product_id),
  );
  const lines = priceLines(request.items, productsById);
  return {
    ...totalsOf(lines),
    items: lines.map(toCalculatedLine),
    unavailable: lines.flatMap((line, index) => (line.available ? [] : [index])),
  };
}
