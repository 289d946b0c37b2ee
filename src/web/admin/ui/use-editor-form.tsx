import type { ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type PathValue,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { fieldBinder } from './form-fields.ts';
import { useUnsavedChangesGuard } from './use-unsaved-changes.tsx';

export interface EditorFormOptions<V extends FieldValues, W, R> {
  /** "product": "Could not save the product". */
  noun: string;
  defaultValues: DefaultValues<V>;
  /** Typed text in, the contract's request out (the shared zod schema); left out where the form checks by hand. */
  resolver?: Resolver<V, unknown, W>;
  /**
   * Where the form checks by hand instead of with a resolver (the post: the button pressed decides
   * the status the contract checks): the request, or the fields refused with their messages.
   */
  check?: (values: V) => { ok: true; body: W } | { ok: false; errors: Partial<Record<FieldPath<V>, string>> };
  /** Saves (the editor's `save`) and resolves with the saved record; throws ApiError to show the server's answer. */
  save: (request: W) => Promise<R>;
  /** The saved record as the form's values: the form starts again from them, clean. */
  toFormValues: (record: R) => V;
  /** The fields a server refusal can name; `fieldOf` maps a server path to one (the path itself by default). */
  fields: readonly string[];
  fieldOf?: (path: string) => string | null;
  /** The field a 409 (a taken code or slug) belongs under when the answer names none. */
  conflictField?: FieldPath<V>;
  /** After a save (a warning about what the server changed). */
  onSaved?: (record: R, request: W) => void;
  /** After a refusal placed errors on fields (the post's slug stops following its title). */
  onServerErrors?: (fields: string[]) => void;
}

export interface EditorForm<V extends FieldValues, W> {
  form: UseFormReturn<V, unknown, W>;
  /** `{...field('name')}` on a labelled field: registered, with its error under it. */
  field: ReturnType<typeof fieldBinder<V>>;
  /**
   * `{...valueField('tags')}` on a control that edits a value rather than an input (tags, images,
   * the rich text, the pickers): the value, a change the form counts as an edit (dirty, checked
   * again once the form was submitted) and the field's error ('' when only its items have one).
   */
  valueField: <N extends FieldPath<V>>(
    name: N,
  ) => { value: PathValue<V, N>; onChange: (value: PathValue<V, N>) => void; error: string | undefined };
  /** Sends a checked request: saves, starts the form again from the saved record, or places the server's errors. */
  send: (request: W) => Promise<void>;
  /** Marks the fields a check refused (`{name: message}`), focuses the first, and says so. */
  refuse: (errors?: Partial<Record<FieldPath<V>, string>>) => Promise<void>;
  /** The submit handler: the resolver's check (or `check`), then `send`. */
  submit: () => Promise<void>;
  dirty: boolean;
  saving: boolean;
  /** The unsaved-changes confirmation: render it outside any <form>. */
  guard: ReactNode;
}

/**
 * The form half of the editor kit: react-hook-form with the shared contract's resolver, the
 * unsaved-changes guard, and one way to save: the saved record resets the form; a refusal puts
 * the server's field errors under their fields (#web/lib/form-errors.ts) with a toast that says
 * what happened. Each editor keeps only what is its own (fields, previews, extra rules).
 */
export function useEditorForm<V extends FieldValues, W, R>(options: EditorFormOptions<V, W, R>): EditorForm<V, W> {
  const { noun, save, toFormValues, fields, fieldOf, conflictField, onSaved, onServerErrors } = options;
  const form = useForm<V, unknown, W>({
    defaultValues: options.defaultValues,
    resolver: options.resolver,
    mode: 'onTouched',
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);

  const refuse = async (fieldErrors: Partial<Record<FieldPath<V>, string>> = {}) => {
    Object.entries(fieldErrors).forEach(([name, message], index) => {
      form.setError(name as FieldPath<V>, { message: message as string }, { shouldFocus: index === 0 });
    });
    toast({ variant: 'error', title: 'Check the highlighted fields', id: `${noun}-invalid` });
  };

  const send = async (request: W) => {
    try {
      const saved = await save(request);
      form.reset(toFormValues(saved));
      onSaved?.(saved, request);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast({ variant: 'error', title: `Could not save the ${noun}` });
        return;
      }
      const named = error.errors.flatMap((item) => {
        const name = (fieldOf ?? ((path: string) => path))(item.path);
        return name !== null && fields.includes(rootOf(name)) ? [name] : [];
      });
      const placed = applyServerErrors(error, form.setError, named as FieldPath<V>[], fieldOf);
      // A taken code or slug is the one conflict a save can hit: it belongs under its field (placed
      // last, so it takes the focus) even when the answer names no field.
      const conflict = error.status === 409 && conflictField !== undefined && !named.includes(conflictField);
      if (conflict) form.setError(conflictField, { type: 'server', message: error.message }, { shouldFocus: true });
      if (placed || conflict) onServerErrors?.(conflict ? [...named, conflictField] : named);
      toast({
        variant: 'error',
        title: error.message || `Could not save the ${noun}`,
        description: placed || conflict ? 'Check the highlighted fields.' : undefined,
      });
    }
  };

  return {
    form,
    field: fieldBinder(form.register, errors),
    valueField: (name) => ({
      value: form.watch(name),
      onChange: (value) =>
        form.setValue(name, value, {
          shouldDirty: true,
          shouldTouch: true,
          shouldValidate: form.formState.isSubmitted,
        }),
      error: errorText(get(errors, name)),
    }),
    send,
    refuse,
    submit: form.handleSubmit(
      (values) => {
        if (!options.check) return send(values);
        // Without a resolver react-hook-form hands over the form's own values.
        const checked = options.check(values as unknown as V);
        return checked.ok ? send(checked.body) : refuse(checked.errors);
      },
      () => refuse(),
    ),
    dirty: isDirty,
    saving: isSubmitting,
    guard,
  };
}

/** A field's error as words: its message, '' when only its items have errors (a tag), else none. */
function errorText(error: { message?: unknown } | undefined): string | undefined {
  if (!error) return undefined;
  return typeof error.message === 'string' ? error.message : '';
}

/** `variants.2.price` → `variants`: a nested server path belongs to its top-level field. */
function rootOf(name: string): string {
  return name.split('.')[0] ?? name;
}

/**
 * The form of a dialog editor (a customer, a category): react-hook-form with the contract's
 * resolver, checked as each field is left, and the field binder. `dialog` goes on `<FormDialog>`:
 * its submit runs `save` with the checked request, and the dialog shows it pending meanwhile.
 * What a save does and where a refusal lands stay the dialog's own; there is no unsaved-changes
 * guard, since closing the dialog is the choice to drop what was typed.
 */
export function useDialogForm<V extends FieldValues, W>(options: {
  resolver: Resolver<V, unknown, W>;
  defaultValues: DefaultValues<V>;
  save: (request: W, form: UseFormReturn<V, unknown, W>) => Promise<void>;
}) {
  const form = useForm<V, unknown, W>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  return {
    form,
    field: fieldBinder(form.register, form.formState.errors),
    dialog: {
      pending: form.formState.isSubmitting,
      onSubmit: form.handleSubmit((request) => options.save(request, form)),
    },
  };
}
