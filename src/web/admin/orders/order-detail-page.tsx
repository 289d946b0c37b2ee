import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { formatDateTime } from '../ui/format.ts';
import { OrderStatusBadge, PaymentStatusBadge } from '../ui/status-badge.tsx';
import { AddressDialog } from './address-dialog.tsx';
import { orderQuery, useOrderWrite } from './order-api.ts';
import { Card } from './order-card.tsx';
import { OrderLines, Totals } from './order-lines.tsx';
import { AddressCard, CustomerCard, InternalNotes, RefundsCard } from './order-side-cards.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { PackingSlip } from './packing-slip.tsx';
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
