import { useEffect, useState } from 'react';
import { TextField } from '#web/ui/form-field.tsx';
import type { EmailEditor, EmailSecret } from './email-form-values.ts';

/**
 * A write-only secret of the settings (the SMTP password, the SMS auth token, the WhatsApp access
 * token): a saved one is never shown, only "A password is saved" with Replace and Remove;
 * otherwise a masked field. Its form value is the contract's SecretInput: '' keeps the saved
 * secret, text replaces it, null removes it (docs/product.md#settings-rules).
 */
export function SecretField({
  name,
  label,
  savedText,
  state,
  editor,
  autoComplete = 'off',
  optional = false,
}: {
  name: EmailSecret;
  /** "Password", "Auth token": the field's label; the other words are made from it. */
  label: string;
  /** "A password is saved". */
  savedText: string;
  /** The saved section's answer for this secret. */
  state: { set: boolean };
  editor: EmailEditor;
  /** `new-password` for a password the browser may offer to keep; `off` for an API key. */
  autoComplete?: 'off' | 'new-password';
  /** Marked "(optional)" while none is saved (the SMTP password: a server may need none). */
  optional?: boolean;
}) {
  const saved = state.set;
  const { value, onChange, error } = editor.valueField(name);
  const [replacing, setReplacing] = useState(false);
  const noun = label.toLowerCase();
  // After a save: back to "A password is saved".
  const saves = editor.saves;
  useEffect(() => {
    if (saves > 0) setReplacing(false);
  }, [saves]);
  if (saved && value === null) {
    return (
      <div>
        <p className="text-sm font-medium">{label}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-line-strong px-3 py-2 text-sm text-muted">
          The {noun} will be removed when you save.
          <button type="button" className="font-medium text-accent underline" onClick={() => onChange('')}>
            Undo
          </button>
        </p>
        {error && <p className="mt-1 text-sm text-danger">{error}</p>}
      </div>
    );
  }
  if (saved && !replacing) {
    return (
      <div>
        <p className="text-sm font-medium">{label}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="mr-auto text-sm text-strong">{savedText}</span>
          <span className="flex gap-2">
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Replace the ${noun}`}
              onClick={() => setReplacing(true)}
            >
              Replace
            </button>
            <button
              type="button"
              className="btn text-danger hover:bg-red-50 dark:hover:bg-red-950/40"
              aria-label={`Remove the ${noun}`}
              onClick={() => onChange(null)}
            >
              Remove
            </button>
          </span>
        </div>
        {error && <p className="mt-1 text-sm text-danger">{error}</p>}
      </div>
    );
  }
  return (
    <TextField
      label={saved ? `New ${noun}` : label}
      optional={!saved && optional}
      type="password"
      autoComplete={autoComplete}
      spellCheck={false}
      hint={saved ? `Leave blank to keep the saved ${noun}.` : 'Not set. Kept sealed on the server; never shown again.'}
      {...editor.field(name)}
    />
  );
}
