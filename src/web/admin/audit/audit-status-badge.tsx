import { AUDIT_STATUS_LABELS, type AuditStatus } from '#shared/contracts/audit.ts';
import { Badge } from '../ui/status-badge.tsx';

const STYLE: Record<AuditStatus, string> = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  failure: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** An entry's outcome: a refused attempt stands out in red; the word is always there. */
export function AuditStatusBadge({ status }: { status: AuditStatus }) {
  return <Badge className={STYLE[status]}>{AUDIT_STATUS_LABELS[status]}</Badge>;
}
