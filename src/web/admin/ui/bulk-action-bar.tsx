import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface BulkAction {
  label: string;
  /** Runs the action; with `confirm`, only once the admin confirms. A promise keeps the dialog open until it settles. */
  run: () => unknown;
  /** The confirm step of a consequential action (delete, deactivate). */
  confirm?: { title: string; body: ReactNode; confirmLabel?: string; danger?: boolean };
  /** Destructive: the button is drawn in the danger colour. */
  danger?: boolean;
}

export const countOf = (count: number, noun: readonly [string, string]) =>
  `${count} ${count === 1 ? noun[0] : noun[1]}`;

/**
 * The bar over a list while rows are selected: how many, one button per action, and "Clear
 * selection". Actions with a confirm step ask first in a ConfirmDialog. `children` is for
 * dialogs of the page's own (an action that needs a value).
 */
export function BulkActionBar({
  count,
  noun,
  actions,
  pending = false,
  onClear,
  children,
}: {
  count: number;
  noun: readonly [string, string];
  actions: readonly BulkAction[];
  pending?: boolean;
  onClear: () => void;
  children?: ReactNode;
}) {
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const confirm = async () => {
    if (!confirming) return;
    try {
      await confirming.run();
      setConfirming(null);
    } catch {
      // The action reports its own failure (a toast); the dialog stays for another try or Cancel.
    }
  };

  return (
    <section
      aria-label="Bulk actions"
      className="sticky top-18 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-2xl border border-accent bg-accent-soft p-3 shadow-sm"
    >
      <p className="mr-auto pl-1 text-sm font-semibold text-strong" aria-live="polite">
        {countOf(count, noun)} selected
      </p>
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={
            action.danger
              ? 'btn px-3 py-1.5 text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40'
              : 'btn-secondary px-3 py-1.5'
          }
          disabled={pending}
          onClick={() => (action.confirm ? setConfirming(action) : action.run())}
        >
          {action.label}
        </button>
      ))}
      <button
        type="button"
        className="px-2 py-1.5 text-sm text-muted underline-offset-4 hover:underline"
        onClick={onClear}
      >
        Clear selection
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.confirm?.title ?? ''}
        confirmLabel={confirming?.confirm?.confirmLabel ?? confirming?.label ?? ''}
        danger={confirming?.confirm?.danger}
        pending={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      >
        {confirming?.confirm?.body}
      </ConfirmDialog>
      {children}
    </section>
  );
}
