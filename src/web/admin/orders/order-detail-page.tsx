import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADDRESS_EDITABLE_STATUSES, type AdminOrder } from '#shared/contracts/admin-orders.ts';
import type { OrderItem } from '#shared/contracts/orders.ts';
import { srcSetFor } from '#shared/images.ts';
import { formatPhone } from '#shared/phone.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { inputClass } from '#web/ui/form-field.tsx';
import { Icon, imageIcon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { formatDateTime, money } from '../ui/format.ts';
import { ScrollTable } from '../ui/scroll-table.tsx';
import { AddressDialog } from './address-dialog.tsx';
import { orderQuery, useOrderWrite } from './order-api.ts';
import { OrderStatusBadge, PaymentStatusBadge } from './order-badges.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { PackingSlip, variationsText } from './packing-slip.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { restoreFocus } from './restore-focus.ts';
import { StatusActions } from './status-actions.tsx';

/** `/admin/orders/{id}`: one order with everything needed to take it from new to delivered. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const order = useQuery(orderQuery(id));

  const back = (
    <Link to="/admin/orders" className="text-sm font-medium text-accent underline-offset-4 hover:underline">
      ← All orders
    </Link>
  );
  if (order.isError) {
    const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <>
        <AdminPageHeader title={missing ? 'Order not found' : 'Order'} description={back} />
        {missing ? (
          <p className="text-sm text-muted">Check the link, or find the order in the list.</p>
        ) : (
          <InlineError title="Could not load the order" onRetry={() => void order.refetch()} />
        )}
      </>
    );
  }
  if (order.isPending) {
    return (
      <>
        <AdminPageHeader title="Order" description={back} />
        <div role="status" aria-label="Loading the order" className="card h-96 animate-pulse" />
      </>
    );
  }
  return <OrderDetail order={order.data} back={back} />;
}

function OrderDetail({ order, back }: { order: AdminOrder; back: ReactNode }) {
  const [dialog, setDialogState] = useState<'refund' | 'address' | null>(null);
  // The dialogs are mounted only while open, so the browser does not hand the focus back when one
  // goes: the page does, to the button that opened it (as the categories screen does).
  const opener = useRef<HTMLElement | null>(null);
  const setDialog = (next: 'refund' | 'address' | null) => {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialogState(next);
    if (!next) restoreFocus(opener.current);
  };
  const whatsapp = useOrderWrite(order.id);

  const sendWhatsApp = () =>
    whatsapp.mutate(
      { kind: 'whatsapp', success: 'WhatsApp message ready', failure: 'Could not prepare the WhatsApp message' },
      {
        onSuccess: (message) => {
          if (message && typeof message === 'object' && 'url' in message) {
            window.open(message.url, '_blank', 'noopener,noreferrer');
          }
        },
      },
    );

  return (
    <>
      <AdminPageHeader
        title={`Order ${order.order_number}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {back}
            <span aria-hidden="true">·</span>
            <span>
              Placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              {order.source === 'admin' ? ' by staff' : ''}
            </span>
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.payment_status} />
          </span>
        }
        actions={
          <>
            {getSiteConfig().features.whatsapp && order.customer.phone && (
              <button type="button" className="btn-secondary" onClick={sendWhatsApp} disabled={whatsapp.isPending}>
                {whatsapp.isPending ? 'Preparing…' : 'WhatsApp'}
              </button>
            )}
            <button type="button" className="btn-secondary" onClick={() => window.print()}>
              Print packing slip
            </button>
            {order.refundable_amount > 0 && (
              <button type="button" className="btn-secondary" onClick={() => setDialog('refund')}>
                Refund
              </button>
            )}
          </>
        }
      />

      <div className="mb-6">
        <StatusActions order={order} />
      </div>

      {/* Phones read it in the order of work: items, who and where, then the history. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="space-y-6 lg:col-start-1">
          <Card title={`Items (${order.items.reduce((sum, item) => sum + item.quantity, 0)})`} flush>
            <OrderLines items={order.items} />
            <Totals order={order} />
          </Card>
          {order.notes && (
            <Card title="Customer's order notes">
              <p className="text-sm whitespace-pre-line">{order.notes}</p>
            </Card>
          )}
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CustomerCard order={order} />
          <AddressCard order={order} onEdit={() => setDialog('address')} />
          <InternalNotes key={order.internal_notes ?? ''} order={order} />
          {order.refunds.length > 0 && <RefundsCard order={order} />}
        </div>
        <div className="lg:col-start-1">
          <Card title="History">
            <OrderTimeline history={order.history} />
          </Card>
        </div>
      </div>

      {dialog === 'refund' && <RefundDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'address' && <AddressDialog order={order} onClose={() => setDialog(null)} />}
      <PackingSlip order={order} />
    </>
  );
}

function Card({
  title,
  action,
  flush,
  children,
}: {
  title: string;
  action?: ReactNode;
  /** No padding around the body (tables run edge to edge). */
  flush?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card">
      <div className="flex items-center justify-between gap-3 px-5 pt-4 sm:px-6">
        <h2 id={id} className="text-base font-semibold text-strong">
          {title}
        </h2>
        {action}
      </div>
      <div className={flush ? 'mt-3' : 'px-5 pt-3 pb-5 sm:px-6'}>{children}</div>
    </section>
  );
}

function LineImage({ src }: { src: string | null }) {
  return src ? (
    <img
      src={src}
      srcSet={srcSetFor(src)}
      sizes="48px"
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="size-12 shrink-0 rounded-lg border border-line bg-white object-contain"
    />
  ) : (
    <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-subtle text-muted">
      <Icon d={imageIcon} />
    </span>
  );
}

function OrderLines({ items }: { items: readonly OrderItem[] }) {
  return (
    <>
      {/* Phones: one block per line. */}
      <ul aria-label="Order lines" className="divide-y divide-line border-t border-line md:hidden">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never move.
          <li key={index} className="flex gap-3 px-5 py-3">
            <LineImage src={item.image} />
            <div className="min-w-0 flex-1 text-sm">
              <LineName item={item} />
              <p className="mt-1 flex justify-between gap-2 tabular-nums">
                <span className="text-muted">
                  {item.quantity} × {money(item.unit_price)}
                </span>
                <span className="font-medium text-strong">{money(item.line_total)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <ScrollTable label="Order lines" className="hidden border-t border-line md:block">
        <table className="w-full text-left text-sm">
          <thead className="text-xs tracking-wide whitespace-nowrap text-muted uppercase">
            <tr>
              <th scope="col" className="py-3 pl-5">
                <span className="sr-only">Image</span>
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                Product
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                SKU
              </th>
              <th scope="col" className="px-5 py-3 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-5 py-3 text-right font-medium">
                Unit
              </th>
              <th scope="col" className="px-5 py-3 text-right font-medium">
                Line total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never move.
              <tr key={index}>
                <td className="w-12 py-3 pr-0 pl-5">
                  <LineImage src={item.image} />
                </td>
                <td className="px-5 py-3">
                  <LineName item={item} />
                </td>
                <td className="px-5 py-3 font-mono text-xs whitespace-nowrap">{item.sku ?? '—'}</td>
                <td className="px-5 py-3 text-right tabular-nums">{item.quantity}</td>
                <td className="px-5 py-3 text-right whitespace-nowrap tabular-nums">{money(item.unit_price)}</td>
                <td className="px-5 py-3 text-right font-medium whitespace-nowrap text-strong tabular-nums">
                  {money(item.line_total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}

function LineName({ item }: { item: OrderItem }) {
  const variations = variationsText(item.selectedVariations);
  return (
    <>
      {item.product_id ? (
        <Link
          to={`/admin/products/${item.product_id}`}
          className="font-medium text-strong underline-offset-4 hover:underline"
        >
          {item.name}
        </Link>
      ) : (
        <span className="font-medium text-strong">{item.name}</span>
      )}
      {variations && <span className="block text-xs text-muted">{variations}</span>}
      <span className="block font-mono text-xs text-muted md:hidden">{item.sku ?? ''}</span>
    </>
  );
}

function Totals({ order }: { order: AdminOrder }) {
  const rows: Array<[string, string, string?]> = [
    ['Subtotal', money(order.subtotal)],
    ...(order.discount > 0
      ? [
          [`Discount${order.promo_code ? ` (${order.promo_code})` : ''}`, `−${money(order.discount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Tax', money(order.tax)],
    ['Shipping', order.shipping === 0 ? 'Free' : money(order.shipping)],
  ];
  return (
    <dl className="space-y-1.5 border-t border-line px-5 py-4 text-sm sm:px-6">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold text-strong">
        <dt>Total</dt>
        <dd className="tabular-nums">{money(order.total)}</dd>
      </div>
      {order.refunded_amount > 0 && (
        <div className="flex justify-between gap-4 text-danger">
          <dt>Refunded</dt>
          <dd className="tabular-nums">−{money(order.refunded_amount)}</dd>
        </div>
      )}
    </dl>
  );
}

function CustomerCard({ order }: { order: AdminOrder }) {
  const { customer } = order;
  return (
    <Card
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
    </Card>
  );
}

function AddressCard({ order, onEdit }: { order: AdminOrder; onEdit: () => void }) {
  const address = order.shipping_address;
  const editable = ADDRESS_EDITABLE_STATUSES.includes(order.status);
  return (
    <Card
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
      </address>
      {address.notes && <p className="mt-2 text-sm text-muted whitespace-pre-line">{address.notes}</p>}
      <p className="mt-3 text-xs text-muted">Payment: cash on delivery</p>
    </Card>
  );
}

/** Staff-only notes, never shown to the customer. Keyed by the saved text, so a save resets the field. */
function InternalNotes({ order }: { order: AdminOrder }) {
  const [text, setText] = useState(order.internal_notes ?? '');
  const write = useOrderWrite(order.id);
  const fieldId = useId();
  const dirty = text.trim() !== (order.internal_notes ?? '');
  return (
    <Card title="Internal notes">
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
    </Card>
  );
}

function RefundsCard({ order }: { order: AdminOrder }) {
  return (
    <Card title="Refunds">
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
    </Card>
  );
}
