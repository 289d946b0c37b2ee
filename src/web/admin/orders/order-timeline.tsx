import { ORDER_STATUS_LABELS, type OrderEventKind, type OrderHistoryEntry } from '#shared/contracts/admin-orders.ts';
import { formatDateTime } from '../ui/format.ts';

const KIND_LABELS: Record<OrderEventKind, string> = {
  status: 'Status changed',
  refund: 'Refund',
  whatsapp: 'WhatsApp message sent',
  update: 'Order edited',
  out_for_delivery: 'Out for delivery',
};

const DOT: Record<OrderEventKind, string> = {
  status: 'bg-accent',
  refund: 'bg-orange-500',
  whatsapp: 'bg-emerald-500',
  update: 'bg-zinc-400',
  out_for_delivery: 'bg-violet-500',
};

/** What happened, in words: a status move reads "Pending → Confirmed"; the first entry is the order being placed. */
function describe(entry: OrderHistoryEntry): string {
  const to = ORDER_STATUS_LABELS[entry.to_status];
  if (entry.kind === 'status') {
    return entry.from_status ? `${ORDER_STATUS_LABELS[entry.from_status]} → ${to}` : `Order placed (${to})`;
  }
  return KIND_LABELS[entry.kind];
}

/** Null means the shopper's checkout (the first entry) or an admin account since deleted. */
function actor(entry: OrderHistoryEntry): string {
  if (entry.changed_by) return entry.changed_by.name;
  return entry.from_status === null && entry.kind === 'status' ? 'Customer' : 'Deleted user';
}

/** The order's history, oldest first, as the server keeps it (who, when, from, to, note). */
export function OrderTimeline({ history }: { history: readonly OrderHistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-muted">Nothing has happened to this order yet.</p>;
  const entries = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <ol className="relative space-y-4 border-l border-line pl-5">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-surface ${DOT[entry.kind]}`}
          />
          <p className="text-sm font-medium text-strong">{describe(entry)}</p>
          <p className="text-xs text-muted">
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
            {' · '}
            {actor(entry)}
          </p>
          {/* The server may note what the heading already says ("WhatsApp message sent"): once is enough. */}
          {entry.note && entry.note !== describe(entry) && (
            <p className="mt-1 text-sm whitespace-pre-line">{entry.note}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
