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

type Confirming = Pick<ConfirmDialogProps, 'open' | 'pending' | 'onConfirm' | 'onCancel'>;

/**
 * The props a ConfirmDialog takes to confirm `mutation` on one chosen item (a row's Delete,
 * Restore, …): open while `target` is set, the mutation's pending state, and Cancel clearing it.
 */
export function confirmingTarget<T>(target: T | null, clear: () => void, mutation: TargetMutation<T>): Confirming {
  const confirm = () => target !== null && mutation.mutate(target);
  return { open: target !== null, pending: mutation.isPending, onConfirm: confirm, onCancel: clear };
}

interface TargetMutation<T> {
  isPending: boolean;
  mutate: (target: T) => void;
}
