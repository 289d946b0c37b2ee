import { PAYMENT_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import type { PaymentStatus } from '#shared/contracts/orders.ts';
import { Badge } from '../ui/status-badge.tsx';

export { OrderStatusBadge } from '../ui/status-badge.tsx';

/** Payment pills: unpaid needs attention (amber), refunds are grey, paid is green. The word is always shown. */
const PAYMENT_STYLE: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  partially_refunded: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  refunded: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge className={`normal-case! ${PAYMENT_STYLE[status]}`}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}
