import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCategory } from '#shared/contracts/admin-categories.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField } from '#web/ui/form-field.tsx';
import { adminDelete } from '../auth/admin-api.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
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
  const [moveTo, setMoveTo] = useState('');
  const contents = contentsLabel(category);
  const targets = categoryOptions(categories, category.id);

  return (
    <FormDialog
      title={`Delete ${category.name}?`}
      description={
        contents
          ? `It has ${contents}. Choose where they go before the category is deleted.`
          : 'Choose where its products and sub-categories go before it is deleted.'
      }
      error={refusal}
      submitLabel="Move and delete"
      pendingLabel="Deleting…"
      danger
      pending={pending}
      submitDisabled={moveTo === ''}
      onSubmit={() => {
        if (moveTo) onConfirm(moveTo);
      }}
      onClose={onClose}
    >
      <SelectField label="Move them to" value={moveTo} required onChange={(event) => setMoveTo(event.target.value)}>
        <option value="" disabled>
          Choose…
        </option>
        <option value="none">No category (products uncategorised, sub-categories top level)</option>
        {targets.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
