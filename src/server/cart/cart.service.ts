import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import {
  type AddCartItemRequest,
  REMOTE_CART_MAX_LINES,
  REMOTE_CART_MESSAGES,
  type RemoteCartRow,
} from '#shared/contracts/cart.ts';
import {
  isDefaultVariant,
  optionsKey,
  VARIANT_OUT_OF_STOCK_MESSAGE,
  VARIANT_UNAVAILABLE_MESSAGE,
} from '#shared/product-variants.ts';
import { toRemoteCartRow } from './cart.mapper.ts';
import { lineMaxOf, resolveVariant } from './cart.rules.ts';
import { cartItems } from './cart-items.table.ts';

/**
 * The signed-in shopper's server cart (docs/product.md#cart-sync). Stock is read from the database
 * (not the catalogue cache) at each write, as the browser re-reads the product before adding.
 */

const unavailable = (message: string = REMOTE_CART_MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);
const soldOut = (message: string) => new AppError(409, 'OUT_OF_STOCK', message);
const tooMany = (message: string) => new AppError(409, 'CONFLICT', message);

/**
 * Lines whose product or variant is no longer sold are left out of the answer (kept in the table:
 * a product switched back on brings them back; a deleted one cascades them away).
 */
export async function listCart(db: Db, userId: string): Promise<RemoteCartRow[]> {
  const rows = await db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(products.isActive, true),
        sql`(${cartItems.variantId} is null or ${productVariants.isActive})`,
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((row) => toRemoteCartRow(row.item));
}

/** The product and variant a line would buy, with its maximum; refusals in the browser's words. */
async function offerFor(
  db: Db,
  productId: string,
  variantId: string | null | undefined,
  choices: Record<string, string>,
) {
  const [product] = await db
    .select({ id: products.id, isActive: products.isActive, maxPerOrder: products.maxPerOrder })
    .from(products)
    .where(eq(products.id, productId));
  if (!product?.isActive) throw unavailable();
  const variants = await db
    .select({ id: productVariants.id, options: productVariants.options, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)));
  const variant = resolveVariant(variants, variantId, choices);
  if (!variant) throw unavailable(variantId ? VARIANT_UNAVAILABLE_MESSAGE : REMOTE_CART_MESSAGES.notFound);
  if (variant.stock <= 0) {
    // A product sold as its one default variant is "the product": the words stay the product's.
    throw soldOut(isDefaultVariant(variant) ? REMOTE_CART_MESSAGES.outOfStock : VARIANT_OUT_OF_STOCK_MESSAGE);
  }
  return { product, variant, max: lineMaxOf(product.maxPerOrder, variant.stock) };
}

/** Units of the product in the shopper's other lines (max_per_order counts all its variants together). */
async function otherUnits(db: Db, userId: string, productId: string, exceptKey: string): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(
      and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), ne(cartItems.variationsKey, exceptKey)),
    );
  return Number(row?.units ?? 0);
}

/**
 * Adds to the matching line (same product, same choices) or starts one. The quantity is summed by
 * the database in one INSERT … ON CONFLICT DO UPDATE whose guard re-checks the line's maximum, so
 * concurrent adds can neither lose units nor pass the maximum together.
 */
export async function addCartItem(db: Db, userId: string, body: AddCartItemRequest): Promise<RemoteCartRow> {
  const choices = body.selected_variations ?? {};
  const { product, variant, max } = await offerFor(db, body.product_id, body.variant_id, choices);
  const selected = { ...choices, ...variant.options };
  const key = optionsKey(selected);
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, product.id), eq(cartItems.variationsKey, key)));
  const wanted = (existing?.quantity ?? 0) + body.quantity;
  if (wanted > max) throw tooMany(REMOTE_CART_MESSAGES.tooMany(max));
  const others = await otherUnits(db, userId, product.id, key);
  if (others + wanted > product.maxPerOrder) throw tooMany(REMOTE_CART_MESSAGES.tooMany(product.maxPerOrder));
  if (!existing) {
    const [lines] = await db.select({ lines: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    if ((lines?.lines ?? 0) >= REMOTE_CART_MAX_LINES) throw tooMany(REMOTE_CART_MESSAGES.full);
  }
  const [row] = await db
    .insert(cartItems)
    .values({
      userId,
      productId: product.id,
      variantId: variant.id,
      selectedVariations: selected,
      variationsKey: key,
      quantity: body.quantity,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.variationsKey],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        variantId: sql`excluded.variant_id`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${max}`,
    })
    .returning();
  // The guard refused: another add took the line to its maximum meanwhile.
  if (!row) throw tooMany(REMOTE_CART_MESSAGES.tooMany(max));
  return toRemoteCartRow(row);
}

async function ownLine(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  // Someone else's line is as unknown as a missing one.
  if (!row) throw new AppError(404, 'NOT_FOUND', REMOTE_CART_MESSAGES.lineNotFound);
  return row;
}

/** Sets a line's quantity (docs/product.md#cart-behaviour); 0 removes it and answers null. */
export async function setCartItemQuantity(
  db: Db,
  userId: string,
  id: string,
  quantity: number,
): Promise<RemoteCartRow | null> {
  const line = await ownLine(db, userId, id);
  if (quantity < 1) {
    await db.delete(cartItems).where(eq(cartItems.id, line.id));
    return null;
  }
  const { product, max } = await offerFor(db, line.productId, line.variantId, line.selectedVariations);
  if (quantity > max) throw tooMany(REMOTE_CART_MESSAGES.overMax(max));
  const others = await otherUnits(db, userId, product.id, line.variationsKey);
  if (others + quantity > product.maxPerOrder) {
    throw tooMany(REMOTE_CART_MESSAGES.overMax(Math.max(0, product.maxPerOrder - others)));
  }
  const [row] = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(eq(cartItems.id, line.id))
    .returning();
  if (!row) throw new AppError(404, 'NOT_FOUND', REMOTE_CART_MESSAGES.lineNotFound);
  return toRemoteCartRow(row);
}

export async function removeCartItem(db: Db, userId: string, id: string): Promise<void> {
  const line = await ownLine(db, userId, id);
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
}
