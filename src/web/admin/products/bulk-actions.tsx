import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import type { BulkProductsRequest, BulkProductsResult } from '#shared/contracts/admin-products.ts';
import { ADMIN_PRODUCTS_KEY, categoryOptions } from '#web/admin/shared/product-lookups.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { type BulkAction, BulkActionBar, countOf } from '../ui/bulk-action-bar.tsx';
import { SelectOptions } from '../ui/select-options.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { runBulkAction } from './product-api.ts';

type InputAction = 'set_category' | 'adjust_price' | 'set_stock';
/** A bulk request without the ids (the bar adds the selection); distributed over the action union. */
type BulkCommand = BulkProductsRequest extends infer Request
  ? Request extends BulkProductsRequest
    ? Omit<Request, 'productIds'>
    : never
  : never;

const NOUN = ['product', 'products'] as const;
const plural = (n: number) => countOf(n, NOUN);

function describe(result: BulkProductsResult): string {
  const n = result.affected;
  switch (result.action) {
    case 'activate':
      return `${plural(n)} activated`;
    case 'deactivate':
      return `${plural(n)} deactivated`;
    case 'delete':
      return result.archived > 0
        ? `${plural(n - result.archived)} deleted, ${result.archived} archived (they appear in orders)`
        : `${plural(n)} deleted`;
    case 'set_featured':
      return `${plural(n)} updated`;
    case 'set_category':
      return `${plural(n)} moved`;
    case 'adjust_price':
      return `Prices of ${plural(n)} adjusted`;
    case 'set_stock':
      return `Stock of ${plural(n)} set`;
  }
}

/** The bulk bar over the products list while rows are selected: every action of POST /admin/products/bulk. */
export function ProductBulkActions({
  productIds,
  categories,
  onDone,
  onClear,
}: {
  productIds: string[];
  categories: readonly AdminCategory[];
  onDone: () => void;
  onClear: () => void;
}) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState<InputAction | null>(null);
  const bulk = useMutation({
    mutationFn: runBulkAction,
    onSuccess: (result) => {
      setInput(null);
      toast({ variant: 'success', title: describe(result) });
      void queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'categories'] });
      onDone();
    },
    onError: (error) => {
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'The bulk action failed' });
    },
  });
  const run = (request: BulkCommand) => bulk.mutateAsync({ ...request, productIds } as BulkProductsRequest);
  const count = productIds.length;
  const actions: BulkAction[] = [
    { label: 'Activate', run: () => run({ action: 'activate' }).catch(() => {}) },
    {
      label: 'Deactivate',
      run: () => run({ action: 'deactivate' }),
      confirm: {
        title: `Deactivate ${plural(count)}?`,
        body: 'They disappear from the store at once. You can activate them again later.',
        danger: true,
      },
    },
    {
      label: 'Feature',
      run: () => run({ action: 'set_featured', updateData: { featured: true } }).catch(() => {}),
    },
    {
      label: 'Unfeature',
      run: () => run({ action: 'set_featured', updateData: { featured: false } }).catch(() => {}),
    },
    { label: 'Move to category', run: () => setInput('set_category') },
    { label: 'Adjust price', run: () => setInput('adjust_price') },
    { label: 'Set stock', run: () => setInput('set_stock') },
    {
      label: 'Delete',
      danger: true,
      run: () => run({ action: 'delete' }),
      confirm: {
        title: `Delete ${plural(count)}?`,
        body: 'Products that appear in orders are archived instead (hidden from the store, kept for the order history). This cannot be undone.',
        danger: true,
      },
    },
  ];

  return (
    <BulkActionBar count={count} noun={NOUN} actions={actions} pending={bulk.isPending} onClear={onClear}>
      <BulkInputDialog
        action={input}
        count={count}
        categories={categories}
        pending={bulk.isPending}
        onCancel={() => setInput(null)}
        onSubmit={(request) => void run(request).catch(() => {})}
      />
    </BulkActionBar>
  );
}

const TITLES: Record<InputAction, string> = {
  set_category: 'Move to category',
  adjust_price: 'Adjust prices',
  set_stock: 'Set stock',
};

/** The one dialog for the bulk actions that need a value: a category, a price change or a stock level. */
function BulkInputDialog({
  action,
  count,
  categories,
  pending,
  onCancel,
  onSubmit,
}: {
  action: InputAction | null;
  count: number;
  categories: readonly AdminCategory[];
  pending: boolean;
  onCancel: () => void;
  onSubmit: (request: BulkCommand) => void;
}) {
  const dialog = useControlledDialog(action !== null);
  const [categoryId, setCategoryId] = useState('');
  const [priceType, setPriceType] = useState<'percent' | 'amount'>('percent');
  const [priceValue, setPriceValue] = useState('');
  const [stock, setStock] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (action === 'set_category') {
      onSubmit({ action, updateData: { category_id: categoryId || null } });
    } else if (action === 'adjust_price') {
      const value = Number(priceValue);
      if (!priceValue.trim() || !Number.isFinite(value) || value === 0) {
        setError('Enter a change other than 0, e.g. -10 or 5');
        return;
      }
      if (priceType === 'percent' && (value < -90 || value > 1000)) {
        setError('A percentage between -90 and 1000');
        return;
      }
      onSubmit({ action, updateData: { type: priceType, value } });
    } else if (action === 'set_stock') {
      const value = Number(stock);
      if (!stock.trim() || !Number.isInteger(value) || value < 0) {
        setError('Enter a whole number, 0 or more');
        return;
      }
      onSubmit({ action, updateData: { stock_quantity: value } });
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="bulk-dialog-title"
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/40"
    >
      {action && (
        <form onSubmit={submit} noValidate>
          <h2 id="bulk-dialog-title" className="text-lg font-semibold text-strong">
            {TITLES[action]}
          </h2>
          <p className="mt-1 text-sm text-muted">Applies to {plural(count)}, all at once or not at all.</p>
          <div className="mt-4 space-y-3">
            {action === 'set_category' && (
              <label className="block text-sm font-medium">
                Category
                <select
                  className={inputClass}
                  value={categoryId}
                  onChange={(event) => setCategoryId(event.target.value)}
                >
                  <option value="">No category</option>
                  <SelectOptions options={categoryOptions(categories)} />
                </select>
              </label>
            )}
            {action === 'adjust_price' && (
              <>
                <fieldset className="flex gap-4 text-sm">
                  <legend className="mb-1 font-medium">Change by</legend>
                  {(['percent', 'amount'] as const).map((type) => (
                    <label key={type} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="price-type"
                        checked={priceType === type}
                        onChange={() => setPriceType(type)}
                        className="accent-accent"
                      />
                      {type === 'percent' ? 'Percent' : 'Amount ($)'}
                    </label>
                  ))}
                </fieldset>
                <label className="block text-sm font-medium">
                  {priceType === 'percent' ? 'Percent (negative lowers prices)' : 'Dollars (negative lowers prices)'}
                  <input
                    className={inputClass}
                    inputMode="decimal"
                    value={priceValue}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => setPriceValue(event.target.value)}
                    placeholder={priceType === 'percent' ? '-10' : '5.00'}
                  />
                </label>
                <p className="text-xs text-muted">
                  The change applies to each variant: a product priced $35.00 – $75.00 moves at both ends. Prices are
                  rounded to the cent. A compare-at price that would no longer be above the new price is cleared.
                </p>
              </>
            )}
            {action === 'set_stock' && (
              <>
                <label className="block text-sm font-medium">
                  Units in stock
                  <input
                    className={inputClass}
                    inputMode="numeric"
                    value={stock}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => setStock(event.target.value)}
                  />
                </label>
                <p className="text-xs text-muted">
                  Applies to each variant: a product with three variants gets this many of each.
                </p>
              </>
            )}
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={pending}>
              Apply to {plural(count)}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
