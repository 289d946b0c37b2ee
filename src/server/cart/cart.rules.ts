import { sameOptions } from '#shared/product-variants.ts';

/**
 * The browser cart's quantity rules (docs/product.md#stock-and-quantities), on the server's rows,
 * so both carts refuse the same things with the same words.
 */

/** docs/product.md#limits-and-constants "Cart fallback max quantity". */
export const CART_LINE_FALLBACK_MAX = 100;

/** A line's maximum: the variant's stock (100 when unknown), never above the product's max_per_order. */
export function lineMaxOf(maxPerOrder: number, variantStock: number): number {
  let max = CART_LINE_FALLBACK_MAX;
  if (Number.isInteger(variantStock) && variantStock > 0) max = Math.min(max, variantStock);
  if (Number.isInteger(maxPerOrder) && maxPerOrder > 0) max = Math.min(max, maxPerOrder);
  return max;
}

interface VariantLike {
  id: string;
  options: Record<string, string>;
}

/**
 * The variant a line means, as the browser and order placement resolve it (decision 012): the named
 * one, else the default variant, else the one whose options are the choices.
 */
export function resolveVariant<T extends VariantLike>(
  variants: readonly T[],
  variantId: string | null | undefined,
  choices: Record<string, string>,
): T | undefined {
  if (variantId) return variants.find((variant) => variant.id === variantId);
  return (
    variants.find((variant) => sameOptions(variant.options, {})) ??
    variants.find((variant) => sameOptions(variant.options, choices))
  );
}
