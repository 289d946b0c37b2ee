import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldPath, FieldValues, Resolver } from 'react-hook-form';
import type { AllSettings, SettingsPatches, SettingsSection } from '#shared/contracts/settings.ts';
import { toast } from '#web/lib/toast.ts';
import { FormSaveBar } from '../ui/form-save-bar.tsx';
import { type EditorForm, useEditorForm } from '../ui/use-editor-form.tsx';
import { saveSettingsSection, storeSavedSection } from './settings-api.ts';

export const SAVED_TOAST = 'Settings saved';

/**
 * One tab's form: the editor kit's form (the section's contract schema as resolver, the
 * unsaved-changes guard, the server's refusals under their fields) saving the section with
 * `PUT /admin/settings/{section}`. The saved section goes back into the loaded settings, and
 * the form starts again from it.
 */
export function useSectionForm<S extends SettingsSection, V extends FieldValues>({
  section,
  saved,
  resolver,
  toFormValues,
}: {
  section: S;
  saved: AllSettings[S];
  resolver: Resolver<V, unknown, SettingsPatches[S]>;
  toFormValues: (saved: AllSettings[S]) => V;
}): EditorForm<V, SettingsPatches[S]> & { numberField: NumberBinder<V>; saves: number } {
  const client = useQueryClient();
  // Counts saves: parts of a form that keep state of their own start again after one.
  const [saves, setSaves] = useState(0);
  const defaults = toFormValues(saved);
  const editor = useEditorForm<V, SettingsPatches[S], AllSettings[S]>({
    noun: 'settings',
    resolver,
    defaultValues: defaults as DefaultValues<V>,
    save: (patch) => saveSettingsSection(section, patch),
    toFormValues,
    fields: Object.keys(defaults),
    onSaved: (record) => {
      storeSavedSection(client, section, record);
      setSaves((count) => count + 1);
      toast({ variant: 'success', title: SAVED_TOAST, id: `settings-${section}-saved` });
    },
  });
  const numberField: NumberBinder<V> = (name, nullable = false) => ({
    ...editor.form.register(name, {
      setValueAs: (value: unknown) => toNumber(value, nullable),
    }),
    inputMode: 'decimal',
    autoComplete: 'off',
    error: editor.field(name).error,
  });
  return { ...editor, numberField, saves };
}

type NumberBinder<V extends FieldValues> = (
  name: FieldPath<V>,
  nullable?: boolean,
) => ReturnType<EditorForm<V, unknown>['field']> & { inputMode: 'decimal'; autoComplete: 'off' };

/** A number field's text as the contract's number: blank is null where allowed, else not a number (refused in words). */
function toNumber(value: unknown, nullable: boolean): number | null {
  if (typeof value === 'number') return value;
  const text = String(value ?? '')
    .trim()
    .replace(/,/g, '');
  if (text === '') return nullable ? null : Number.NaN;
  return Number(text);
}

/** A tab's form: the guard, the save bar on top, then the cards. */
export function SectionFormBody({
  editor,
  children,
}: {
  editor: Pick<EditorForm<never, unknown>, 'guard' | 'submit' | 'dirty' | 'saving'>;
  children: ReactNode;
}) {
  return (
    <>
      {editor.guard}
      <form onSubmit={editor.submit} noValidate>
        <FormSaveBar editing noun="settings" dirty={editor.dirty} saving={editor.saving} />
        <div className="space-y-6">{children}</div>
      </form>
    </>
  );
}
