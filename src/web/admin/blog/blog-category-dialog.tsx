import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BLOG_LIMITS } from '#shared/blog.ts';
import { type BlogCategory, type BlogCategoryCreate, BlogCategoryCreateSchema } from '#shared/contracts/blog.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { blogCategoryOptions, createBlogCategory, invalidateBlog, updateBlogCategory } from './blog-api.ts';

type CategoryInput = z.input<typeof BlogCategoryCreateSchema>;
const FIELDS = ['name', 'slug', 'description', 'parent_id', 'sort_order', 'is_active'] as const;
type Field = (typeof FIELDS)[number];
const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);

/**
 * Create (`category` null) or edit a blog category in a modal, mounted only while open so every
 * opening starts from fresh values. A taken slug (409) shows under the slug.
 */
export function BlogCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: BlogCategory | null;
  categories: readonly BlogCategory[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CategoryInput, unknown, BlogCategoryCreate>({
    resolver: zodResolver(BlogCategoryCreateSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parent_id: category?.parent_id ?? '',
      sort_order: category?.sort_order ?? 0,
      is_active: category?.is_active ?? true,
    },
    mode: 'onTouched',
  });

  const submit = async (values: BlogCategoryCreate) => {
    try {
      const saved = category ? await updateBlogCategory(category.id, values) : await createBlogCategory(values);
      toast({ variant: 'success', title: category ? `${saved.name} saved` : `${saved.name} created` });
      void invalidateBlog(queryClient);
      onClose();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => isField(item.path)) : [];
      for (const item of fieldErrors) if (isField(item.path)) setError(item.path, { message: item.message });
      if (fieldErrors.length === 0 && error instanceof ApiError && error.status === 409) {
        setError('slug', { message: error.message }, { shouldFocus: true });
      } else if (fieldErrors.length === 0) {
        toast({ variant: 'error', title: error instanceof ApiError ? error.message : 'Could not save the category' });
      }
    }
  };

  const field = fieldBinder(register, errors);
  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : 'New blog category'}
      size="md"
      submitLabel={category ? 'Save changes' : 'Create category'}
      pendingLabel="Saving…"
      pending={isSubmitting}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <TextField label="Name" maxLength={BLOG_LIMITS.categoryName} autoComplete="off" {...field('name')} />
      <TextField
        label="Slug"
        optional
        placeholder="Made from the name"
        hint="Lowercase letters, numbers and hyphens."
        maxLength={BLOG_LIMITS.slug}
        autoComplete="off"
        spellCheck={false}
        {...field('slug')}
      />
      <TextAreaField
        label="Description"
        optional
        rows={3}
        maxLength={BLOG_LIMITS.categoryDescription}
        {...field('description')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <SelectField label="Parent" {...field('parent_id')}>
          <option value="">None (top level)</option>
          {blogCategoryOptions(categories, category?.id).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Order"
          type="number"
          inputMode="numeric"
          min={0}
          hint="Lower first"
          {...register('sort_order', { valueAsNumber: true })}
          error={errors.sort_order?.message}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent" {...register('is_active')} />
        Active (shown on the blog)
      </label>
    </FormDialog>
  );
}
