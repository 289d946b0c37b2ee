import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type AdminOrderListItem, canTransition, ORDER_STATUS_LABELS } from '#shared/contracts/admin-orders.ts';
import { BULK_ORDER_LIMIT, type BulkOrderStatus, type BulkOrderStatusResult } from '#shared/contracts/analytics.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/contracts/orders.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField } from '#web/ui/form-field.tsx';
import { adminPost } from '../auth/admin-api.ts';
import { BulkActionBar, countOf } from '../ui/bulk-action-bar.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { errorMessage, invalidateOrders } from './order-api.ts';

const NOUN = ['order', 'orders'] as const;

export const bulkUpdateOrders = (body: BulkOrderStatus) =>
  adminPost<BulkOrderStatusResult>('/admin/orders/bulk-update', body);

/** The toast after a bulk change: how many moved, and how many stayed (the panel under it says why). */
export function bulkStatusToast(result: BulkOrderStatusResult, status: OrderStatus) {
  const title = `${countOf(result.moved.length, NOUN)} moved to ${ORDER_STATUS_LABELS[status]}`;
  return result.refused.length === 0
    ? { variant: 'success' as const, title }
    : { variant: 'warning' as const, title: `${title}, ${result.refused.length} not moved` };
}

/**
 * The bar over the orders list while orders are ticked: "Change status" asks for the new status
 * (saying beforehand how many of the ticked orders may go there: ORDER_TRANSITIONS), then sends
 * them in one POST /admin/orders/bulk-update. Each order moves by the same rules as on its own
 * page; `onResult` gets the answer, which lists the orders that moved and why the others did not.
 */
export function OrderBulkActions({
  selected,
  onClear,
  onResult,
}: {
  /** The ticked orders of the page, with their current status. */
  selected: readonly AdminOrderListItem[];
  onClear: () => void;
  onResult: (result: BulkOrderStatusResult, status: OrderStatus) => void;
}) {
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const [status, setStatus] = useState<OrderStatus>('confirmed');
  const update = useMutation({
    mutationFn: bulkUpdateOrders,
    onSuccess: (result, body) => {
      setChoosing(false);
      toast(bulkStatusToast(result, body.status));
      onResult(result, body.status);
      onClear();
      void invalidateOrders(queryClient);
    },
    onError: (error) => toast({ variant: 'error', title: errorMessage(error, 'Could not change the orders’ status') }),
  });
  const movable = selected.filter((order) => canTransition(order.status, status));
  const tooMany = selected.length > BULK_ORDER_LIMIT;

  return (
    <BulkActionBar
      count={selected.length}
      noun={NOUN}
      pending={update.isPending}
      onClear={onClear}
      actions={[{ label: 'Change status', run: () => setChoosing(true) }]}
    >
      {choosing && (
        <FormDialog
          title={`Change the status of ${countOf(selected.length, NOUN)}`}
          description="Each order moves only along its allowed steps, as on its own page; the others stay as they are."
          submitLabel="Change status"
          pendingLabel="Changing…"
          pending={update.isPending}
          submitDisabled={movable.length === 0 || tooMany}
          onClose={() => setChoosing(false)}
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ order_ids: selected.map((order) => order.id), status });
          }}
        >
          <SelectField
            label="New status"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus)}
          >
            {ORDER_STATUSES.map((choice) => (
              <option key={choice} value={choice}>
                {ORDER_STATUS_LABELS[choice]}
              </option>
            ))}
          </SelectField>
          <p className="mt-3 text-sm" role="status">
            {movableText(selected, movable.length, status, tooMany)}
          </p>
        </FormDialog>
      )}
    </BulkActionBar>
  );
}

/** Said before the change: how many of the ticked orders may go to `status` (ORDER_TRANSITIONS). */
function movableText(selected: readonly AdminOrderListItem[], movable: number, status: OrderStatus, tooMany: boolean) {
  const to = ORDER_STATUS_LABELS[status];
  if (tooMany) return `At most ${BULK_ORDER_LIMIT} orders at once.`;
  const [only] = selected;
  if (selected.length === 1 && only) {
    return movable === 1
      ? `${only.order_number} can move to ${to}.`
      : `${only.order_number} cannot go to ${to} from ${ORDER_STATUS_LABELS[only.status]}.`;
  }
  if (movable === selected.length) return `All ${selected.length} orders can move to ${to}.`;
  return `${movable} of ${selected.length} can move to ${to}; the others cannot go there from their status.`;
}

/** What the last bulk change did: the orders that moved, and each one that did not with the server's reason. */
export function BulkStatusResult({
  result,
  status,
  onDismiss,
}: {
  result: BulkOrderStatusResult;
  status: OrderStatus;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-label="Status change result"
      className="mb-3 rounded-2xl border border-line bg-surface p-4 text-sm shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-strong">
          {countOf(result.moved.length, NOUN)} moved to {ORDER_STATUS_LABELS[status]}
          {result.refused.length > 0 && `, ${result.refused.length} not moved`}
        </h2>
        <button type="button" className="text-sm text-muted underline-offset-4 hover:underline" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {result.moved.length > 0 && (
        <p className="mt-1 text-muted">
          Moved:{' '}
          <span className="text-fg tabular-nums">{result.moved.map((order) => order.order_number).join(', ')}</span>
        </p>
      )}
      {result.refused.length > 0 && (
        <ul className="mt-2 space-y-1" aria-label="Not moved">
          {result.refused.map((order) => (
            <li key={order.id} className="[overflow-wrap:anywhere]">
              <span className="font-medium text-strong tabular-nums">{order.order_number ?? 'Unknown order'}</span>
              <span className="text-muted">: {order.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
