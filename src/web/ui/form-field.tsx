import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/**
 * A labelled form field with an optional hint and an inline error, wired for screen readers
 * (aria-invalid, aria-describedby). Used by the checkout and contact forms and the admin's forms.
 */
export const inputClass =
  'mt-1 block w-full rounded-xl border border-line-strong bg-surface px-3 py-2.5 text-base text-fg placeholder:text-muted aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger sm:text-sm';

interface FieldShellProps {
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

/**
 * The label, hint and error around any control (`children` gets its id and aria-describedby): for
 * a control that is not a plain input, such as a list typed as text.
 */
export function FieldShell({ label, optional, hint, error, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children({ id, describedBy })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

type FieldProps = Omit<FieldShellProps, 'children'> & { ref?: Ref<HTMLInputElement> } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'className'
  >;

export function TextField({ label, optional, hint, error, className, ref, ...input }: FieldProps) {
  return (
    <FieldShell label={label} optional={optional} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type TextAreaProps = Omit<FieldShellProps, 'children'> & { ref?: Ref<HTMLTextAreaElement> } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'className'
  >;

export function TextAreaField({ label, optional, hint, error, className, ref, ...input }: TextAreaProps) {
  return (
    <FieldShell label={label} optional={optional} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <textarea
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} min-h-20 resize-y`}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type SelectProps = Omit<FieldShellProps, 'children'> & { ref?: Ref<HTMLSelectElement>; children: ReactNode } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'className' | 'children'
  >;

/** A labelled <select>; its <option>s are the children. */
export function SelectField({ label, optional, hint, error, className, ref, children, ...select }: SelectProps) {
  return (
    <FieldShell label={label} optional={optional} hint={hint} error={error} className={className}>
      {({ id, describedBy }) => (
        <select
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
