import { PRODUCT_LIMITS } from '#shared/contracts/admin-products.ts';
import { optionsKey, optionValues } from '#shared/product-variants.ts';
import type { VariantRowValues } from './product-form-values.ts';

/**
 * The variant grid's rules, apart from React (decision 012 §7): which combinations the variations
 * make, which rows still fit them, and what "Generate variants" does.
 */

interface TypedVariation {
  name: string;
  options: string[];
}

/** The variations as they will be saved: trimmed, without empty names or values. */
export function usableVariations(variations: readonly TypedVariation[]): TypedVariation[] {
  return variations
    .map((variation) => ({
      name: variation.name.trim(),
      options: variation.options.map((option) => option.trim()).filter((option) => option !== ''),
    }))
    .filter((variation) => variation.name !== '' && variation.options.length > 0);
}

/** How many variants the variations make (one per combination of values). */
export function combinationCount(variations: readonly TypedVariation[]): number {
  const usable = usableVariations(variations);
  return usable.length === 0 ? 0 : usable.reduce((count, variation) => count * variation.options.length, 1);
}

/** Every combination, first variation slowest: 2 GB Black, 2 GB White, 4 GB Black… */
export function combinations(variations: readonly TypedVariation[]): Array<Record<string, string>> {
  return usableVariations(variations).reduce<Array<Record<string, string>>>(
    (sets, variation) =>
      sets.flatMap((set) => variation.options.map((option) => ({ ...set, [variation.name]: option }))),
    [{}],
  );
}

/** A row fits when it names every variation once with one of its current values, and nothing else. */
export function rowFits(options: Readonly<Record<string, string>>, variations: readonly TypedVariation[]): boolean {
  const usable = usableVariations(variations);
  if (usable.length === 0 || Object.keys(options).length !== usable.length) return false;
  return usable.every((variation) => variation.options.includes(options[variation.name] ?? '\u0000'));
}

/** "8 GB, Black": the row's values in variation order. */
export function optionsLabel(options: Readonly<Record<string, string>>, variations: readonly TypedVariation[]): string {
  return optionValues(options, variations).join(', ');
}

export const tooManyVariantsMessage = (count: number) =>
  `At most ${PRODUCT_LIMITS.variants} variants: ${count} combinations`;

/** Where a new row starts: the headline price and threshold, no stock, no SKU (the server makes one). */
export interface NewRowDefaults {
  price: string;
  low_stock_threshold: string;
}

export function newVariantRow(options: Record<string, string>, defaults: NewRowDefaults): VariantRowValues {
  return {
    variant_id: '',
    options,
    sku: '',
    price: defaults.price,
    compare_at_price: '',
    cost_price: '',
    stock_quantity: '0',
    low_stock_threshold: defaults.low_stock_threshold || '5',
    image: '',
    is_active: true,
  };
}

/**
 * "Generate variants": the rows that still fit keep their place and values, the missing
 * combinations are added after them, rows whose values are gone are dropped. Refused above
 * PRODUCT_LIMITS.variants combinations.
 */
export function generateRows(
  rows: readonly VariantRowValues[],
  variations: readonly TypedVariation[],
  defaults: NewRowDefaults,
): { rows: VariantRowValues[] } | { error: string } {
  const count = combinationCount(variations);
  if (count === 0) return { error: 'Add a variation with at least one option first' };
  if (count > PRODUCT_LIMITS.variants) return { error: tooManyVariantsMessage(count) };
  const kept = rows.filter((row) => rowFits(row.options, variations));
  const have = new Set(kept.map((row) => optionsKey(row.options)));
  const added = combinations(variations)
    .filter((options) => !have.has(optionsKey(options)))
    .map((options) => newVariantRow(options, defaults));
  return { rows: [...kept, ...added] };
}
