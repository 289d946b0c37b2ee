import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { useId, useState } from 'react';
import { ADMIN_PRODUCTS_KEY, listAdminProducts } from '#web/admin/shared/product-lookups.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { moneyRange } from '../ui/format.ts';
import { ProductThumb } from '../ui/product-thumb.tsx';
import { useDebouncedSearch } from '../ui/use-debounced-search.ts';

const RESULTS = 8;

/**
 * Embeds a product card: search the products (the admin product list, newest first until
 * something is typed), pick one, insert. The card stores the product's slug, which the storefront
 * resolves when it draws the post.
 */
export function ProductPickerDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [text, setText] = useDebouncedSearch(term, setTerm);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const products = useQuery({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'list', { search: term, limit: RESULTS }],
    queryFn: () => listAdminProducts(term ? { search: term, limit: RESULTS } : { limit: RESULTS }),
    placeholderData: keepPreviousData,
  });
  const matches = products.data?.data ?? [];

  const insert = () => {
    if (!chosen) {
      setError('Choose a product');
      return;
    }
    editor.chain().focus().insertProductCard(chosen).run();
    onClose();
  };

  return (
    <FormDialog
      title="Embed a product"
      description="The post shows the product as a card with its picture, price and a link to it."
      error={error}
      submitLabel="Insert product card"
      size="lg"
      onSubmit={insert}
      onClose={onClose}
    >
      <div>
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Search products
        </label>
        <input
          id={`${id}-search`}
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the dialog exists to search; focus goes where the typing starts.
          autoFocus
          value={text}
          placeholder="Name, SKU or slug"
          onChange={(event) => setText(event.target.value)}
          className={inputClass}
        />
      </div>
      {/* min-w-0: a fieldset is as wide as its content by default, and long names must truncate. */}
      <fieldset className="min-w-0">
        <legend className="sr-only">Products</legend>
        <div className="max-h-[min(22rem,50dvh)] space-y-1 overflow-y-auto rounded-xl border border-line p-1.5">
          {products.isPending && <p className="p-2 text-sm text-muted">Loading products…</p>}
          {products.isError && <p className="p-2 text-sm text-danger">Could not load the products.</p>}
          {products.isSuccess && matches.length === 0 && (
            <p className="p-2 text-sm text-muted">{term ? `No product matches “${term}”.` : 'No products yet.'}</p>
          )}
          {matches.map((product) => (
            <label
              key={product.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-subtle has-checked:bg-accent-soft"
            >
              <input
                type="radio"
                name={`${id}-product`}
                value={product.slug}
                checked={chosen === product.slug}
                onChange={() => {
                  setChosen(product.slug);
                  setError(null);
                }}
                className="size-4 shrink-0 accent-accent"
              />
              <ProductThumb src={product.images[0]} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-strong">{product.name}</span>
                <span className="block truncate text-xs text-muted">
                  {moneyRange(product.price, product.price_max)} · {product.slug}
                  {product.is_active ? '' : ' · inactive'}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
