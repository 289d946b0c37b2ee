import { useId } from 'react';
import type { Product, ProductVariant } from '#shared/contracts/products.ts';
import { choose, conflictingValues, sharesOneStock, type ValueState, valueState } from './variant-selection.ts';

export interface VariantPickerProps {
  product: Pick<Product, 'variations' | 'variants'>;
  /** The chosen variant (undefined only for an answer without variants). */
  variant: ProductVariant | undefined;
  /** What the shopper chose for each variation: the variant's options, or free shared-stock choices. */
  choices: Record<string, string>;
  onChange: (variant: ProductVariant | undefined, choices: Record<string, string>) => void;
}

const PILL_STATE: Record<ValueState, string> = {
  available: '',
  // Sold out: struck through, still choosable (the page then says so and Add to cart is off).
  'sold-out': 'text-muted line-through decoration-1',
  // Not sold with the other choices: dimmed; choosing it moves the others to a real variant.
  unavailable: 'border-dashed opacity-55',
};

/**
 * One radio group per variation (Memory, Colour…), native radios drawn as pills: arrow keys move
 * the choice (decision 012 §6). With variants of their own, each value says what choosing it would
 * give with the other current choices: sold-out values are struck through, values not sold with
 * them are dimmed and described ("Not available with 8 GB"); both stay clickable, and choosing
 * one lands on the nearest real variant (`choose`). Shared-stock choices are free, as before.
 */
export function VariantPicker({ product, variant, choices, onChange }: VariantPickerProps) {
  const groupName = useId();
  const shared = sharesOneStock(product);
  return (product.variations ?? []).map((variation, index) => (
    <fieldset key={variation.name} className="mt-6">
      <legend className="text-sm font-semibold text-strong">{variation.name}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {variation.options.map((option) => {
          const state = valueState(product, variant, variation.name, option);
          const description =
            state === 'sold-out'
              ? 'Sold out'
              : state === 'unavailable' && variant
                ? `Not available with ${conflictingValues(product, variant, variation.name, option).join(', ')}`
                : undefined;
          return (
            <label key={option} className="cursor-pointer">
              <input
                type="radio"
                name={`${groupName}-${index}`}
                value={option}
                checked={choices[variation.name] === option}
                aria-description={description}
                data-state={state}
                onChange={() => {
                  if (shared || !variant) {
                    onChange(variant, { ...choices, [variation.name]: option });
                  } else {
                    const next = choose(product, variant, variation.name, option);
                    onChange(next, { ...next.options });
                  }
                }}
                className="peer sr-only"
              />
              <span
                className={`inline-flex min-h-10 items-center rounded-full border border-line-strong bg-surface px-4 text-sm font-medium text-fg transition peer-checked:border-accent peer-checked:bg-accent-soft peer-checked:text-strong peer-checked:ring-1 peer-checked:ring-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent hover:bg-subtle peer-checked:hover:bg-accent-soft ${PILL_STATE[state]}`}
              >
                {option}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  ));
}

/** The choices a page starts with: the variant's options, or the first value of each shared variation. */
export function initialChoices(
  product: Pick<Product, 'variations' | 'variants'>,
  variant: ProductVariant | undefined,
): Record<string, string> {
  if (variant && !sharesOneStock(product)) return { ...variant.options };
  return Object.fromEntries(
    (product.variations ?? []).map((variation) => [variation.name, variation.options[0] ?? '']),
  );
}
