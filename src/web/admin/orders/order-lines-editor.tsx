import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { AdminProduct } from '#shared/contracts/admin-products.ts';
import { ORDER_LINE_MAX_QUANTITY, ORDER_MAX_LINES, type OrderCalculation } from '#shared/contracts/orders.ts';
import {
  headlineVariantOf,
  lineLabel,
  optionsKey,
  optionValues,
  sellsOwnCombinations,
} from '#shared/product-variants.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { money, moneyRange } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { ADMIN_ORDERS_KEY, searchProducts } from './order-api.ts';

/** A line being put together: the product as found (its name, picture, variations and variants) and the choice. */
export interface DraftLine {
  key: string;
  product: Pick<
    AdminProduct,
    'id' | 'name' | 'sku' | 'images' | 'variations' | 'price' | 'price_max' | 'stock_quantity' | 'variants'
  >;
  /** The variant sold (decision 012 §3); null only for a product answered without variants. */
  variantId: string | null;
  quantity: number;
  selectedVariations: Record<string, string>;
}

type DraftProduct = DraftLine['product'];
type Variant = DraftProduct['variants'][number];

let nextKey = 0;

/** Whether the product sells its own combinations (else one default variant, options shared). */
export const hasOwnVariants = (product: DraftProduct) => sellsOwnCombinations(product.variants);

/** The variants staff may sell: active ones, in the product's order. */
export const sellableVariants = (product: DraftProduct) =>
  product.variants.filter((variant) => variant.is_active).sort((a, b) => a.sort_order - b.sort_order);

/**
 * The variant a found product starts with: the default variant, else the lowest-priced active one
 * (then list order), as the product's headline price (docs/product.md#product).
 */
export function headlineVariant(product: DraftProduct): Variant | undefined {
  return headlineVariantOf(product.variants);
}

/**
 * A new line for a product: its headline variant; options shared by a default variant start at the
 * first of each, like the product page preselects.
 */
export function draftLineFor(product: DraftProduct, variant = headlineVariant(product)): DraftLine {
  nextKey += 1;
  return {
    key: `line-${nextKey}`,
    product,
    variantId: variant?.id ?? null,
    quantity: 1,
    selectedVariations: hasOwnVariants(product)
      ? { ...(variant?.options ?? {}) }
      : Object.fromEntries(product.variations.map((v) => [v.name, v.options[0] ?? ''])),
  };
}

const sameLine = (a: DraftLine, b: DraftLine) =>
  a.product.id === b.product.id &&
  a.variantId === b.variantId &&
  optionsKey(a.selectedVariations) === optionsKey(b.selectedVariations);

/** Lines of the same variant (and shared choices) become one, their quantities added. */
export function mergeLines(lines: readonly DraftLine[]): DraftLine[] {
  const merged: DraftLine[] = [];
  for (const line of lines) {
    const index = merged.findIndex((other) => sameLine(other, line));
    const same = merged[index];
    if (same) {
      merged[index] = { ...same, quantity: Math.min(ORDER_LINE_MAX_QUANTITY, same.quantity + line.quantity) };
    } else {
      merged.push(line);
    }
  }
  return merged;
}

/** Adds a product's headline variant; the same variant already in the order gets one more instead. */
export function addProduct(lines: readonly DraftLine[], product: DraftProduct): DraftLine[] {
  return mergeLines([...lines, draftLineFor(product)]);
}

/** The order's lines as the API takes them (no prices: the server prices from the database). */
export function orderLinesOf(lines: readonly DraftLine[]) {
  return lines.map((line) => ({
    product_id: line.product.id,
    ...(line.variantId ? { variant_id: line.variantId } : {}),
    quantity: line.quantity,
    // A variant names its own options; only choices shared by a default variant are sent.
    ...(!hasOwnVariants(line.product) && Object.keys(line.selectedVariations).length > 0
      ? { selectedVariations: line.selectedVariations }
      : {}),
  }));
}

/** "8 GB · $75.00 · 3 in stock": a variant as the line's select offers it. */
function variantChoice(product: DraftProduct, variant: Variant): string {
  const stock = variant.stock_quantity > 0 ? `${variant.stock_quantity} in stock` : 'out of stock';
  return `${optionValues(variant.options, product.variations).join(', ')} · ${money(variant.price)} · ${stock}`;
}

/** Search the catalogue (active products) and add what the customer asks for. */
export function ProductPicker({ onAdd, disabled }: { onAdd: (product: AdminProduct) => void; disabled: boolean }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'product-search', search],
    queryFn: ({ signal }) => searchProducts(search, signal),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
  const products = search ? (results.data?.data ?? []) : [];

  return (
    <div>
      <label className="block">
        <span className="text-sm font-medium">Add a product</span>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search name, SKU or brand"
          aria-controls={resultsId}
          className={inputClass}
        />
      </label>
      <div id={resultsId} aria-live="polite" className="mt-2">
        {search && results.isPending && <p className="text-sm text-muted">Searching…</p>}
        {search && results.isError && <p className="text-sm text-danger">The search failed. Try again.</p>}
        {search && results.isSuccess && products.length === 0 && (
          <p className="text-sm text-muted">No active product matches “{search}”.</p>
        )}
        {products.length > 0 && (
          <ul aria-label="Matching products" className="divide-y divide-line rounded-xl border border-line">
            {products.map((product) => {
              const out = product.stock_quantity <= 0;
              return (
                <li key={product.id} className="flex items-center gap-3 px-3 py-2">
                  <ProductThumb src={product.images[0]} size="sm" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium break-words text-strong">{product.name}</p>
                    <p className="text-xs text-muted">
                      <span className="font-mono">{product.sku}</span> · {moneyRange(product.price, product.price_max)}{' '}
                      · {out ? 'Out of stock' : `${product.stock_quantity} in stock`}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-secondary shrink-0 px-3 py-1.5"
                    disabled={disabled || out}
                    aria-label={`Add ${product.name}`}
                    onClick={() => onAdd(product)}
                  >
                    Add
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The chosen lines: variations, quantity and the server's price (or why the line cannot be sold). */
export function LinesEditor({
  lines,
  calculation,
  onChange,
}: {
  lines: readonly DraftLine[];
  calculation: OrderCalculation | undefined;
  onChange: (lines: DraftLine[]) => void;
}) {
  const update = (key: string, patch: Partial<DraftLine>) =>
    onChange(mergeLines(lines.map((line) => (line.key === key ? { ...line, ...patch } : line))));
  if (lines.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
        No products yet. Search above and add them.
      </p>
    );
  }
  return (
    <ul aria-label="Order lines" className="divide-y divide-line rounded-xl border border-line">
      {lines.map((line, index) => {
        const priced = calculation?.items[index];
        const matches = priced?.product_id === line.product.id;
        const own = hasOwnVariants(line.product);
        const variant = line.product.variants.find((item) => item.id === line.variantId);
        const choices = own ? sellableVariants(line.product) : [];
        // Two variants of one product are two lines: their controls are named by the options too.
        const label =
          own && variant ? lineLabel(line.product.name, variant.options, line.product.variations) : line.product.name;
        return (
          <li key={line.key} className="p-3">
            <div className="flex items-start gap-3">
              <ProductThumb src={line.product.images[0]} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-strong">{line.product.name}</p>
                <p className="font-mono text-xs text-muted">{variant?.sku ?? line.product.sku}</p>
              </div>
              <button
                type="button"
                className="text-sm font-medium text-danger underline-offset-4 hover:underline"
                aria-label={`Remove ${label}`}
                onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
              >
                Remove
              </button>
            </div>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              {own && (
                <label className="min-w-0 flex-1 text-sm sm:min-w-48">
                  <span className="font-medium">Variant</span>
                  <select
                    value={line.variantId ?? ''}
                    onChange={(event) => {
                      const chosen = line.product.variants.find((item) => item.id === event.target.value);
                      if (chosen) update(line.key, { variantId: chosen.id, selectedVariations: { ...chosen.options } });
                    }}
                    aria-label={`Variant of ${label}`}
                    className={inputClass}
                  >
                    {/* A variant deactivated since the line was added stays listed, so the select says what is chosen. */}
                    {(variant && !choices.includes(variant) ? [variant, ...choices] : choices).map((item) => (
                      <option key={item.id} value={item.id}>
                        {variantChoice(line.product, item)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {!own &&
                line.product.variations.map((variation) => (
                  <label key={variation.name} className="min-w-32 flex-1 text-sm sm:flex-none">
                    <span className="font-medium">{variation.name}</span>
                    <select
                      value={line.selectedVariations[variation.name] ?? ''}
                      onChange={(event) =>
                        update(line.key, {
                          selectedVariations: { ...line.selectedVariations, [variation.name]: event.target.value },
                        })
                      }
                      aria-label={`${variation.name} for ${line.product.name}`}
                      className={inputClass}
                    >
                      {variation.options.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              <label className="w-24 text-sm">
                <span className="font-medium">Quantity</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={ORDER_LINE_MAX_QUANTITY}
                  value={line.quantity}
                  aria-label={`Quantity of ${label}`}
                  onChange={(event) => {
                    const value = Math.trunc(Number(event.target.value));
                    if (Number.isFinite(value)) {
                      update(line.key, { quantity: Math.min(ORDER_LINE_MAX_QUANTITY, Math.max(1, value)) });
                    }
                  }}
                  className={inputClass}
                />
              </label>
              <p className="ml-auto text-right text-sm tabular-nums">
                {matches && priced ? (
                  <>
                    <span className="block text-xs text-muted">
                      {priced.quantity} × {money(priced.unit_price)}
                    </span>
                    <span className="font-semibold text-strong">{money(priced.line_total)}</span>
                  </>
                ) : (
                  <span className="text-muted">…</span>
                )}
              </p>
            </div>
            {matches && priced && !priced.available && (
              <p role="alert" className="mt-2 text-sm text-danger">
                {priced.message ?? 'This line cannot be ordered as it is.'}
              </p>
            )}
          </li>
        );
      })}
      {lines.length >= ORDER_MAX_LINES && (
        <li className="p-3 text-sm text-muted">An order can have at most {ORDER_MAX_LINES} lines.</li>
      )}
    </ul>
  );
}
