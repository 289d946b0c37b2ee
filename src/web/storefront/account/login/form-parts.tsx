import { type ReactNode, type Ref, useId, useState } from 'react';
import { inputClass } from '#web/ui/form-field.tsx';
import { passwordChecks } from './login-helpers.ts';

/**
 * Pieces shared by the sign-in, sign-up, recovery and profile forms: a message box and a password
 * field with a show toggle and, for a new password, live hints.
 */

export function FormMessage({
  tone,
  children,
  ref,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const colours = {
    error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100',
    success: 'border-accent/40 bg-accent-soft text-fg',
    info: 'border-line-strong bg-subtle text-fg',
  }[tone];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm outline-none ${colours}`}
    >
      {children}
    </div>
  );
}

interface PasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Server reasons for refusing it, one per line. */
  errors?: string[];
  /** Show the live strength hints (new passwords), checked against this contact. */
  hintsFor?: string;
  ref?: Ref<HTMLInputElement>;
}

export function PasswordField({
  label,
  name,
  value,
  onChange,
  autoComplete,
  errors = [],
  hintsFor,
  ref,
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const hintsId = hintsFor !== undefined ? `${id}-hints` : undefined;
  const checks = hintsFor !== undefined ? passwordChecks(value, hintsFor) : [];
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={[errorId, hintsId].filter(Boolean).join(' ') || undefined}
          className={`${inputClass} pr-20`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          className="absolute inset-y-0 right-1 mt-1 rounded-lg px-3 text-sm font-medium text-accent hover:bg-subtle"
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      </div>
      {errors.length > 0 && (
        <ul id={errorId} className="mt-1 space-y-0.5 text-sm text-danger">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {hintsId && (
        <ul id={hintsId} className="mt-2 space-y-1 text-xs" aria-label="Password rules">
          {checks.map((check) => (
            <li key={check.label} className={`flex items-center gap-2 ${check.met ? 'text-accent' : 'text-muted'}`}>
              <span aria-hidden="true" className="inline-flex w-3 justify-center font-bold">
                {check.met ? '✓' : '•'}
              </span>
              {check.label}
              <span className="sr-only">{check.met ? ' (done)' : ' (not yet)'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
