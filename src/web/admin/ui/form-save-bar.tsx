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
