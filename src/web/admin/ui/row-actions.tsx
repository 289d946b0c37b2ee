import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '#web/ui/icons.tsx';

/** A row action: an icon button whose words are its aria-label (which names the row) and its tooltip. */
interface RowActionProps {
  /** A stroke path of `#web/admin/shared/action-icons.ts` or the feature's own icons. */
  icon: string;
  /** "Delete SUMMER10": what a screen reader says, naming the row. */
  label: string;
  /** The tooltip: "Delete". */
  title: string;
}

/** A row action's look, for the rare one that is neither a button nor an admin link (a link to the storefront). */
export const rowActionClass = 'icon-btn size-8 text-muted hover:text-fg disabled:opacity-50';

/** A list row's action buttons, at the row's end (the table's last cell, the card's actions). */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-end gap-0.5">{children}</div>;
}

/** A row action that does something here. `danger` turns it red on hover (delete); `className` adds to the look. */
export function RowActionButton({
  icon,
  label,
  title,
  danger = false,
  disabled = false,
  className,
  onClick,
}: RowActionProps & { danger?: boolean; disabled?: boolean; className?: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={[rowActionClass, danger && 'hover:text-danger', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon d={icon} />
    </button>
  );
}

/** A row action that goes to a page of the admin (edit, usage). */
export function RowActionLink({ to, icon, label, title }: RowActionProps & { to: string }) {
  return (
    <Link to={to} className={rowActionClass} aria-label={label} title={title}>
      <Icon d={icon} />
    </Link>
  );
}
