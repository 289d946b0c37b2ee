import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import { sameOptions, sellsOwnCombinations } from '#shared/product-variants.ts';

/**
 * Which variant the shopper has chosen, and what each other value would lead to (decision 012 §6,
 * docs/product.md#product). Pure: the product page, quick view and their tests share it. The
 * selection always names a real variant, so price, stock, SKU and photo are never a guess.
 * Kept out of the first load (vite.config.ts `CART_KIT`): only the screens that choose load it.
 */

type WithVariants = Pick<Product, 'variations' | 'variants'>;
export type ValueState = 'available' | 'sold-out' | 'unavailable';

/**
 * True when the product's variations are choices over one shared stock and price (its one active
 * variant is the default, options `{}`): the shopper picks freely, as before variants existed.
 * Answers without `variants` (cached before decision 012) are the same case. The shape rule of
 * #shared/product-variants.ts `sellsOwnCombinations`, from the shopper's side.
 */
export function sharesOneStock(product: Pick<Product, 'variants'>): boolean {
  return !sellsOwnCombinations(product.variants ?? []);
}

/** What a variant sells at and how many are left (the fields a variant shares with its product). */
export type Offer = Pick<
  ProductVariant,
  'price' | 'compare_at_price' | 'in_stock' | 'stock_quantity' | 'low_stock_threshold' | 'sku'
>;

/**
 * Where price and stock are read: the chosen variant, or the product itself when its one default
 * variant shares its stock (the product's figures are that variant's by definition, decision 012
 * §1, and the catalogue's live stock patches reach the product's first).
 */
export function offerOf<P extends Offer & Pick<Product, 'variants'>>(
  product: P,
  variant: ProductVariant | undefined,
): Offer {
  return variant && !sharesOneStock(product) ? variant : product;
}

const bySortOrder = (a: ProductVariant, b: ProductVariant) => a.sort_order - b.sort_order;

/** The named active variant, else the first in stock by sort_order, else the first; none for a product without variants. */
export function initialVariant(
  product: Pick<Product, 'variants'>,
  variantId?: string | null,
): ProductVariant | undefined {
  const variants = [...(product.variants ?? [])].sort(bySortOrder);
  return (
    (variantId ? variants.find((variant) => variant.id === variantId) : undefined) ??
    variants.find((variant) => variant.in_stock) ??
    variants[0]
  );
}

/** The variant with exactly `current`'s options but `name` = `value`, if the product sells it. */
function exactly(product: WithVariants, current: ProductVariant, name: string, value: string) {
  const wanted = { ...current.options, [name]: value };
  return (product.variants ?? []).find((variant) => sameOptions(variant.options, wanted));
}

/**
 * What choosing `value` for `name` would give, keeping the other current choices: `available`,
 * `sold-out` (that variant exists with no stock) or `unavailable` (no active variant has this value
 * with the other current choices). Shared-stock choices are always available.
 */
export function valueState(
  product: WithVariants,
  current: ProductVariant | undefined,
  name: string,
  value: string,
): ValueState {
  if (!current || sharesOneStock(product)) return 'available';
  const variant = exactly(product, current, name, value);
  if (!variant) return 'unavailable';
  return variant.in_stock && variant.stock_quantity > 0 ? 'available' : 'sold-out';
}

/**
 * The current values that rule out `value` ("8 GB" in "Not available with 8 GB"): those no variant
 * with `value` shares; when each is fine alone but not together, all of them.
 */
export function conflictingValues(
  product: WithVariants,
  current: ProductVariant,
  name: string,
  value: string,
): string[] {
  const others = (product.variations ?? [])
    .map((variation) => variation.name)
    .filter((other) => other !== name && current.options[other] !== undefined);
  const withValue = (product.variants ?? []).filter((variant) => variant.options[name] === value);
  const conflicts = others.filter(
    (other) => !withValue.some((variant) => variant.options[other] === current.options[other]),
  );
  return (conflicts.length > 0 ? conflicts : others).map((other) => current.options[other] as string);
}

/**
 * The variant the shopper gets by choosing `value` for `name`: of the variants with that value,
 * the one keeping most of the other current choices (ties: sort_order). `current` when the
 * product has no variant with that value.
 */
export function choose(product: WithVariants, current: ProductVariant, name: string, value: string): ProductVariant {
  const kept = (variant: ProductVariant) =>
    Object.entries(current.options).filter(([other, chosen]) => other !== name && variant.options[other] === chosen)
      .length;
  let best: ProductVariant | undefined;
  for (const variant of [...(product.variants ?? [])].sort(bySortOrder)) {
    if (variant.options[name] !== value) continue;
    if (!best || kept(variant) > kept(best)) best = variant;
  }
  return best ?? current;
}
