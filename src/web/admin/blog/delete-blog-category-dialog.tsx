import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlogCategory } from '#shared/contracts/blog.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField } from '#web/ui/form-field.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { blogCategoryOptions, deleteBlogCategory, invalidateBlog } from './blog-api.ts';

/**
 * Deleting a blog category. One with public posts asks at once where they go (`move_to`); any
 * other gets a plain confirm, and when the server still answers 409 (drafts count too, which the
 * list's count does not show) its message is shown and the move is asked for.
 */
export function DeleteBlogCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: BlogCategory;
  categories: readonly BlogCategory[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const needsMove = category.post_count > 0 || refusal !== null;
  const remove = useMutation({
    mutationFn: (target: string | undefined) => deleteBlogCategory(category.id, target),
    onSuccess: () => {
      toast({ variant: 'success', title: `${category.name} deleted` });
      void invalidateBlog(queryClient);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        return;
      }
      toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not delete the category' });
    },
  });

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
        Its sub-categories become top level. This cannot be undone.
      </ConfirmDialog>
    );
  }
  const targets = blogCategoryOptions(categories, category.id);
  return (
    <FormDialog
      title={`Delete ${category.name}?`}
      description={
        targets.length > 0
          ? 'It holds posts. Choose the category they move to before it is deleted.'
          : 'It holds posts and there is no other category to move them to: create one first.'
      }
      error={refusal}
      submitLabel="Move posts and delete"
      pendingLabel="Deleting…"
      danger
      pending={remove.isPending}
      submitDisabled={moveTo === ''}
      onSubmit={() => {
        if (moveTo) remove.mutate(moveTo);
      }}
      onClose={onClose}
    >
      <SelectField
        label="Move the posts to"
        value={moveTo}
        required
        onChange={(event) => setMoveTo(event.target.value)}
      >
        <option value="" disabled>
          Choose…
        </option>
        {targets.map(([id, label]) => (
          <option key={id} value={id}>
            {label}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
