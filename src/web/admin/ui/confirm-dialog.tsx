import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog.tsx';

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

/** The confirm step before a consequential action: the form dialog with nothing to fill in. */
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
  return (
    <FormDialog
      open={open}
      title={title}
      description={children}
      submitLabel={confirmLabel}
      danger={danger}
      pending={pending}
      onSubmit={onConfirm}
      onClose={onCancel}
    />
  );
}
