import { type ChangeEvent, type ReactNode, type Ref, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass, TextField } from '#web/ui/form-field.tsx';
import { passwordChecks } from './login-helpers.ts';
import { type CodeStep, waitLabel } from './use-code-step.ts';

/**
 * Pieces shared by the sign-in, sign-up, recovery and profile forms: a message box, a password
 * field with a show toggle and, for a new password, live hints, the 6-digit code field and
 * "Send again". Fields take react-hook-form's `register(…)` props and show its error.
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

type Registered = UseFormRegisterReturn;

interface PasswordFieldProps extends Registered {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** The field's error; the server's several reasons arrive one per line. */
  error?: string;
  /** Show the live strength hints (new passwords): the password typed and the contact it must not contain. */
  hints?: { password: string; contact: string };
  hint?: ReactNode;
}

export function PasswordField({ label, autoComplete, error, hints, hint, ref, ...input }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const errors = error ? error.split('\n') : [];
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const hintsId = hints ? `${id}-hints` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const checks = hints ? passwordChecks(hints.password, hints.contact) : [];
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={[errorId, hintId, hintsId].filter(Boolean).join(' ') || undefined}
          className={`${inputClass} pr-20`}
          {...input}
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
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
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

/** The 6-digit code: a numeric keypad, filled from an SMS by the phone (one-time-code), digits only. */
export function CodeField({ error, className, ...registered }: Registered & { error?: string; className?: string }) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = event.target.value.replace(/\D/g, '');
    return registered.onChange(event);
  };
  return (
    <TextField
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      error={error}
      className={className}
      {...registered}
      onChange={onChange}
    />
  );
}

/**
 * "Send again" for a code (or a link): closed for 60 s after the last one, with the time left;
 * a refusal (too many codes, no connection) shows under it.
 */
export function SendAgain<T>({
  step,
  label = 'Send again',
  what = 'code',
}: {
  step: CodeStep<T>;
  label?: string;
  what?: string;
}) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button type="button" className="btn-secondary" onClick={() => void step.resend()} disabled={!step.canResend}>
          {step.sending ? 'Sending…' : label}
        </button>
        {step.secondsLeft > 0 && (
          <span className="text-sm text-muted">
            You can ask for a new {what} in <span className="tabular-nums">{waitLabel(step.secondsLeft)}</span>
          </span>
        )}
      </div>
      {step.error && (
        <p role="alert" className="text-sm text-danger">
          {step.error}
        </p>
      )}
    </div>
  );
}
