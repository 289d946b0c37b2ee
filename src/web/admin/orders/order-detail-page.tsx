import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { AdminOrder } from '#shared/contracts/admin-orders.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { DetailCard, DetailColumns, DetailHeader, DetailPage } from '../ui/detail-layout.tsx';
import { formatDateTime } from '../ui/format.ts';
import { OrderStatusBadge, OutForDeliveryBadge, PaymentStatusBadge } from '../ui/status-badge.tsx';
import { AddressDialog } from './address-dialog.tsx';
import { orderQuery, useOrderWrite } from './order-api.ts';
import { OrderLines, Totals } from './order-lines.tsx';
import { MessagesCard } from './order-messages-card.tsx';
import { AddressCard, CustomerCard, InternalNotes, RefundsCard, ShipmentCard } from './order-side-cards.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { PackingSlip } from './packing-slip.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { restoreFocus } from './restore-focus.ts';
import { StatusActions } from './status-actions.tsx';

/** `/admin/orders/{id}`: one order with everything needed to take it from new to delivered. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const order = useQuery(orderQuery(id));
  return (
    <DetailPage query={order} noun="order" back={BACK} missingText="Check the link, or find the order in the list.">
      {(record) => <OrderDetail order={record} />}
    </DetailPage>
  );
}

const BACK = { to: '/admin/orders', label: 'All orders' };

function OrderDetail({ order }: { order: AdminOrder }) {
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
      <DetailHeader
        title={`Order ${order.order_number}`}
        back={BACK}
        meta={
          <>
            <span>
              Placed <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              {order.source === 'admin' ? ' by staff' : ''}
            </span>
            <OrderStatusBadge status={order.status} />
            {order.status === 'shipped' && order.out_for_delivery_at && <OutForDeliveryBadge />}
            <PaymentStatusBadge status={order.payment_status} />
          </>
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
      <DetailColumns
        main={
          <>
            <DetailCard title={`Items (${order.items.reduce((sum, item) => sum + item.quantity, 0)})`} flush>
              <OrderLines items={order.items} />
              <Totals order={order} />
            </DetailCard>
            {order.notes && (
              <DetailCard title="Customer's order notes">
                <p className="text-sm whitespace-pre-line">{order.notes}</p>
              </DetailCard>
            )}
          </>
        }
        side={
          <>
            <CustomerCard order={order} />
            <AddressCard order={order} onEdit={() => setDialog('address')} />
            {order.shipment && <ShipmentCard shipment={order.shipment} />}
            <InternalNotes key={order.internal_notes ?? ''} order={order} />
            {order.refunds.length > 0 && <RefundsCard order={order} />}
          </>
        }
        after={
          <>
            <MessagesCard orderId={order.id} />
            <DetailCard title="History">
              <OrderTimeline history={order.history} />
            </DetailCard>
          </>
        }
      />

      {dialog === 'refund' && <RefundDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'address' && <AddressDialog order={order} onClose={() => setDialog(null)} />}
      <PackingSlip order={order} />
    </>
  );
}
