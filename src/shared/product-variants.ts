/**
 * Pure rules about variants shared by the server and both web apps (decision 012,
 * docs/product.md#product). A product has *variations* (the lists: Memory: 2 GB, 4 GB, 8 GB); a
 * variant has *options* (its values: {Memory: "8 GB"}). `{}` is the default variant.
 */

/**
 * A line's variant went away after it was put in the cart (docs/product.md#cart-messages and the
 * order messages): deactivated, or no longer one of the product's variants; or sold out.
 * Re-exported by contracts/orders.ts.
 */
export const VARIANT_UNAVAILABLE_MESSAGE = 'This option is no longer available';
export const VARIANT_GONE_MESSAGE = 'This option is no longer sold: choose another';
export const VARIANT_OUT_OF_STOCK_MESSAGE = 'This option is out of stock';

interface NamedVariations {
  name: string;
  options?: string[];
}

/** One key for a set of choices regardless of key order: `{a, b}` and `{b, a}` are the same line. */
export function optionsKey(options: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function sameOptions(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  return optionsKey(a) === optionsKey(b);
}

/** The names of the chosen options in the product's variation order, then any others. */
function namesInOrder(options: Readonly<Record<string, string>>, variations: readonly NamedVariations[]): string[] {
  const named = variations.map((variation) => variation.name).filter((name) => name in options);
  return [...named, ...Object.keys(options).filter((name) => !named.includes(name))];
}

/** The chosen values in the product's variation order, then any others: "8 GB, Black". */
export function optionValues(
  options: Readonly<Record<string, string>>,
  variations: readonly NamedVariations[] = [],
): string[] {
  return namesInOrder(options, variations).map((name) => options[name] as string);
}

/**
 * The same options with their keys in the product's variation order (the order its page shows
 * them), then any others. A variant's `options` come back from the database in jsonb's own key
 * order (shorter names first), so a cart line keeps its options in this order instead, and every
 * place that lists them (drawer, checkout) shows Colour / Storage as the product page does.
 */
export function inVariationOrder(
  options: Readonly<Record<string, string>>,
  variations: readonly NamedVariations[] = [],
): Record<string, string> {
  return Object.fromEntries(namesInOrder(options, variations).map((name) => [name, options[name] as string]));
}

/** How a line is named in messages and lists: "Raspberry Pi 4 Model B (8 GB, Black)". */
export function lineLabel(
  name: string,
  options: Readonly<Record<string, string>>,
  variations: readonly NamedVariations[] = [],
): string {
  const values = optionValues(options, variations);
  return values.length === 0 ? name : `${name} (${values.join(', ')})`;
}

/** The SKU a variant gets when none is typed: `RPI4-8-GB` (product SKU, then the values slugged). */
export function defaultVariantSku(
  productSku: string,
  options: Readonly<Record<string, string>>,
  variations: readonly NamedVariations[] = [],
): string {
  const slug = optionValues(options, variations)
    .join('-')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase();
  return slug === '' ? productSku : `${productSku}-${slug}`;
}

interface VariantLike {
  options: Readonly<Record<string, string>>;
  /** Absent in storefront answers, which list active variants only. */
  is_active?: boolean;
  price: number;
  sort_order: number;
  /** The last tie-break of the headline; absent for variants not saved yet. */
  id?: string;
}

export const isDefaultVariant = (variant: Pick<VariantLike, 'options'>): boolean =>
  Object.keys(variant.options).length === 0;

const isActive = (variant: Pick<VariantLike, 'is_active'>) => variant.is_active !== false;

/**
 * Whether a product sells its own combinations: it has no active default variant. Inactive rows
 * kept because orders refer to them (an old default beside combinations, or combinations beside a
 * default after a merge back) do not decide it (decision 012 §1: the shape is over active variants).
 */
export function sellsOwnCombinations(variants: readonly VariantLike[]): boolean {
  return (
    !variants.some((variant) => isDefaultVariant(variant) && isActive(variant)) &&
    variants.some((variant) => !isDefaultVariant(variant))
  );
}

/**
 * The headline variant (docs/product.md#product): the lowest-priced active variant (then sort
 * order, then id), else, none being active, the lowest-priced of all. With a valid shape an active
 * default is the only active variant, so it is the headline; an inactive default kept for past
 * orders is not. The one rule in code: the server's mapper and write service call it, and the
 * database's roll-up (`cedar_roll_up_variants`, migrations 0009 and 0011) is its SQL twin,
 * `ORDER BY is_active DESC, price, sort_order, id LIMIT 1`, which derives the product's price.
 */
export function headlineVariantOf<T extends VariantLike>(variants: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const variant of variants) if (!best || headlineRank(variant, best) < 0) best = variant;
  return best;
}

/** Negative when `a` comes before `b` as headline: active first, then price, sort order, id. */
function headlineRank(a: VariantLike, b: VariantLike): number {
  return (
    Number(isActive(b)) - Number(isActive(a)) ||
    a.price - b.price ||
    a.sort_order - b.sort_order ||
    (a.id === undefined || b.id === undefined || a.id === b.id ? 0 : a.id < b.id ? -1 : 1)
  );
}
