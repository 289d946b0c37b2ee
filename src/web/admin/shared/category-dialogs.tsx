import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { SelectOptions } from '../ui/select-options.tsx';
import { useDialogForm } from '../ui/use-editor-form.tsx';
import type { TreeCategory } from './category-options.ts';

/**
 * The create/edit and delete dialogs of a category tree, one pair for both trees (the catalogue's
 * and the blog's): each tree says what differs (its requests, limits, options and words) in a
 * `CategoryTreeKit`, and the dialogs do the rest the same way.
 */

/** What the form edits, as typed ('' parent: top level). */
export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  parent_id: string;
  sort_order: number;
  is_active: boolean;
}

/** What the tree's contract schema makes of the form: the fields both trees' create requests share. */
export interface CategoryFields {
  name: string;
  slug?: string | undefined;
  description: string;
  parent_id: string | null;
  sort_order?: number | undefined;
  is_active: boolean;
}

/**
 * A tree's contract resolver (`zodResolver(XCategoryCreateSchema)`) as the dialog's. The schema
 * reads its input more loosely than the form gives it (its preprocessors take `unknown`), and
 * react-hook-form's resolver type cannot say "reads at least these": what the form gives is always
 * what the schema reads, so the one cast is here rather than in each tree.
 */
export function categoryResolver<I extends FieldValues>(
  resolver: Resolver<I, unknown, CategoryFields>,
): Resolver<CategoryFormValues, unknown, CategoryFields> {
  return resolver as unknown as Resolver<CategoryFormValues, unknown, CategoryFields>;
}

const FIELDS = ['name', 'slug', 'description', 'parent_id', 'sort_order', 'is_active'] as const;

export interface CategoryTreeKit<C extends TreeCategory & { slug: string; description: string }> {
  /** "blog category": "New blog category". */
  noun: string;
  /** "in the shop": "Active (shown in the shop)". */
  shownWhere: string;
  slugHint: string;
  limits: { name: number; slug: number; description: number };
  /** The tree's contract schema as the form's resolver (typed text in, the create request out). */
  resolver: Resolver<CategoryFormValues, unknown, CategoryFields>;
  /** The blog orders its categories by a number in the form; the catalogue by moving rows in the tree. */
  editsOrder: boolean;
  /** A parent select's choices for `category` (none for a new one): never its own branch. */
  parentOptions: (categories: readonly C[], categoryId?: string) => ReadonlyArray<readonly [id: string, label: string]>;
  /** Where a deleted category's contents may go: any category outside its branch. */
  moveTargets: (categories: readonly C[], categoryId: string) => ReadonlyArray<readonly [id: string, label: string]>;
  /** Creates (`category` null) or updates; resolves with the saved category, throws ApiError when refused. */
  save: (category: C | null, fields: CategoryFields) => Promise<C>;
  /** Deletes, moving what it holds to `moveTo`; a 409 when it holds something and `moveTo` is not given. */
  remove: (category: C, moveTo?: string) => Promise<unknown>;
  /** After a write: every query showing the tree (the storefront's too, where it has one). */
  invalidate: (queryClient: QueryClient) => Promise<void>;
  /** "3 products and 1 sub-category": what a delete would leave without a home ('' when empty). */
  contents: (category: C) => string;
  deleteText: {
    /** The plain confirm's words for an empty category. */
    empty: string;
    /** The move step's description, from what it holds ('' when the list's counts were stale) and the number of targets. */
    move: (contents: string, targets: number) => string;
    moveLabel: string;
    submitLabel: string;
    /** A choice before the categories that moves nowhere (the catalogue's `none`), if the tree has one. */
    none?: string;
  };
}

const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * Create (`category` null) or edit a category in a modal. Mounted only while open (the page keys
 * it by the category), so every opening starts from fresh values. A taken slug (409) shows under
 * the slug; other refusals under their fields, or as a toast when they name none.
 */
export function CategoryDialog<C extends TreeCategory & { slug: string; description: string }>({
  kit,
  category,
  categories,
  onClose,
}: {
  kit: CategoryTreeKit<C>;
  category: C | null;
  categories: readonly C[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { form, field, dialog } = useDialogForm<CategoryFormValues, CategoryFields>({
    resolver: kit.resolver,
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parent_id: category?.parent_id ?? '',
      sort_order: category?.sort_order ?? 0,
      is_active: category?.is_active ?? true,
    },
    save: async (fields, { setError }) => {
      try {
        const saved = await kit.save(category, fields);
        toast({ variant: 'success', title: category ? `${saved.name} saved` : `${saved.name} created` });
        void kit.invalidate(queryClient);
        onClose();
      } catch (error) {
        if (applyServerErrors(error, setError, FIELDS)) return;
        // A 409 without field details is the unique slug (the only conflict a save can hit).
        if (error instanceof ApiError && error.status === 409) {
          setError('slug', { message: error.message }, { shouldFocus: true });
        } else {
          toast({ variant: 'error', title: errorMessage(error, 'Could not save the category') });
        }
      }
    },
  });

  return (
    <FormDialog
      title={category ? `Edit ${category.name}` : `New ${kit.noun}`}
      size="md"
      submitLabel={category ? 'Save changes' : 'Create category'}
      pendingLabel="Saving…"
      {...dialog}
      onClose={onClose}
    >
      <TextField label="Name" maxLength={kit.limits.name} autoComplete="off" {...field('name')} />
      <TextField
        label="Slug"
        optional
        placeholder="Made from the name"
        hint={kit.slugHint}
        maxLength={kit.limits.slug}
        autoComplete="off"
        spellCheck={false}
        {...field('slug')}
      />
      <TextAreaField
        label="Description"
        optional
        rows={3}
        maxLength={kit.limits.description}
        {...field('description')}
      />
      <div className={kit.editsOrder ? 'grid gap-4 sm:grid-cols-[2fr_1fr]' : 'grid'}>
        <SelectField label="Parent" {...field('parent_id')}>
          <option value="">None (top level)</option>
          <SelectOptions options={kit.parentOptions(categories, category?.id)} />
        </SelectField>
        {kit.editsOrder && (
          <TextField
            label="Order"
            type="number"
            inputMode="numeric"
            min={0}
            hint="Lower first"
            {...form.register('sort_order', { valueAsNumber: true })}
            error={form.formState.errors.sort_order?.message}
          />
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent" {...form.register('is_active')} />
        Active (shown {kit.shownWhere})
      </label>
    </FormDialog>
  );
}

/**
 * Deleting a category. An empty one takes a plain confirm; one that holds something asks where it
 * goes (`move_to`), since the server refuses to guess (409). If the server still refuses (the
 * list's counts were stale, or count less than the server does), its message is shown, the counts
 * are fetched again and the move is asked for.
 */
export function DeleteCategoryDialog<C extends TreeCategory & { slug: string; description: string }>({
  kit,
  category,
  categories,
  onClose,
  onDeleted = onClose,
}: {
  kit: CategoryTreeKit<C>;
  category: C;
  categories: readonly C[];
  onClose: () => void;
  /** After the delete (the row, and the button that opened this, are gone); onClose by default. */
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const contents = kit.contents(category);
  const remove = useMutation({
    mutationFn: (target: string | undefined) => kit.remove(category, target),
    onSuccess: () => {
      toast({ variant: 'success', title: `${category.name} deleted` });
      void kit.invalidate(queryClient);
      onDeleted();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        void kit.invalidate(queryClient);
        return;
      }
      toast({ variant: 'error', title: errorMessage(error, 'Could not delete the category') });
    },
  });

  // Switching steps unmounts the confirm dialog (no close event, so onClose is not called) and opens the move one.
  if (contents === '' && refusal === null) {
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
        {kit.deleteText.empty}
      </ConfirmDialog>
    );
  }
  const targets = kit.moveTargets(categories, category.id);
  return (
    <FormDialog
      title={`Delete ${category.name}?`}
      description={kit.deleteText.move(contents, targets.length)}
      error={refusal}
      submitLabel={kit.deleteText.submitLabel}
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
        label={kit.deleteText.moveLabel}
        value={moveTo}
        required
        onChange={(event) => setMoveTo(event.target.value)}
      >
        <option value="" disabled>
          Choose…
        </option>
        {kit.deleteText.none && <option value="none">{kit.deleteText.none}</option>}
        <SelectOptions options={targets} />
      </SelectField>
    </FormDialog>
  );
}

/**
 * The dialog a category tree's page has open, mounted only while open (each opens fresh): the form
 * while `editing` is a category or null (a new one), the delete step while `deleting` is one.
 */
export function CategoryTreeDialogs<C extends TreeCategory & { slug: string; description: string }>({
  kit,
  categories,
  editing,
  deleting,
  onClose,
  onDeleted,
}: {
  kit: CategoryTreeKit<C>;
  categories: readonly C[];
  /** Undefined while the form is closed. */
  editing: C | null | undefined;
  deleting: C | undefined;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  return (
    <>
      {editing !== undefined && (
        <CategoryDialog
          kit={kit}
          key={editing?.id ?? 'new'}
          category={editing}
          categories={categories}
          onClose={onClose}
        />
      )}
      {deleting && (
        <DeleteCategoryDialog
          kit={kit}
          key={deleting.id}
          category={deleting}
          categories={categories}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
