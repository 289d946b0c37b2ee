import { useRef, useState } from 'react';
import { type AdminOrder, ShipmentInputSchema } from '#shared/contracts/admin-orders.ts';
import type { OrderStatus } from '#shared/contracts/orders.ts';
import { OWN_DRIVER } from '#shared/contracts/settings.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { useOrderWrite } from './order-api.ts';
import { restoreFocus } from './restore-focus.ts';

/** How each move is offered (button and confirm), what the confirm step says, and the toast after it. */
const ACTIONS: Record<Exclude<OrderStatus, 'pending'>, { label: string; explain: string; done: string }> = {
  confirmed: {
    label: 'Confirm order',
    explain: 'Tell the team the order is accepted and can be prepared.',
    done: 'Order confirmed',
  },
  processing: { label: 'Start processing', explain: 'The order is being picked and packed.', done: 'Order processing' },
  shipped: {
    label: 'Mark shipped',
    explain: 'The parcel has left the shop. The address cannot be changed after this.',
    done: 'Order marked shipped',
  },
  delivered: { label: 'Mark delivered', explain: 'The customer has the parcel.', done: 'Order marked delivered' },
  cancelled: {
    label: 'Cancel order',
    explain: 'The items go back into stock. A cancelled order cannot be reopened.',
    done: 'Order cancelled',
  },
};

/** The delivery step of a shipped order (docs/product.md#out-for-delivery): not a status. */
const OUT_FOR_DELIVERY = {
  label: 'Out for delivery',
  explain: 'The parcel is with the driver today. The order stays shipped until you mark it delivered.',
  done: 'Order marked out for delivery',
};

type Pending =
  | { kind: 'status'; to: Exclude<OrderStatus, 'pending'> }
  | { kind: 'paid' }
  | { kind: 'out_for_delivery' };

/**
 * One button per transition the server allows now (`allowed_transitions`), "Out for delivery" for
 * a shipped order not yet out, and "Mark as paid" for an unpaid order that is still open. Each
 * asks first, with an optional note for the history.
 */
export function StatusActions({ order }: { order: AdminOrder }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  const shipment = useShipmentFields();
  const write = useOrderWrite(order.id);
  const opener = useRef<HTMLElement | null>(null);
  const moves = order.allowed_transitions.filter((to): to is Exclude<OrderStatus, 'pending'> => to !== 'pending');
  const canMarkPaid = order.payment_status === 'pending' && order.status !== 'cancelled';
  const canSendOut = order.status === 'shipped' && order.out_for_delivery_at === null;
  if (moves.length === 0 && !canMarkPaid) return null;

  const open = (next: Pending) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setNote('');
    shipment.reset();
    setPending(next);
  };
  const close = () => {
    setPending(null);
    restoreFocus(opener.current);
  };
  const confirm = () => {
    if (!pending) return;
    const trimmed = note.trim();
    // Shipping names the carrier (docs/product.md#tracking): checked by the shared contract first.
    const shipped = pending.kind === 'status' && pending.to === 'shipped' ? shipment.validated() : undefined;
    if (shipped === null) return;
    if (pending.kind === 'out_for_delivery') {
      write.mutate(
        {
          kind: 'out_for_delivery',
          body: trimmed ? { note: trimmed } : {},
          success: OUT_FOR_DELIVERY.done,
          failure: 'Could not mark the order out for delivery',
        },
        { onSettled: close },
      );
      return;
    }
    const body =
      pending.kind === 'paid'
        ? { payment_status: 'paid' as const, ...(trimmed ? { note: trimmed } : {}) }
        : { status: pending.to, ...(trimmed ? { note: trimmed } : {}), ...(shipped ? { shipment: shipped } : {}) };
    const texts =
      pending.kind === 'paid'
        ? { success: 'Order marked as paid', failure: 'Could not mark the order as paid' }
        : { success: ACTIONS[pending.to].done, failure: 'Could not change the order status' };
    write.mutate({ kind: 'update', body, ...texts }, { onSettled: close });
  };

  const action =
    pending?.kind === 'status' ? ACTIONS[pending.to] : pending?.kind === 'out_for_delivery' ? OUT_FOR_DELIVERY : null;
  const danger = pending?.kind === 'status' && pending.to === 'cancelled';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {canSendOut && (
          <button type="button" className="btn-secondary" onClick={() => open({ kind: 'out_for_delivery' })}>
            {OUT_FOR_DELIVERY.label}
          </button>
        )}
        {moves.map((to) =>
          to === 'cancelled' ? null : (
            <button key={to} type="button" className="btn-primary" onClick={() => open({ kind: 'status', to })}>
              {ACTIONS[to].label}
            </button>
          ),
        )}
        {canMarkPaid && (
          <button type="button" className="btn-secondary" onClick={() => open({ kind: 'paid' })}>
            Mark as paid
          </button>
        )}
        {moves.includes('cancelled') && (
          <button
            type="button"
            className="btn text-danger ring-1 ring-danger/40 hover:bg-red-50 dark:hover:bg-red-950/40"
            onClick={() => open({ kind: 'status', to: 'cancelled' })}
          >
            Cancel order
          </button>
        )}
      </div>
      <FormDialog
        open={pending !== null}
        title={
          pending?.kind === 'out_for_delivery'
            ? `Mark ${order.order_number} out for delivery?`
            : action
              ? `${action.label} ${order.order_number}?`
              : `Mark ${order.order_number} as paid?`
        }
        description={action ? action.explain : 'Record that the customer has paid for this order.'}
        submitLabel={action ? action.label : 'Mark as paid'}
        // Next to "Cancel order", a plain "Cancel" would be ambiguous.
        cancelLabel="Back"
        danger={danger}
        pending={write.isPending}
        onClose={close}
        onSubmit={confirm}
      >
        {pending?.kind === 'status' && pending.to === 'shipped' && <ShipmentFields fields={shipment} />}
        <TextAreaField
          label="Note"
          optional
          // A cancellation mail gives the note as its reason (docs/product.md#order-mails-to-the-shopper).
          hint={
            danger
              ? "Kept in the order's history, and sent to the customer as the reason."
              : "Kept in the order's history."
          }
          value={note}
          maxLength={500}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </FormDialog>
    </>
  );
}

type ShipmentFieldName = 'carrier' | 'tracking_number' | 'tracking_url';

/**
 * The carrier, tracking number and link "Mark shipped" asks for (docs/product.md#tracking): the
 * carriers from the shop's settings (shipping), then "Own driver". Checked with the shared
 * contract before sending; errors show under their fields.
 */
function useShipmentFields() {
  const [values, setValues] = useState<Record<ShipmentFieldName, string>>({
    carrier: '',
    tracking_number: '',
    tracking_url: '',
  });
  const [errors, setErrors] = useState<Partial<Record<ShipmentFieldName, string>>>({});
  const carriers = [...(useShopSettings().data?.delivery.carriers ?? []), OWN_DRIVER];
  return {
    values,
    errors,
    carriers,
    set: (name: ShipmentFieldName, value: string) => setValues((current) => ({ ...current, [name]: value })),
    reset: () => {
      setValues({ carrier: '', tracking_number: '', tracking_url: '' });
      setErrors({});
    },
    /** The shipment to send, or null (errors shown) when the contract refuses it. */
    validated: () => {
      const parsed = ShipmentInputSchema.safeParse({
        carrier: values.carrier,
        tracking_number: values.tracking_number || undefined,
        tracking_url: values.tracking_url || undefined,
      });
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as Partial<
          Record<ShipmentFieldName, string>
        >,
      );
      return null;
    },
  };
}

function ShipmentFields({ fields }: { fields: ReturnType<typeof useShipmentFields> }) {
  return (
    <div className="grid gap-4">
      <SelectField
        label="Carrier"
        value={fields.values.carrier}
        error={fields.errors.carrier}
        onChange={(event) => fields.set('carrier', event.target.value)}
      >
        <option value="">Choose the carrier</option>
        {fields.carriers.map((carrier) => (
          <option key={carrier} value={carrier}>
            {carrier}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Tracking number"
        optional
        autoComplete="off"
        maxLength={100}
        value={fields.values.tracking_number}
        error={fields.errors.tracking_number}
        onChange={(event) => fields.set('tracking_number', event.target.value)}
      />
      <TextField
        label="Tracking link"
        optional
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="The carrier's page for this parcel. The customer sees it on their order."
        maxLength={500}
        value={fields.values.tracking_url}
        error={fields.errors.tracking_url}
        onChange={(event) => fields.set('tracking_url', event.target.value)}
      />
    </div>
  );
}
