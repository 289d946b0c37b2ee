import { type FormEvent, useId, useState } from 'react';
import { inputClass } from '#web/ui/form-field.tsx';
import { messageOf } from './security-api.ts';

interface ReauthFormProps {
  /** What confirming does, e.g. "Turn off two-step sign-in". */
  confirmLabel: string;
  intro?: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** Asks for the password before a sensitive change; shows the server's refusal under the field. */
export function ReauthForm({ confirmLabel, intro, danger, onConfirm, onCancel }: ReauthFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password);
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 rounded-xl border border-line bg-subtle p-4">
      {intro && <p className="text-sm">{intro}</p>}
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          Your password
        </label>
        <input
          id={id}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className={danger ? 'btn bg-danger text-white hover:opacity-90' : 'btn-primary'}
        >
          {busy ? 'Please wait…' : confirmLabel}
        </button>
        <button type="button" onClick={onCancel} className="btn-secondary">
          Cancel
        </button>
      </div>
    </form>
  );
}
