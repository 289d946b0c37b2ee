import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ADDRESS_EDITABLE_STATUSES, type AdminOrder } from '#shared/contracts/admin-orders.ts';
import { formatPhone } from '#shared/phone.ts';
import { GOVERNORATE_NAMES, orderPaymentTerms, PAYMENT_METHOD_NAMES } from '#shared/shop-settings.ts';
import { useShopSettings } from '#web/lib/shop-settings.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { useOrderWrite } from './order-api.ts';

/** The order screen's side column: who, where, staff notes and refunds. */
export function CustomerCard({ order }: { order: AdminOrder }) {
  const { customer } = order;
  return (
    <DetailCard
      title="Customer"
      action={
        customer.id ? (
          <Link
            to={`/admin/customers/${customer.id}`}
            className="text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            View customer
          </Link>
        ) : null
      }
    >
      <p className="font-medium text-strong">{customer.name}</p>
      <p className="mt-1 text-sm">
        <a href={`tel:${customer.phone}`} className="underline-offset-4 hover:underline tabular-nums">
          {customer.phone ? formatPhone(customer.phone) : ''}
        </a>
      </p>
      {customer.email && (
        <p className="text-sm break-all">
          <a href={`mailto:${customer.email}`} className="underline-offset-4 hover:underline">
            {customer.email}
          </a>
        </p>
      )}
      {!customer.id && <p className="mt-2 text-xs text-muted">The customer record was deleted.</p>}
    </DetailCard>
  );
}

/**
 * Where the order goes, its zone and delivery cost, and how it is paid: the method and its
 * instructions as the shopper was told them at placement (an older order: the settings now).
 */
export function AddressCard({ order, onEdit }: { order: AdminOrder; onEdit: () => void }) {
  const address = order.shipping_address;
  const terms = useShopSettings();
  const current = terms.data?.payment_methods.find((entry) => entry.method === order.payment_method) ?? {
    label: PAYMENT_METHOD_NAMES[order.payment_method],
    instructions: '',
  };
  const payment = orderPaymentTerms(order, current);
  const editable = ADDRESS_EDITABLE_STATUSES.includes(order.status);
  return (
    <DetailCard
      title="Shipping address"
      action={
        editable ? (
          <button
            type="button"
            className="text-sm font-medium text-accent underline-offset-4 hover:underline"
            onClick={onEdit}
            aria-label="Edit shipping address"
          >
            Edit
          </button>
        ) : null
      }
    >
      <address className="text-sm not-italic">
        {address.street}
        {(address.building || address.floor) && (
          <span className="block">
            {[address.building, address.floor && `Floor ${address.floor}`].filter(Boolean).join(', ')}
          </span>
        )}
        <span className="block">{address.city}</span>
        {address.governorate && <span className="block">{GOVERNORATE_NAMES[address.governorate]}</span>}
      </address>
      {address.notes && <p className="mt-2 text-sm text-muted whitespace-pre-line">{address.notes}</p>}
      <dl className="mt-3 space-y-1 text-xs text-muted">
        <div>
          <dt className="inline">Delivery zone: </dt>
          <dd className="inline">
            {address.governorate ? GOVERNORATE_NAMES[address.governorate] : 'none (no delivery charged)'}
          </dd>
        </div>
        <div>
          <dt className="inline">Delivery cost: </dt>
          <dd className="inline tabular-nums">{order.shipping === 0 ? 'Free' : money(order.shipping)}</dd>
        </div>
        <div>
          <dt className="inline">Payment: </dt>
          <dd className="inline">{payment.label}</dd>
        </div>
      </dl>
      {payment.instructions && (
        <p className="mt-1 text-xs whitespace-pre-line text-muted" data-testid="payment-instructions">
          {payment.instructions}
        </p>
      )}
    </DetailCard>
  );
}

/** Staff-only notes, never shown to the customer. Keyed by the saved text, so a save resets the field. */
export function InternalNotes({ order }: { order: AdminOrder }) {
  const [text, setText] = useState(order.internal_notes ?? '');
  const write = useOrderWrite(order.id);
  const fieldId = useId();
  const dirty = text.trim() !== (order.internal_notes ?? '');
  return (
    <DetailCard title="Internal notes">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          write.mutate({
            kind: 'update',
            body: { internal_notes: text.trim() || null },
            success: 'Notes saved',
            failure: 'Could not save the notes',
          });
        }}
      >
        <label htmlFor={fieldId} className="sr-only">
          Internal notes
        </label>
        <textarea
          id={fieldId}
          value={text}
          maxLength={2000}
          rows={4}
          placeholder="Only staff see these notes."
          onChange={(event) => setText(event.target.value)}
          className={`${inputClass} mt-0 resize-y`}
        />
        <div className="mt-3 flex justify-end">
          <button type="submit" className="btn-secondary" disabled={!dirty || write.isPending}>
            {write.isPending ? 'Saving…' : 'Save notes'}
          </button>
        </div>
      </form>
    </DetailCard>
  );
}

export function RefundsCard({ order }: { order: AdminOrder }) {
  return (
    <DetailCard title="Refunds">
      <ul className="space-y-3 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            <p className="flex justify-between gap-3">
              <span className="font-medium text-strong tabular-nums">{money(refund.amount)}</span>
              <time dateTime={refund.created_at} className="text-xs text-muted">
                {formatDateTime(refund.created_at)}
              </time>
            </p>
            {refund.reason && <p className="text-muted">{refund.reason}</p>}
            {refund.created_by && <p className="text-xs text-muted">By {refund.created_by.name}</p>}
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}

/** How the parcel travels, as "Mark shipped" recorded it (docs/product.md#tracking). */
export function ShipmentCard({ shipment }: { shipment: NonNullable<AdminOrder['shipment']> }) {
  return (
    <DetailCard title="Shipment">
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="inline text-muted">Carrier: </dt>
          <dd className="inline">{shipment.carrier}</dd>
        </div>
        {shipment.tracking_number && (
          <div>
            <dt className="inline text-muted">Tracking number: </dt>
            <dd className="inline font-mono break-all">{shipment.tracking_number}</dd>
          </div>
        )}
      </dl>
      {shipment.tracking_url && (
        <a
          href={shipment.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-block text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Track the parcel<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </DetailCard>
  );
}
