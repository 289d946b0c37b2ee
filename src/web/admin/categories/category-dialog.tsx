import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  type AdminCategory,
  CATEGORY_LIMITS,
  type CategoryCreate,
  type CategoryCreateInput,
  CategoryCreateSchema,
} from '#shared/contracts/admin-categories.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { adminPost, adminPut } from '../auth/admin-api.ts';
import { FormDialog } from '../ui/form-dialog.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
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
  const field = fieldBinder(register, errors);
  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : 'New category'}
      size="md"
      submitLabel={category ? 'Save changes' : 'Create category'}
      pendingLabel="Saving…"
      pending={isSubmitting}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <TextField label="Name" maxLength={CATEGORY_LIMITS.name} autoComplete="off" {...field('name')} />
      <TextField
        label="Slug"
        optional
        placeholder="Made from the name"
        hint="The category's address in the shop: lowercase letters, numbers and hyphens."
        maxLength={CATEGORY_LIMITS.slug}
        autoComplete="off"
        spellCheck={false}
        {...field('slug')}
      />
      <TextAreaField
        label="Description"
        optional
        rows={3}
        maxLength={CATEGORY_LIMITS.description}
        {...field('description')}
      />
      <SelectField label="Parent" {...field('parent_id')}>
        <option value="">None (top level)</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-(--accent-solid)" {...register('is_active')} />
        Active (shown in the shop)
      </label>
    </FormDialog>
  );
}
