import { PAYMENT_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import type { StockState } from '#shared/contracts/admin-products.ts';
import type { OrderStatus, PaymentStatus } from '#shared/contracts/orders.ts';

/** Colour-coded pills; the word is always shown, so colour never carries the meaning alone. */
const ORDER_STATUS_STYLE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  confirmed: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  processing: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200',
  shipped: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  cancelled: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function Badge({ className, children }: { className: string; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${className}`}
    >
      {children}
    </span>
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge className={ORDER_STATUS_STYLE[status]}>{status}</Badge>;
}

/** A shipped order whose parcel is with the driver (docs/product.md#out-for-delivery): a step, beside its status. */
export function OutForDeliveryBadge() {
  return (
    <Badge className="normal-case! bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200">
      Out for delivery
    </Badge>
  );
}

/** Payment pills: unpaid needs attention (amber), refunds are grey or orange, paid is green. */
const PAYMENT_STYLE: Record<PaymentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  partially_refunded: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  refunded: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge className={`normal-case! ${PAYMENT_STYLE[status]}`}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

/** `inactiveLabel`: what "off" is called on the screen (an account is disabled, a product or category inactive). */
export function ActiveBadge({ active, inactiveLabel = 'Disabled' }: { active: boolean; inactiveLabel?: string }) {
  return (
    <Badge
      className={
        active
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
          : 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'
      }
    >
      {active ? 'Active' : inactiveLabel}
    </Badge>
  );
}

const STOCK_BADGE: Record<StockState, { label: string; className: string } | null> = {
  in: null,
  low: { label: 'Low', className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  out: { label: 'Out', className: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
};

/** Only the states that need attention get a pill: low and out of stock. */
export function StockBadge({ state }: { state: StockState }) {
  const badge = STOCK_BADGE[state];
  return badge ? <Badge className={badge.className}>{badge.label}</Badge> : null;
}

/** Demo content the seed wrote and nobody changed (docs/product.md#demo-data): "Remove demo data" deletes it. */
export function DemoBadge() {
  return <Badge className="bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200">Demo</Badge>;
}
