import type { ReactNode } from 'react';
import { DetailColumns } from './detail-layout.tsx';
import type { EditorForm } from './use-editor-form.tsx';

/**
 * An editor page's save bar, stuck under the header at the top of its form (toasts appear at the
 * bottom and would cover a save button there): where the form stands, and the submit button.
 * `noun` names the record for a new one: "Create product", "Fill in the details, then create the product".
 */
export function FormSaveBar({
  editing,
  noun,
  dirty,
  saving,
}: {
  /** The record exists (Save changes) or is new (Create …). */
  editing: boolean;
  noun: string;
  dirty: boolean;
  saving: boolean;
}) {
  return (
    <div className="sticky top-18 z-20 mb-6 flex items-center justify-end gap-3 rounded-2xl border border-line bg-surface/95 p-3 shadow-sm backdrop-blur">
      <span className="mr-auto pl-2 text-sm text-muted" aria-live="polite">
        {dirty ? 'Unsaved changes' : editing ? 'All changes saved' : `Fill in the details, then create the ${noun}`}
      </span>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? 'Saving…' : editing ? 'Save changes' : `Create ${noun}`}
      </button>
    </div>
  );
}

/**
 * A `<form>` editor's body (product, promo code): the unsaved-changes guard, then the form with
 * its save bar over the two columns of cards. `editor` is what `useEditorForm` returned; the
 * content editors (post, page) are not `<form>`s and use `ContentEditorBody` instead.
 */
export function EditorFormBody({
  editor,
  editing,
  noun,
  main,
  side,
}: {
  editor: Pick<EditorForm<never, unknown>, 'guard' | 'submit' | 'dirty' | 'saving'>;
  editing: boolean;
  noun: string;
  main: ReactNode;
  side: ReactNode;
}) {
  return (
    <>
      {editor.guard}
      <form onSubmit={editor.submit} noValidate>
        <FormSaveBar editing={editing} noun={noun} dirty={editor.dirty} saving={editor.saving} />
        <DetailColumns main={main} side={side} />
      </form>
    </>
  );
}
