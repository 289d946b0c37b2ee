import type { ReactNode } from 'react';

/**
 * An on/off switch with its label and an optional explanation (a checkbox drawn as a switch): the
 * settings tabs' and the Security page's switches.
 */
export function SwitchField({
  label,
  hint,
  error,
  disabled,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: React.Ref<HTMLInputElement> }) {
  return (
    <div>
      <label className={`flex items-start gap-3 ${disabled ? 'opacity-60' : 'cursor-pointer'}`}>
        <input
          type="checkbox"
          className="peer sr-only"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          {...input}
        />
        <span
          aria-hidden="true"
          className="relative mt-0.5 inline-flex h-5 w-9 shrink-0 rounded-full bg-line-strong transition-colors peer-checked:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
        />
        <span className="min-w-0">
          <span className="block text-sm font-medium text-strong">{label}</span>
          {hint && <span className="block text-sm text-muted">{hint}</span>}
        </span>
      </label>
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
    </div>
  );
}
