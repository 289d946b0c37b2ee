import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  type AdminCategory,
  CATEGORY_LIMITS,
  type CategoryCreate,
  type CategoryCreateInput,
  CategoryCreateSchema,
} from '#shared/contracts/admin-categories.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { inputClass, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { adminPost, adminPut } from '../auth/admin-api.ts';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { errorMessage, invalidateCategories } from './category-queries.ts';
import { parentOptions } from './category-tree.ts';

const FIELDS = ['name', 'slug', 'description', 'parent_id', 'is_active'] as const;
type Field = (typeof FIELDS)[number];
const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);

interface FormValues {
  name: string;
  slug: string;
  description: string;
  /** '' for a top-level category (the schema turns it into null). */
  parent_id: string;
  is_active: boolean;
}

function initialValues(category: AdminCategory | null, parentId: string | null): FormValues & CategoryCreateInput {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    parent_id: (category ? category.parent_id : parentId) ?? '',
    is_active: category?.is_active ?? true,
  };
}

/**
 * Create (`category` null) or edit a category in a modal. Mounted only while open (the page keys
 * it by the category), so every opening starts from fresh values.
 */
export function CategoryDialog({
  category,
  parentId = null,
  categories,
  onClose,
}: {
  category: AdminCategory | null;
  /** A new category's preselected parent. */
  parentId?: string | null;
  categories: readonly AdminCategory[];
  onClose: () => void;
}) {
  const dialog = useControlledDialog(true);
  const titleId = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryCreateInput, unknown, CategoryCreate>({
    resolver: zodResolver(CategoryCreateSchema),
    defaultValues: initialValues(category, parentId),
    mode: 'onTouched',
  });

  const submit = async (values: CategoryCreate) => {
    // Only what the form edits: `image` (which the schema defaults to null) must not wipe a stored image.
    const { name, slug, description, parent_id, is_active } = values;
    const body = { name, slug, description, parent_id, is_active };
    try {
      const saved = category
        ? await adminPut<AdminCategory>(`/admin/categories/${category.id}`, body)
        : await adminPost<AdminCategory>('/admin/categories', body);
      toast({ variant: 'success', title: category ? `${saved.name} saved` : `${saved.name} created` });
      void invalidateCategories(queryClient);
      onClose();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => isField(item.path)) : [];
      for (const item of fieldErrors) if (isField(item.path)) setError(item.path, { message: item.message });
      // A 409 without field details is the unique slug (the only conflict a save can hit).
      if (fieldErrors.length === 0 && error instanceof ApiError && error.status === 409) {
        setError('slug', { message: error.message }, { shouldFocus: true });
      } else if (fieldErrors.length === 0) {
        toast({ variant: 'error', title: errorMessage(error, 'Could not save the category') });
      }
    }
  };

  const options = parentOptions(categories, category?.id);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-lg font-semibold text-strong">
        {category ? `Edit ${category.name}` : 'New category'}
      </h2>
      <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 space-y-4">
        <TextField
          label="Name"
          maxLength={CATEGORY_LIMITS.name}
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Slug"
          optional
          placeholder="Made from the name"
          hint="The category's address in the shop: lowercase letters, numbers and hyphens."
          maxLength={CATEGORY_LIMITS.slug}
          autoComplete="off"
          spellCheck={false}
          error={errors.slug?.message}
          {...register('slug')}
        />
        <TextAreaField
          label="Description"
          optional
          rows={3}
          maxLength={CATEGORY_LIMITS.description}
          error={errors.description?.message}
          {...register('description')}
        />
        <ParentSelect options={options} error={errors.parent_id?.message} {...register('parent_id')} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-(--accent-solid)" {...register('is_active')} />
          Active (shown in the shop)
        </label>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : category ? 'Save changes' : 'Create category'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function ParentSelect({
  options,
  error,
  ...select
}: {
  options: ReturnType<typeof parentOptions>;
  error?: string;
} & UseFormRegisterReturn<'parent_id'>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Parent
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...select}
      >
        <option value="">None (top level)</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
