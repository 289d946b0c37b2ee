import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { adminDelete } from '../auth/admin-api.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { errorMessage, invalidateCategories } from './category-queries.ts';
import { categoryOptions } from './category-tree.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 products and 1 sub-category": what a delete would leave without a home. */
export function contentsLabel(category: Pick<AdminCategory, 'product_count' | 'child_count'>): string {
  return [
    category.product_count > 0 && plural(category.product_count, 'product', 'products'),
    category.child_count > 0 && plural(category.child_count, 'sub-category', 'sub-categories'),
  ]
    .filter(Boolean)
    .join(' and ');
}

/**
 * Deleting a category. An empty one takes a plain confirm; one with products or sub-categories
 * asks where they go (`move_to`), since the server refuses to guess (409). If the server still
 * refuses (someone added a product meanwhile), its message is shown and the move is asked for.
 */
export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
  onDeleted,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  onClose: () => void;
  /** After the delete (the row, and the button that opened this, are gone). */
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const needsMove = category.product_count > 0 || category.child_count > 0 || refusal !== null;

  const remove = useMutation({
    mutationFn: (moveTo: string | undefined) =>
      adminDelete(`/admin/categories/${category.id}`, { query: { move_to: moveTo } }),
    onSuccess: () => {
      toast({ variant: 'success', title: `${category.name} deleted` });
      void invalidateCategories(queryClient);
      onDeleted();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        // The counts were stale: fetch them again for the move step.
        void invalidateCategories(queryClient);
        return;
      }
      toast({ variant: 'error', title: errorMessage(error, 'Could not delete the category') });
    },
  });

  // Switching steps unmounts the confirm dialog (no close event, so onClose is not called) and opens the move one.
  if (!needsMove) {
    return (
      <ConfirmDialog
        open
        title={`Delete ${category.name}?`}
        confirmLabel="Delete category"
        danger
        pending={remove.isPending}
        onCancel={onClose}
        onConfirm={() => remove.mutate(undefined)}
      >
        It has no products and no sub-categories. This cannot be undone.
      </ConfirmDialog>
    );
  }
  return (
    <MoveAndDeleteDialog
      category={category}
      categories={categories}
      refusal={refusal}
      pending={remove.isPending}
      onConfirm={(moveTo) => remove.mutate(moveTo)}
      onClose={onClose}
    />
  );
}

function MoveAndDeleteDialog({
  category,
  categories,
  refusal,
  pending,
  onConfirm,
  onClose,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  refusal: string | null;
  pending: boolean;
  onConfirm: (moveTo: string) => void;
  onClose: () => void;
}) {
  const dialog = useControlledDialog(true);
  const id = useId();
  const [moveTo, setMoveTo] = useState('');
  const contents = contentsLabel(category);
  const targets = categoryOptions(categories, category.id);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onClose}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-strong">
        Delete {category.name}?
      </h2>
      <p id={`${id}-body`} className="mt-2 text-sm text-muted">
        {contents
          ? `It has ${contents}. Choose where they go before the category is deleted.`
          : 'Choose where its products and sub-categories go before it is deleted.'}
      </p>
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {refusal}
        </p>
      )}
      <form
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (moveTo) onConfirm(moveTo);
        }}
      >
        <label htmlFor={`${id}-move`} className="text-sm font-medium">
          Move them to
        </label>
        <select
          id={`${id}-move`}
          value={moveTo}
          required
          onChange={(event) => setMoveTo(event.target.value)}
          className={inputClass}
        >
          <option value="" disabled>
            Choose…
          </option>
          <option value="none">No category (products uncategorised, sub-categories top level)</option>
          {targets.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn bg-red-700 text-white hover:bg-red-800"
            disabled={pending || moveTo === ''}
          >
            {pending ? 'Deleting…' : 'Move and delete'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
