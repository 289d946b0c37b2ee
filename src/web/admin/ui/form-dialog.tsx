import { type FormEvent, type ReactNode, useId } from 'react';
import { useControlledDialog } from './use-controlled-dialog.ts';

const WIDTHS = {
  sm: 'w-[min(28rem,calc(100vw-2rem))]',
  md: 'w-[min(32rem,calc(100vw-2rem))]',
  lg: 'w-[min(36rem,calc(100vw-2rem))]',
} as const;

export const dangerButtonClass = 'btn bg-red-700 text-white hover:bg-red-800';

export interface FormDialogProps {
  /** Dialogs mounted only while open leave it out; a dialog that stays mounted passes its state. */
  open?: boolean;
  title: string;
  /** What the step does, under the title (the dialog's description for screen readers). */
  description?: ReactNode;
  /** A refusal to show above the fields (the server said no); announced when it appears. */
  error?: string | null;
  submitLabel: string;
  /** The submit button's text while the write runs ("Saving…"); the submit label by default. */
  pendingLabel?: string;
  pending?: boolean;
  /** Destructive steps get the danger colour. */
  danger?: boolean;
  /** The way out; "Back" where "Cancel" would be ambiguous (next to "Cancel order"). */
  cancelLabel?: string;
  submitDisabled?: boolean;
  size?: keyof typeof WIDTHS;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Escape, the cancel button, or the browser closing the dialog. */
  onClose: () => void;
  children?: ReactNode;
}

/**
 * The admin's one dialog shell: a native modal <dialog> (focus moves in and stays, Escape
 * closes) holding a titled form with Cancel and submit buttons, both disabled while the write
 * runs. The form does not validate natively: each dialog shows its own field errors.
 */
export function FormDialog({
  open = true,
  title,
  description,
  error,
  submitLabel,
  pendingLabel,
  pending = false,
  danger = false,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  size = 'sm',
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const dialog = useControlledDialog(open);
  const id = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onClose={onClose}
      className={`m-auto max-h-[calc(100dvh-2rem)] ${WIDTHS[size]} rounded-2xl text-left border border-line bg-surface p-5 text-fg shadow-xl backdrop:bg-black/40 sm:p-6`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-strong">
        {title}
      </h2>
      {description && (
        <div id={`${id}-description`} className="mt-2 text-sm text-muted">
          {description}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
        className="mt-4 space-y-4"
      >
        {children}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={danger ? dangerButtonClass : 'btn-primary'}
            disabled={pending || submitDisabled}
          >
            {pending && pendingLabel ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
