import type { ReactNode } from 'react';
import { useControlledDialog } from './use-controlled-dialog.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** Destructive actions get the danger colour. */
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirm step before a consequential action: a native modal dialog (focus trap, Escape). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useControlledDialog(open);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-title"
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-strong">
        {title}
      </h2>
      {children && <div className="mt-2 text-sm text-muted">{children}</div>}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}
          onClick={onConfirm}
          disabled={pending}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
