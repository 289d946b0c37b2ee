import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { ADMIN_PRODUCTS_KEY, categoryOptions, listAdminProducts } from '#web/admin/shared/product-lookups.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { useDebouncedSearch } from '../ui/use-debounced-search.ts';

const chipClass =
  'inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-1 pr-1 pl-3 font-mono text-xs text-strong';

/**
 * The SKUs a product code applies to, as chips. Typing searches the products (the admin product
 * list); a match adds its SKU, and Enter or a comma adds the typed text as a SKU (a variant's SKU
 * the search does not show). The server refuses SKUs that do not exist, naming them.
 */
export function SkuPicker({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (skus: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [text, setText] = useDebouncedSearch(term, setTerm);
  const products = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'list', { search: term, limit: 6 }],
    queryFn: () => listAdminProducts({ search: term, limit: 6 }),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const add = (sku: string) => {
    const clean = sku.trim().toUpperCase();
    if (clean && !value.includes(clean)) onChange([...value, clean]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && text.trim()) {
      event.preventDefault();
      add(text);
      setText('');
      setTerm('');
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  const matches = term ? (products.data?.data ?? []) : [];
  return (
    <div>
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        Products (SKUs)
      </label>
      {value.length > 0 && (
        <ul aria-label="Chosen SKUs" className="mt-2 flex flex-wrap gap-1.5">
          {value.map((sku) => (
            <li key={sku} className={chipClass}>
              <span className="[overflow-wrap:anywhere]">{sku}</span>
              <button
                type="button"
                className="inline-flex size-5 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
                aria-label={`Remove ${sku}`}
                onClick={() => onChange(value.filter((item) => item !== sku))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-input`}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Search products, or type a SKU and press Enter"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className={inputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        A line counts when its product or variant SKU is listed here, or its category is ticked below.
      </p>
      {matches.length > 0 && (
        <ul aria-label="Matching products" className="mt-2 divide-y divide-line rounded-xl border border-line">
          {matches.map((product) => {
            const chosen = value.includes(product.sku.toUpperCase());
            return (
              <li key={product.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{product.name}</span>
                  <span className="block font-mono text-xs text-muted">{product.sku}</span>
                </span>
                <button
                  type="button"
                  className="btn-secondary shrink-0 px-3 py-1 text-xs"
                  disabled={chosen}
                  aria-label={`Add ${product.sku}`}
                  onClick={() => add(product.sku)}
                >
                  {chosen ? 'Added' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {term && products.isSuccess && matches.length === 0 && (
        <p className="mt-2 text-sm text-muted">No product matches “{term}”. Press Enter to add it as a SKU.</p>
      )}
    </div>
  );
}

/** Categories a product code applies to: every category, indented by level, ticked or not. */
export function CategoryPicker({
  categories,
  value,
  onChange,
  error,
}: {
  categories: readonly AdminCategory[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const options = categoryOptions(categories);
  const toggle = (categoryId: string) =>
    onChange(value.includes(categoryId) ? value.filter((item) => item !== categoryId) : [...value, categoryId]);
  return (
    <fieldset>
      <legend className="text-sm font-medium">
        Categories <span className="font-normal text-muted">({value.length} chosen)</span>
      </legend>
      {options.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No categories yet.</p>
      ) : (
        <div className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-xl border border-line p-2">
          {options.map(([categoryId, label]) => (
            <label key={categoryId} className="flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-subtle">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-accent"
                checked={value.includes(categoryId)}
                onChange={() => toggle(categoryId)}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
            </label>
          ))}
        </div>
      )}
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
