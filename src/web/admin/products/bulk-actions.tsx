import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import type { BulkProductsRequest, BulkProductsResult } from '#shared/contracts/admin-products.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { ADMIN_PRODUCTS_KEY, categoryOptions, runBulkAction } from './product-api.ts';

type InputAction = 'set_category' | 'adjust_price' | 'set_stock';
/** A bulk request without the ids (the bar adds the selection); distributed over the action union. */
type BulkCommand = BulkProductsRequest extends infer Request
  ? Request extends BulkProductsRequest
    ? Omit<Request, 'productIds'>
    : never
  : never;
type ConfirmAction = 'delete' | 'deactivate';

const plural = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

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

/** The bar over the products table while rows are selected: every action of POST /admin/products/bulk. */
export function BulkActionBar({
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
  const [confirm, setConfirm] = useState<ConfirmAction | null>(null);
  const [input, setInput] = useState<InputAction | null>(null);
  const bulk = useMutation({
    mutationFn: runBulkAction,
    onSuccess: (result) => {
      setConfirm(null);
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
  const run = (request: BulkCommand) => bulk.mutate({ ...request, productIds } as BulkProductsRequest);
  const count = productIds.length;

  return (
    <section
      aria-label="Bulk actions"
      className="sticky top-18 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-2xl border border-accent bg-accent-soft p-3 shadow-sm"
    >
      <p className="mr-auto pl-1 text-sm font-semibold text-strong" aria-live="polite">
        {plural(count)} selected
      </p>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => run({ action: 'activate' })}
      >
        Activate
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => setConfirm('deactivate')}
      >
        Deactivate
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => run({ action: 'set_featured', updateData: { featured: true } })}
      >
        Feature
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => run({ action: 'set_featured', updateData: { featured: false } })}
      >
        Unfeature
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => setInput('set_category')}
      >
        Move to category
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => setInput('adjust_price')}
      >
        Adjust price
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={bulk.isPending}
        onClick={() => setInput('set_stock')}
      >
        Set stock
      </button>
      <button
        type="button"
        className="btn px-3 py-1.5 text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40"
        disabled={bulk.isPending}
        onClick={() => setConfirm('delete')}
      >
        Delete
      </button>
      <button
        type="button"
        className="px-2 py-1.5 text-sm text-muted underline-offset-4 hover:underline"
        onClick={onClear}
      >
        Clear selection
      </button>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? `Delete ${plural(count)}?` : `Deactivate ${plural(count)}?`}
        confirmLabel={confirm === 'delete' ? 'Delete' : 'Deactivate'}
        danger
        pending={bulk.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run({ action: confirm })}
      >
        {confirm === 'delete'
          ? 'Products that appear in orders are archived instead (hidden from the store, kept for the order history). This cannot be undone.'
          : 'They disappear from the store at once. You can activate them again later.'}
      </ConfirmDialog>
      <BulkInputDialog
        action={input}
        count={count}
        categories={categories}
        pending={bulk.isPending}
        onCancel={() => setInput(null)}
        onSubmit={run}
      />
    </section>
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
                  {categoryOptions(categories).map(([id, label]) => (
                    <option key={id} value={id}>
                      {label}
                    </option>
                  ))}
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
                  Prices are rounded to the cent. A compare-at price that would no longer be above the new price is
                  cleared.
                </p>
              </>
            )}
            {action === 'set_stock' && (
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
