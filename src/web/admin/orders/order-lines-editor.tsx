import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { AdminProduct } from '#shared/contracts/admin-products.ts';
import { ORDER_LINE_MAX_QUANTITY, ORDER_MAX_LINES, type OrderCalculation } from '#shared/contracts/orders.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { money } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { ADMIN_ORDERS_KEY, searchProducts } from './order-api.ts';

/** A line being put together: the product as found (for its name, picture and variations) and the choice. */
export interface DraftLine {
  key: string;
  product: Pick<AdminProduct, 'id' | 'name' | 'sku' | 'images' | 'variations' | 'price' | 'stock_quantity'>;
  quantity: number;
  selectedVariations: Record<string, string>;
}

let nextKey = 0;

/** A new line for a product: the first option of each variation, like the product page preselects. */
export function draftLineFor(product: DraftLine['product']): DraftLine {
  nextKey += 1;
  return {
    key: `line-${nextKey}`,
    product,
    quantity: 1,
    selectedVariations: Object.fromEntries(product.variations.map((v) => [v.name, v.options[0] ?? ''])),
  };
}

/** Adds a product; the same product with the same choices already in the order gets one more instead. */
export function addProduct(lines: readonly DraftLine[], product: DraftLine['product']): DraftLine[] {
  const draft = draftLineFor(product);
  const same = lines.find(
    (line) =>
      line.product.id === product.id &&
      JSON.stringify(line.selectedVariations) === JSON.stringify(draft.selectedVariations),
  );
  if (same) {
    return lines.map((line) =>
      line === same ? { ...line, quantity: Math.min(ORDER_LINE_MAX_QUANTITY, line.quantity + 1) } : line,
    );
  }
  return [...lines, draft];
}

/** The order's lines as the API takes them (no prices: the server prices from the database). */
export function orderLinesOf(lines: readonly DraftLine[]) {
  return lines.map((line) => ({
    product_id: line.product.id,
    quantity: line.quantity,
    ...(Object.keys(line.selectedVariations).length > 0 ? { selectedVariations: line.selectedVariations } : {}),
  }));
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
                      <span className="font-mono">{product.sku}</span> · {money(product.price)} ·{' '}
                      {out ? 'Out of stock' : `${product.stock_quantity} in stock`}
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
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
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
        return (
          <li key={line.key} className="p-3">
            <div className="flex items-start gap-3">
              <ProductThumb src={line.product.images[0]} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-strong">{line.product.name}</p>
                <p className="font-mono text-xs text-muted">{line.product.sku}</p>
              </div>
              <button
                type="button"
                className="text-sm font-medium text-danger underline-offset-4 hover:underline"
                aria-label={`Remove ${line.product.name}`}
                onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
              >
                Remove
              </button>
            </div>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              {line.product.variations.map((variation) => (
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
                  aria-label={`Quantity of ${line.product.name}`}
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
